import { useEffect, useRef, useState } from 'react';
import { groupThousands } from '@ajo/money/format';

/*
 * What every quote screen shares (a commodity trade, a dollar conversion, a card movement): the
 * server honours a quote for a minute, the screen counts it down on this browser's clock, and a
 * naira rate reads the same everywhere.
 */

/** How long the server honours a quote at most; a longer `expires_at` means clocks disagree. */
export const QUOTE_LIFETIME_MS = 60_000;

/**
 * When a quote stops being honoured, on this browser's clock. The server's `expires_at` is on the
 * server's clock; when the two disagree by more than a quote's life (a wrong device clock, or the
 * sandbox clock moved forward), the quote is given its full life from when it arrived.
 */
export function quoteDeadlineMs(
  expiresAt: string,
  receivedAtMs: number,
  lifetimeMs: number = QUOTE_LIFETIME_MS,
): number {
  const remainingMs = Date.parse(expiresAt) - receivedAtMs;
  if (Number.isNaN(remainingMs) || remainingMs <= 0 || remainingMs > lifetimeMs) {
    return receivedAtMs + lifetimeMs;
  }
  return receivedAtMs + remainingMs;
}

/** Whole seconds left before the deadline, rounded up, never below 0. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** 45 → "0:45", 60 → "1:00". */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60))}:${String(whole % 60).padStart(2, '0')}`;
}

/** A rate in naira per $1 as a person reads it: "1550.5" → "₦1,550.50", "1550.1234" kept. */
export function formatNairaRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  return `₦${groupThousands(whole.replace(/^0+(?=\d)/, ''))}.${fraction.padEnd(2, '0')}`;
}

const TICK_MS = 250;

/**
 * Seconds the quote is still honoured, counted from when it arrived (see quoteDeadlineMs). When
 * they run out, `onExpired` runs once for that quote (the owner asks for a new one).
 */
export function useQuoteSecondsLeft(
  quote: { id: string; expires_at: string } | undefined,
  onExpired: () => void,
): number {
  const [left, setLeft] = useState<{ id: string; seconds: number } | undefined>();
  const expiredRef = useRef(onExpired);
  useEffect(() => {
    expiredRef.current = onExpired;
  });
  const id = quote?.id;
  const expiresAt = quote?.expires_at;
  useEffect(() => {
    if (id === undefined || expiresAt === undefined) return;
    const deadline = quoteDeadlineMs(expiresAt, Date.now());
    const timer = setInterval(() => {
      const seconds = secondsLeft(deadline, Date.now());
      setLeft({ id, seconds });
      if (seconds === 0) {
        clearInterval(timer);
        expiredRef.current();
      }
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [id, expiresAt]);
  if (!quote || left?.id !== quote.id) return QUOTE_LIFETIME_MS / 1000;
  return left.seconds;
}
