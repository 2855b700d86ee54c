import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatNairaRate,
  QUOTE_LIFETIME_MS,
  quoteDeadlineMs,
  quoteRefusalOf,
  secondsLeft,
} from './dollar-quote.ts';

const received = Date.parse('2026-11-27T10:00:00.000Z');

describe('quoteDeadlineMs', () => {
  it('when the clocks agree, then the quote ends at its expires_at', () => {
    expect(quoteDeadlineMs('2026-11-27T10:00:45.000Z', received)).toBe(received + 45_000);
  });

  it('when the server clock is far ahead or behind, then the quote gets its full life', () => {
    expect(quoteDeadlineMs('2026-11-28T10:01:00.000Z', received)).toBe(
      received + QUOTE_LIFETIME_MS,
    );
    expect(quoteDeadlineMs('2026-11-27T09:59:00.000Z', received)).toBe(
      received + QUOTE_LIFETIME_MS,
    );
    expect(quoteDeadlineMs('not a date', received)).toBe(received + QUOTE_LIFETIME_MS);
  });
});

describe('countdown', () => {
  it('rounds the seconds left up and stops at 0', () => {
    expect(secondsLeft(received + 59_001, received)).toBe(60);
    expect(secondsLeft(received + 1_000, received)).toBe(1);
    expect(secondsLeft(received, received + 5_000)).toBe(0);
  });

  it('reads as minutes and seconds', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(45)).toBe('0:45');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('formatNairaRate', () => {
  it('groups the naira and keeps at least two decimals', () => {
    expect(formatNairaRate('1550.00')).toBe('₦1,550.00');
    expect(formatNairaRate('1550.5')).toBe('₦1,550.50');
    expect(formatNairaRate('1600')).toBe('₦1,600.00');
    expect(formatNairaRate('1550.1234')).toBe('₦1,550.1234');
  });
});

describe('quoteRefusalOf', () => {
  const quoteErrors = [
    {
      path: 'quote_id',
      message:
        'The rate you confirmed has expired. Confirm the new rate to continue: $100.00 costs ₦160,000.00 at ₦1,600.00 per $1.',
    },
    { path: 'quote.id', message: '7f8a1c2e-4b5d-4e6f-8a9b-0c1d2e3f4a5b' },
    { path: 'quote.side', message: 'buy' },
    { path: 'quote.amount', message: '100.00' },
    { path: 'quote.currency', message: 'USD' },
    { path: 'quote.rate', message: '1600.00' },
    { path: 'quote.naira_amount', message: '160000.00' },
    { path: 'quote.fee', message: '0.00' },
    { path: 'quote.total', message: '160000.00' },
    { path: 'quote.expires_at', message: '2026-11-27T10:01:00.000Z' },
  ];

  it('when the 409 carries a new quote, then it answers the sentence and the quote', () => {
    const refusal = quoteRefusalOf(quoteErrors);
    expect(refusal?.message).toMatch(/^The rate you confirmed has expired/);
    expect(refusal?.quote).toMatchObject({ rate: '1600.00', total: '160000.00', side: 'buy' });
  });

  it('when the errors are not a quote refusal, then it answers undefined', () => {
    expect(quoteRefusalOf([{ path: 'amount', message: 'Amount must be at least $50' }])).toBe(
      undefined,
    );
    expect(quoteRefusalOf(quoteErrors.filter((error) => error.path !== 'quote.rate'))).toBe(
      undefined,
    );
  });
});
