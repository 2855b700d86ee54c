import { describe, expect, it } from 'vitest';
import { addMonths, estimateOrder } from './order-estimate.ts';

describe('a fixed-income order estimate', () => {
  it('when a 91-day bill is estimated, then it matches the server to the kobo with no tax', () => {
    const estimate = estimateOrder(
      {
        tenor: 91,
        tenor_unit: 'days',
        rate_bps: 1750,
        coupon_schedule: 'at_maturity',
        withholding_tax: false,
      },
      10_000_000n,
      '2026-01-05',
    );
    expect(estimate).toMatchObject({
      maturityDate: '2026-04-06',
      payments: 1,
      grossPerPaymentMinor: 436_301n,
      taxPerPaymentMinor: 0n,
      totalMinor: 10_436_301n,
    });
  });

  it('when a taxed semi-annual bond is estimated, then each coupon is rate/2 less 10%', () => {
    const estimate = estimateOrder(
      {
        tenor: 36,
        tenor_unit: 'months',
        rate_bps: 2050,
        coupon_schedule: 'semi_annual',
        withholding_tax: true,
      },
      12_345_678n,
      '2026-01-05',
    );
    expect(estimate).toMatchObject({
      maturityDate: '2029-01-05',
      firstPaymentDate: '2026-07-05',
      payments: 6,
      grossPerPaymentMinor: 1_265_432n,
      taxPerPaymentMinor: 126_543n,
      netTotalMinor: 6n * 1_138_889n,
    });
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
  });
});
