import { describe, expect, it } from 'vitest';
import type { SavingRecord } from '@ajo/contracts/savings';
import {
  formatYield,
  recordsOfProduct,
  termProgressPercent,
  totalSavedMinor,
} from './savings-totals.ts';

function record(amount: string, slug: string): SavingRecord {
  return {
    id: `saving-${amount}`,
    amount,
    saving_order: {
      id: `order-${amount}`,
      amount,
      currency: 'NGN',
      status: 'active',
      meta: {
        reason: '',
        start_date: '2026-11-27',
        maturity_date: '2026-12-27',
        duration: '30 days',
        duration_id: 'd30',
        duration_days: 30,
        percentage_yield: 10,
      },
      saving: { id: 'fixed', name: 'Fixed', slug, active: true, rate: 10 },
      accrued_interest: '0.00',
      projected: {
        gross_interest: '410.95',
        withholding_tax: '41.10',
        net_interest: '369.85',
        payout: '50369.85',
      },
      target: null,
      predefined_target_id: null,
      paid: null,
      created_at: '2026-11-27T09:00:00.000Z',
    },
  };
}

describe('savings totals', () => {
  it('when plans are added up, then kobo are kept exactly', () => {
    expect(totalSavedMinor([record('50000.10', 'fixed'), record('0.20', 'fixed')])).toBe(
      5_000_030n,
    );
    expect(totalSavedMinor([])).toBe(0n);
  });

  it('when plans of several products are listed, then each product keeps its own', () => {
    const records = [record('1000.00', 'fixed'), record('2000.00', 'target_saving')];
    expect(recordsOfProduct(records, 'fixed').map((item) => item.amount)).toEqual(['1000.00']);
  });

  it('when part of the interest is booked, then the progress is its share of the gross', () => {
    expect(termProgressPercent('205.47', '410.95')).toBe(49);
    expect(termProgressPercent('0.00', '410.95')).toBe(0);
    expect(termProgressPercent('500.00', '410.95')).toBe(100);
    expect(termProgressPercent('1.00', '0.00')).toBe(0);
  });

  it('when the yield is shown, then it follows the spec\'s "%pa"', () => {
    expect(formatYield(10)).toBe('10%pa');
    expect(formatYield(8.5)).toBe('8.5%pa');
  });
});
