import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatNairaRate,
  quoteDeadlineMs,
  quoteRefusalMessage,
  secondsLeft,
} from './card-quote.ts';

describe('card quotes on screen', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z');

  it('when the server and browser clocks agree, then the countdown ends at the quote’s expiry', () => {
    expect(quoteDeadlineMs('2026-11-27T10:00:45.000Z', now)).toBe(now + 45_000);
    expect(secondsLeft(now + 45_000, now)).toBe(45);
    expect(formatCountdown(45)).toBe('0:45');
  });

  it('when the clocks disagree or the expiry is unreadable, then the quote gets a full minute from arrival', () => {
    expect(quoteDeadlineMs('2026-11-27T09:00:00.000Z', now)).toBe(now + 60_000);
    expect(quoteDeadlineMs('2026-11-28T10:00:00.000Z', now)).toBe(now + 60_000);
    expect(quoteDeadlineMs('not a date', now)).toBe(now + 60_000);
  });

  it('when time runs, then the seconds round up and never go below zero', () => {
    expect(secondsLeft(now + 1_500, now)).toBe(2);
    expect(secondsLeft(now + 1, now)).toBe(1);
    expect(secondsLeft(now, now)).toBe(0);
    expect(secondsLeft(now - 5_000, now)).toBe(0);
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('when a rate is shown, then it is in naira with grouping and at least two decimals', () => {
    expect(formatNairaRate('1550.5')).toBe('₦1,550.50');
    expect(formatNairaRate('1550')).toBe('₦1,550.00');
    expect(formatNairaRate('1550.1234')).toBe('₦1,550.1234');
    expect(formatNairaRate('0450.00')).toBe('₦450.00');
  });

  it('when the server refuses a quote, then its sentence at quote_id is found; other refusals are not quote refusals', () => {
    expect(
      quoteRefusalMessage([
        { path: 'amount', message: 'Enter the amount in dollars' },
        { path: 'quote_id', message: 'That quote does not exist or has expired' },
      ]),
    ).toBe('That quote does not exist or has expired');
    expect(quoteRefusalMessage([{ path: '', message: 'Your wallet balance is too low' }])).toBe(
      undefined,
    );
    expect(quoteRefusalMessage([])).toBe(undefined);
  });
});
