import { describe, expect, it } from 'vitest';
import { tabIndexAfterKey } from './tab-keys.ts';

describe('tabIndexAfterKey', () => {
  it('moves with the arrow keys and wraps round at either end', () => {
    expect(tabIndexAfterKey('ArrowRight', 0, 4)).toBe(1);
    expect(tabIndexAfterKey('ArrowDown', 1, 4)).toBe(2);
    expect(tabIndexAfterKey('ArrowRight', 3, 4)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 4)).toBe(3);
    expect(tabIndexAfterKey('ArrowUp', 2, 4)).toBe(1);
    expect(tabIndexAfterKey('ArrowLeft', 0, 2)).toBe(1);
  });

  it('jumps to the first tab with Home and the last with End', () => {
    expect(tabIndexAfterKey('Home', 2, 4)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 4)).toBe(3);
  });

  it('leaves every other key alone', () => {
    expect(tabIndexAfterKey('Enter', 1, 4)).toBeUndefined();
    expect(tabIndexAfterKey(' ', 1, 4)).toBeUndefined();
    expect(tabIndexAfterKey('Tab', 1, 4)).toBeUndefined();
    expect(tabIndexAfterKey('a', 1, 4)).toBeUndefined();
  });
});
