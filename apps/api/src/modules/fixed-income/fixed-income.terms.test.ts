import { describe, expect, it } from 'vitest';
import {
  addMonths,
  endOfMonth,
  grossInterestMinor,
  maturityDate,
  paymentDates,
  paymentSchedule,
} from './fixed-income.terms.ts';

describe('fixed-income terms', () => {
  it('when months are added, then the day is clamped to the month and the schedule never drifts', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 12)).toBe('2027-08-31');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(maturityDate('2026-01-05', 91, 'days')).toBe('2026-04-06');
    expect(
      paymentDates({ startOn: '2026-08-31', maturityOn: '2028-08-31', couponMonths: 6 }),
    ).toEqual(['2027-02-28', '2027-08-31', '2028-02-29', '2028-08-31']);
  });

  it('when interest is worked out, then a bill earns actual/365 and a bond rate/2 a coupon, half up', () => {
    const bill = {
      principalMinor: 10_000_000n,
      rateBps: 1750,
      startOn: '2026-01-05',
      maturityOn: '2026-04-06',
      couponMonths: null,
      withholdingTax: false,
    };
    // 10,000,000 × 17.5% × 91 / 365 = 436,301.37 → 436,301.
    expect(grossInterestMinor(bill)).toBe(436_301n);
    const bond = {
      principalMinor: 12_345_678n,
      rateBps: 2050,
      startOn: '2026-01-05',
      maturityOn: '2029-01-05',
      couponMonths: 6,
      withholdingTax: true,
    };
    // 12,345,678 × 20.5% / 2 = 1,265,431.995 → 1,265,432; tax 126,543.2 → 126,543.
    const schedule = paymentSchedule(bond);
    expect(schedule).toHaveLength(6);
    expect(schedule[0]).toMatchObject({
      kind: 'coupon',
      grossMinor: 1_265_432n,
      taxMinor: 126_543n,
      netMinor: 1_138_889n,
      totalMinor: 1_138_889n,
    });
    expect(schedule[5]).toMatchObject({ kind: 'maturity', totalMinor: 12_345_678n + 1_138_889n });
  });
});
