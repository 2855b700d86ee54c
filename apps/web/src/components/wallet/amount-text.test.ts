import { describe, expect, it } from 'vitest';
import { caretAfterSignificant, groupAmountText } from './amount-text.ts';

describe('groupAmountText', () => {
  it('when the box is empty, then it stays empty', () => {
    expect(groupAmountText('')).toBe('');
  });

  it('when the amount has thousands, then they are grouped with commas', () => {
    expect(groupAmountText('5000')).toBe('5,000');
    expect(groupAmountText('1234567.5')).toBe('1,234,567.5');
    expect(groupAmountText('100')).toBe('100');
  });

  it('when a point is being typed, then it is kept as typed', () => {
    expect(groupAmountText('12000.')).toBe('12,000.');
    expect(groupAmountText('0.')).toBe('0.');
    expect(groupAmountText('.5')).toBe('0.5');
  });
});

describe('caretAfterSignificant', () => {
  it('when a comma appears before the caret, then the caret moves past it', () => {
    // "1234|" typed into "123": four significant characters stay before the caret.
    expect(caretAfterSignificant('1,234', 4)).toBe(5);
    // "12|34": the caret stays between the 2 and the 3.
    expect(caretAfterSignificant('1,234', 2)).toBe(3);
  });

  it('when the caret is at the start or past the end, then it is clamped', () => {
    expect(caretAfterSignificant('1,234', 0)).toBe(0);
    expect(caretAfterSignificant('1,234', 9)).toBe(5);
  });
});
