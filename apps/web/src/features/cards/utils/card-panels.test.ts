import { describe, expect, it } from 'vitest';
import { cardPanelSearch } from './card-panels.ts';

describe('the money panels in the address', () => {
  it('when a panel opens, then it is added to the search and other parameters stay', () => {
    expect(cardPanelSearch('', 'create')).toBe('?a=create-card');
    expect(cardPanelSearch('?x=1', 'fund')).toBe('?x=1&a=fund-card');
    expect(cardPanelSearch('?a=fund-card', 'withdraw')).toBe('?a=withdraw-card');
  });
});
