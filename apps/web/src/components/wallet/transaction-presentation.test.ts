import { describe, expect, it } from 'vitest';
import {
  feeLineText,
  formatShortLagosDate,
  isAwaitingCardPayment,
  onHoldLine,
  transactionStatusText,
} from './transaction-presentation.ts';

const now = new Date('2026-12-01T10:00:00Z');

describe('onHoldLine', () => {
  it('when part of a credit is still held, then it says how much is on hold and why', () => {
    expect(
      onHoldLine(
        {
          on_hold_amount: '10000.00',
          on_hold_released_amount: '0.00',
          on_hold_released_at: null,
          currency: 'NGN',
        },
        now,
      ),
    ).toEqual({ state: 'held', text: '₦10,000.00 on hold (above your limit)' });
  });

  it('when the held part was released, then it says so with the Lagos day, not "on hold"', () => {
    expect(
      onHoldLine(
        {
          on_hold_amount: '10000.00',
          on_hold_released_amount: '10000.00',
          on_hold_released_at: '2026-11-24T09:30:00.000Z',
          currency: 'NGN',
        },
        now,
      ),
    ).toEqual({ state: 'released', text: '₦10,000.00 released on 24 Nov' });
  });

  it('when it was released at 23:30 UTC, then the day is the next one, as in Lagos', () => {
    expect(
      onHoldLine(
        {
          on_hold_amount: '10000.00',
          on_hold_released_amount: '10000.00',
          on_hold_released_at: '2026-11-23T23:30:00.000Z',
          currency: 'NGN',
        },
        now,
      )?.text,
    ).toBe('₦10,000.00 released on 24 Nov');
  });

  it('when the balance cap let part of it in, then it says what is still held and what was released', () => {
    expect(
      onHoldLine(
        {
          on_hold_amount: '20000.00',
          on_hold_released_amount: '4000.00',
          on_hold_released_at: null,
          currency: 'NGN',
        },
        now,
      ),
    ).toEqual({
      state: 'held',
      text: '₦16,000.00 on hold (above your limit), ₦4,000.00 released',
    });
  });

  it('when nothing was held, then there is no line', () => {
    expect(
      onHoldLine(
        {
          on_hold_amount: '0.00',
          on_hold_released_amount: '0.00',
          on_hold_released_at: null,
          currency: 'NGN',
        },
        now,
      ),
    ).toBeNull();
  });
});

describe('feeLineText', () => {
  const base = { fee: '25.00', currency: 'NGN' } as const;
  it('when money went out, then the fee is said to be on top', () => {
    expect(feeLineText({ ...base, direction: 'debit', type: 'trade', channel: 'wallet' })).toBe(
      'Plus ₦25.00 fee',
    );
  });
  it('when money came in less its fee, then the amount is said to be after it', () => {
    expect(feeLineText({ ...base, direction: 'credit', type: 'trade', channel: 'wallet' })).toBe(
      'After ₦25.00 fee',
    );
  });
  it('when a card top-up paid a card fee, then it is named so', () => {
    expect(feeLineText({ ...base, direction: 'credit', type: 'deposit', channel: 'card' })).toBe(
      'Card fee ₦25.00',
    );
  });
  it('when there is no fee, then there is no line', () => {
    expect(
      feeLineText({ ...base, fee: '0.00', direction: 'debit', type: 'bill', channel: 'wallet' }),
    ).toBeNull();
  });
});

describe('formatShortLagosDate', () => {
  it('when the day is in this Lagos year, then the year is left out', () => {
    expect(formatShortLagosDate('2026-11-24T12:00:00Z', now)).toBe('24 Nov');
  });

  it('when the day is in an earlier year, then the year is shown', () => {
    expect(formatShortLagosDate('2025-11-24T12:00:00Z', now)).toBe('24 Nov 2025');
  });

  it('when the text is not a date, then nothing is shown', () => {
    expect(formatShortLagosDate('soon', now)).toBe('');
  });
});

describe('isAwaitingCardPayment', () => {
  const cardTopUp = {
    type: 'deposit',
    channel: 'card',
    status: 'pending',
    direction: 'credit',
  } as const;

  it('when a card top-up is pending, then it awaits payment and reads so, not as "Pending"', () => {
    expect(isAwaitingCardPayment(cardTopUp)).toBe(true);
    expect(transactionStatusText(cardTopUp)).toBe('Awaiting card payment');
  });

  it('when it was paid, cancelled, or is another pending movement, then it does not', () => {
    expect(isAwaitingCardPayment({ ...cardTopUp, status: 'successful' })).toBe(false);
    expect(isAwaitingCardPayment({ ...cardTopUp, status: 'cancelled' })).toBe(false);
    expect(isAwaitingCardPayment({ ...cardTopUp, channel: 'bank_transfer' })).toBe(false);
    const withdrawal = { ...cardTopUp, type: 'withdrawal', channel: 'bank_transfer' } as const;
    expect(isAwaitingCardPayment(withdrawal)).toBe(false);
    expect(transactionStatusText(withdrawal)).toBe('Pending');
  });
});
