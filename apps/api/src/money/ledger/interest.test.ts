import { describe, expect, it } from 'vitest';
import { dailyInterestMinor } from './interest.ts';

describe('daily interest', () => {
  it('when the exact value ends in a half kobo, then it rounds up', () => {
    // 1,825 kobo at 10% for a day is exactly 0.5 kobo.
    expect(dailyInterestMinor(1_825n, 1_000n)).toBe(1n);
  });

  it('when the exact value is just under a half kobo, then it rounds down', () => {
    expect(dailyInterestMinor(1_824n, 1_000n)).toBe(0n);
  });

  it('when ₦1,000,000 earns 10% a year, then a day is ₦273.97', () => {
    expect(dailyInterestMinor(100_000_000n, 1_000n)).toBe(27_397n);
  });

  it('when the balance is negative, then it is refused', () => {
    expect(() => dailyInterestMinor(-1n, 1_000n)).toThrow(RangeError);
  });
});
