import { describe, expect, it } from 'vitest';
import { abbreviateAmount } from './abbreviate.ts';

/** Lets tests state amounts in naira and kobo, as the product rule does. */
function naira(wholeNaira: bigint, kobo = 0n): bigint {
  return wholeNaira * 100n + kobo;
}

describe('abbreviateAmount below 1,000', () => {
  it('when the value is zero, then it is "0"', () => {
    expect(abbreviateAmount(0n)).toBe('0');
  });

  it('when the value is whole, then it has no decimals', () => {
    expect(abbreviateAmount(naira(999n))).toBe('999');
    expect(abbreviateAmount(naira(5n))).toBe('5');
  });

  it('when the value has kobo, then it shows two decimals', () => {
    expect(abbreviateAmount(naira(12n, 50n))).toBe('12.50');
    expect(abbreviateAmount(1n)).toBe('0.01');
  });

  it('when the value is 999.99, then it is not abbreviated', () => {
    expect(abbreviateAmount(naira(999n, 99n))).toBe('999.99');
  });
});

describe('abbreviateAmount with k', () => {
  it('when the value is exactly 1,000, then it is "1k"', () => {
    expect(abbreviateAmount(naira(1_000n))).toBe('1k');
  });

  it('when the value is 1,500, then trailing zeros are trimmed to "1.5k"', () => {
    expect(abbreviateAmount(naira(1_500n))).toBe('1.5k');
  });

  it('when the value needs rounding, then half rounds up', () => {
    expect(abbreviateAmount(naira(1_005n))).toBe('1.01k');
    expect(abbreviateAmount(naira(1_004n, 99n))).toBe('1k');
    expect(abbreviateAmount(naira(1_234n))).toBe('1.23k');
  });

  it('when the value is 999,999, then it rounds into the next unit as "1m"', () => {
    expect(abbreviateAmount(naira(999_999n))).toBe('1m');
    expect(abbreviateAmount(naira(999_995n))).toBe('1m');
  });

  it('when the value is just under the rounding edge, then it stays in k', () => {
    expect(abbreviateAmount(naira(999_994n, 99n))).toBe('999.99k');
  });
});

describe('abbreviateAmount with m and b', () => {
  it('when the value is exactly 1,000,000, then it is "1m"', () => {
    expect(abbreviateAmount(naira(1_000_000n))).toBe('1m');
  });

  it('when the value is 2,345,678, then it is "2.35m"', () => {
    expect(abbreviateAmount(naira(2_345_678n))).toBe('2.35m');
  });

  it('when the value is exactly 1,000,000,000, then it is "1b"', () => {
    expect(abbreviateAmount(naira(1_000_000_000n))).toBe('1b');
  });

  it('when the value is 999,999,999, then it rounds into "1b"', () => {
    expect(abbreviateAmount(naira(999_999_999n))).toBe('1b');
  });

  it('when the value is thousands of billions, then b is kept and grouped', () => {
    expect(abbreviateAmount(naira(1_234_500_000_000n))).toBe('1,234.5b');
    expect(abbreviateAmount(naira(10n ** 15n))).toBe('1,000,000b');
  });
});

describe('abbreviateAmount with negatives', () => {
  it('when the value is negative, then the sign leads and rounding mirrors the positive', () => {
    expect(abbreviateAmount(-naira(1_500n))).toBe('-1.5k');
    expect(abbreviateAmount(-naira(1_005n))).toBe('-1.01k');
    expect(abbreviateAmount(-naira(999n))).toBe('-999');
    expect(abbreviateAmount(-1n)).toBe('-0.01');
  });
});
