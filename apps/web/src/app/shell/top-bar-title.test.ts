import { describe, expect, it } from 'vitest';
import { topBarTitle } from './top-bar-title.ts';

describe('topBarTitle', () => {
  it('when the path is the root, then the title is Home', () => {
    expect(topBarTitle('/')).toBe('Home');
  });

  it('when the path has segments, then the first one is capitalised', () => {
    expect(topBarTitle('/wallet')).toBe('Wallet');
    expect(topBarTitle('/savings/target-savings/42')).toBe('Savings');
    expect(topBarTitle('/settings/profile')).toBe('Settings');
  });

  it('when the segment has hyphens, then they read as spaces', () => {
    expect(topBarTitle('/bills-payment')).toBe('Bills payment');
  });
});
