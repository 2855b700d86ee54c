import { describe, expect, it } from 'vitest';
import type { SavingRecord } from '@ajo/contracts/savings';
import {
  activeInvestedMinor,
  dollarAmountError,
  dollarWithdrawError,
  formatEnGbDate,
  fundedMinor,
  newestFirst,
} from './dollar-investments.ts';

function record(amount: string, active: boolean, createdAt: string): SavingRecord {
  return {
    id: `s-${createdAt}`,
    amount,
    saving_order: {
      id: `o-${createdAt}`,
      amount,
      currency: 'USD',
      status: active ? 'active' : 'matured',
      meta: {
        reason: 'Dollar investment',
        start_date: '2026-11-27',
        maturity_date: '2027-05-26',
        duration: '180 days',
        duration_id: '180d',
        duration_days: 180,
        percentage_yield: 4,
      },
      saving: { id: 'dollar', name: 'Dollar Investment', slug: 'dollar', active, rate: 4 },
      accrued_interest: '0.00',
      projected: {
        gross_interest: '0.00',
        withholding_tax: '0.00',
        net_interest: '0.00',
        payout: amount,
      },
      target: null,
      predefined_target_id: null,
      paid: null,
      created_at: createdAt,
    },
  };
}

describe('dollarAmountError', () => {
  it('leaves an empty box alone while typing and asks for it on submit', () => {
    expect(dollarAmountError('', 'typing')).toBeUndefined();
    expect(dollarAmountError('', 'submit')).toBe('Enter the amount in dollars');
  });

  it('refuses zero and amounts below $50', () => {
    expect(dollarAmountError('0', 'submit')).toBe('Please enter a valid number');
    expect(dollarAmountError('49.99', 'typing')).toBe('Amount must be at least $50');
    expect(dollarAmountError('50', 'submit')).toBeUndefined();
    expect(dollarAmountError('1k', 'submit')).toBeUndefined();
  });
});

describe('dollar totals', () => {
  const records = [
    record('100.00', true, '2026-11-20T10:00:00.000Z'),
    record('50.50', false, '2026-05-20T10:00:00.000Z'),
    record('250.25', true, '2026-11-26T23:30:00.000Z'),
  ];

  it('sums the running investments for the Portfolio Balance, exactly', () => {
    expect(activeInvestedMinor(records)).toBe(35_025n);
    expect(activeInvestedMinor([])).toBe(0n);
  });

  it('sums every funded investment for the Invested Amount', () => {
    expect(fundedMinor(records)).toBe(40_075n);
  });

  it('lists the newest investment first', () => {
    expect(newestFirst(records).map((item) => item.amount)).toEqual(['250.25', '100.00', '50.50']);
  });
});

describe('formatEnGbDate', () => {
  it('writes the Lagos day as dd/mm/yyyy', () => {
    expect(formatEnGbDate('2026-11-26T23:30:00.000Z')).toBe('27/11/2026');
    expect(formatEnGbDate('2026-09-05T08:07:00.000Z')).toBe('05/09/2026');
    expect(formatEnGbDate('nope')).toBe('');
  });
});

describe('dollarWithdrawError', () => {
  it('asks for an amount, refuses zero and more than the wallet holds', () => {
    expect(dollarWithdrawError('', 10_000n)).toBe('Enter the amount in dollars');
    expect(dollarWithdrawError('0', 10_000n)).toBe('Please enter a valid number');
    expect(dollarWithdrawError('100.01', 10_000n)).toBe('Your dollar wallet holds $100.00');
    expect(dollarWithdrawError('100', 10_000n)).toBeUndefined();
  });
});
