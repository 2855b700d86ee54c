import { describe, expect, it } from 'vitest';
import { absMinor, applyBasisPoints, divideRounded, sumMinor } from './arithmetic.ts';

describe('applyBasisPoints', () => {
  it('when the share is exact, then every rounding gives the same result', () => {
    // 1.5% of ₦1,000.00 is ₦15.00
    for (const rounding of ['half-up', 'down', 'up'] as const) {
      expect(applyBasisPoints(100000n, 150n, rounding)).toBe(1500n);
    }
  });

  it('when the share is exactly half a kobo, then half-up rounds up and down truncates', () => {
    // 50 bps (0.5%) of 100 kobo is 0.5 kobo
    expect(applyBasisPoints(100n, 50n, 'half-up')).toBe(1n);
    expect(applyBasisPoints(100n, 50n, 'down')).toBe(0n);
    expect(applyBasisPoints(100n, 50n, 'up')).toBe(1n);
  });

  it('when the share is just under half a kobo, then half-up rounds down and up still rounds up', () => {
    expect(applyBasisPoints(99n, 50n, 'half-up')).toBe(0n);
    expect(applyBasisPoints(99n, 50n, 'up')).toBe(1n);
  });

  it('when the amount is negative, then rounding mirrors the positive amount', () => {
    expect(applyBasisPoints(-100n, 50n, 'half-up')).toBe(-1n);
    expect(applyBasisPoints(-100n, 50n, 'down')).toBe(0n);
    expect(applyBasisPoints(-99n, 50n, 'up')).toBe(-1n);
  });

  it('when bps is 10,000 or 0, then the whole amount or nothing is returned', () => {
    expect(applyBasisPoints(12345n, 10_000n, 'down')).toBe(12345n);
    expect(applyBasisPoints(12345n, 0n, 'up')).toBe(0n);
  });

  it('when bps is given as a whole number, then it is the same as the bigint', () => {
    expect(applyBasisPoints(100000n, 150, 'half-up')).toBe(1500n);
  });

  it('when bps is a fractional or unsafe number, then it is refused', () => {
    expect(() => applyBasisPoints(100n, 1.5, 'down')).toThrow(RangeError);
    expect(() => applyBasisPoints(100n, Number.NaN, 'down')).toThrow(RangeError);
    expect(() => applyBasisPoints(100n, 2 ** 60, 'down')).toThrow(RangeError);
  });

  it('when the amount is huge, then the result stays exact', () => {
    expect(applyBasisPoints(10n ** 30n + 1n, 1n, 'up')).toBe(10n ** 26n + 1n);
  });
});

describe('divideRounded', () => {
  it('when the divisor is odd, then half-up compares the doubled remainder', () => {
    expect(divideRounded(4n, 3n, 'half-up')).toBe(1n);
    expect(divideRounded(5n, 3n, 'half-up')).toBe(2n);
  });

  it('when the divisor is zero or negative, then it is refused', () => {
    expect(() => divideRounded(1n, 0n, 'down')).toThrow(RangeError);
    expect(() => divideRounded(1n, -1n, 'down')).toThrow(RangeError);
  });
});

describe('sumMinor and absMinor', () => {
  it('when amounts are summed, then the total is exact', () => {
    expect(sumMinor([10n, 20n, -5n])).toBe(25n);
    expect(sumMinor([])).toBe(0n);
    expect(sumMinor(new Set([10n ** 20n, 1n]))).toBe(10n ** 20n + 1n);
  });

  it('when the amount is negative, then absMinor drops the sign', () => {
    expect(absMinor(-5n)).toBe(5n);
    expect(absMinor(5n)).toBe(5n);
    expect(absMinor(0n)).toBe(0n);
  });
});
