import { groupThousands } from '@ajo/money/format';

/** How long the server honours a card quote at most; a longer `expires_at` means clocks disagree. */
export const CARD_QUOTE_LIFETIME_MS = 60_000;

/**
 * When a quote stops being honoured, on this browser's clock. The server's `expires_at` is on the
 * server's clock; when the two disagree by more than a quote's life (a wrong device clock, or the
 * sandbox clock moved forward), the quote is given its full life from when it arrived.
 */
export function quoteDeadlineMs(
  expiresAt: string,
  receivedAtMs: number,
  lifetimeMs: number = CARD_QUOTE_LIFETIME_MS,
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

/**
 * The sentence of a refusal that is about the quote (it ran out, was used, or belongs to another
 * amount): the server names it at `quote_id`. Undefined for any other refusal, which is shown
 * as it is.
 */
export function quoteRefusalMessage(
  errors: readonly { path: string; message: string }[],
): string | undefined {
  return errors.find((error) => error.path === 'quote_id')?.message;
}
