import { describe, expect, it } from 'vitest';
import { estimateFixedPlan, rateToBasisPoints } from './fixed-plan-estimate.ts';

describe('estimateFixedPlan', () => {
  it('when ₦50,000 is fixed for 30 days at 10% p.a., then it names gross, 10% tax and net', () => {
    const estimate = estimateFixedPlan({
      principalMinor: 5_000_000n,
      ratePercent: 10,
      days: 30,
      startDate: '2026-11-27',
    });
    // 50,000 × 10% × 30 / 365 = 410.958… → ₦410.96, half up once, as the server books it.
    expect(estimate.grossInterestMinor).toBe(41_096n);
    expect(estimate.withholdingTaxMinor).toBe(4_110n);
    expect(estimate.netInterestMinor).toBe(36_986n);
    expect(estimate.payoutMinor).toBe(5_036_986n);
    expect(estimate.maturityDate).toBe('2026-12-27');
  });

  it('when the exact interest ends in half a kobo or more, then it rounds up as the server books it', () => {
    // 50,000 × 6.75% × 30 / 365 = 277.397… → ₦277.40 (the closed form of interest.ts).
    expect(
      estimateFixedPlan({
        principalMinor: 5_000_000n,
        ratePercent: 6.75,
        days: 30,
        startDate: '2026-11-27',
      }).grossInterestMinor,
    ).toBe(27_740n);
  });

  it('when the rate has decimals, then it is read exactly in basis points', () => {
    expect(rateToBasisPoints(8.25)).toBe(825n);
    expect(rateToBasisPoints(0.1 + 0.2)).toBe(30n);
  });

  it('when the term crosses a year end and a leap day, then the calendar is followed', () => {
    expect(
      estimateFixedPlan({
        principalMinor: 100_000n,
        ratePercent: 10,
        days: 365,
        startDate: '2027-12-31',
      }).maturityDate,
    ).toBe('2028-12-30');
  });
});
