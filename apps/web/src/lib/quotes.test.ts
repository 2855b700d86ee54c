import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatNairaRate,
  QUOTE_LIFETIME_MS,
  quoteDeadlineMs,
  secondsLeft,
} from './quotes.ts';

const received = Date.parse('2026-11-27T10:00:00.000Z');

describe('quoteDeadlineMs', () => {
  it('when the clocks agree, then the quote ends at its expires_at', () => {
    expect(quoteDeadlineMs('2026-11-27T10:00:45.000Z', received)).toBe(received + 45_000);
  });

  it('when the server clock is far ahead or behind, or the expiry is unreadable, then the quote gets its full life', () => {
    expect(QUOTE_LIFETIME_MS).toBe(60_000);
    expect(quoteDeadlineMs('2026-11-28T10:01:00.000Z', received)).toBe(
      received + QUOTE_LIFETIME_MS,
    );
    expect(quoteDeadlineMs('2026-11-28T10:00:00.000Z', received)).toBe(received + 60_000);
    expect(quoteDeadlineMs('2026-11-27T09:59:00.000Z', received)).toBe(
      received + QUOTE_LIFETIME_MS,
    );
    expect(quoteDeadlineMs('2026-11-27T09:00:00.000Z', received)).toBe(received + 60_000);
    expect(quoteDeadlineMs('not a date', received)).toBe(received + QUOTE_LIFETIME_MS);
  });
});

describe('countdown', () => {
  it('rounds the seconds left up and stops at 0', () => {
    expect(secondsLeft(received + 59_001, received)).toBe(60);
    expect(secondsLeft(received + 45_000, received)).toBe(45);
    expect(secondsLeft(received + 1_500, received)).toBe(2);
    expect(secondsLeft(received + 1_000, received)).toBe(1);
    expect(secondsLeft(received + 1, received)).toBe(1);
    expect(secondsLeft(received, received)).toBe(0);
    expect(secondsLeft(received, received + 5_000)).toBe(0);
  });

  it('reads as minutes and seconds', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(45)).toBe('0:45');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('formatNairaRate', () => {
  it('groups the naira and keeps at least two decimals', () => {
    expect(formatNairaRate('1550.00')).toBe('₦1,550.00');
    expect(formatNairaRate('1550.5')).toBe('₦1,550.50');
    expect(formatNairaRate('1550')).toBe('₦1,550.00');
    expect(formatNairaRate('1600')).toBe('₦1,600.00');
    expect(formatNairaRate('1550.1234')).toBe('₦1,550.1234');
    expect(formatNairaRate('0450.00')).toBe('₦450.00');
  });
});
