import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrueDay,
  closedFormInterestMinor,
  dailyInterestMinor,
  interestUnitsPerMinor,
} from './interest.ts';

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

describe('accrual with the remainder carried', () => {
  const accrue = (balances: readonly bigint[], rateBps: bigint) => {
    let carry = 0n;
    let booked = 0n;
    for (const balance of balances) {
      const day = accrueDay(balance, rateBps, carry);
      booked += day.interestMinor;
      carry = day.carry;
      // Never more than half a kobo either side of the exact interest.
      expect(carry * 2n <= interestUnitsPerMinor && carry * 2n >= -interestUnitsPerMinor).toBe(
        true,
      );
    }
    return booked;
  };

  it('when a plan accrues day by day over any term, then the sum is the closed form to the kobo', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000_000_00n }),
        fc.bigInt({ min: 0n, max: 5_000n }),
        fc.integer({ min: 1, max: 1_100 }),
        (principal, rate, days) => {
          const booked = accrue(Array<bigint>(days).fill(principal), rate);
          expect(booked).toBe(closedFormInterestMinor(principal, rate, BigInt(days)));
        },
      ),
      { numRuns: 300, seed: 20261125 },
    );
  });

  it('when the balance changes from day to day, then the sum is the exact sum rounded half up once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 50_000_000_00n }), { minLength: 1, maxLength: 400 }),
        fc.bigInt({ min: 0n, max: 5_000n }),
        (balances, rate) => {
          const exact = balances.reduce((sum, balance) => sum + balance * rate, 0n);
          expect(accrue(balances, rate)).toBe(
            (exact * 2n + interestUnitsPerMinor) / (2n * interestUnitsPerMinor),
          );
        },
      ),
      { numRuns: 300, seed: 20261126 },
    );
  });

  it('when ₦50,000 is fixed for 30 days at 10%, then it earns ₦410.96 in all', () => {
    expect(accrue(Array<bigint>(30).fill(50_000_00n), 1_000n)).toBe(41_096n);
  });
});
