import { fxQuoteSchema, type FxQuote } from '@ajo/contracts/dollar';
import { groupThousands } from '@ajo/money/format';

/** How long the server honours a quote (GET /savings/dollar/quote: 60 seconds). */
export const QUOTE_LIFETIME_MS = 60_000;

/**
 * When a quote stops being honoured, on this browser's clock. The server's `expires_at` is on the
 * server's clock; when the two clocks disagree by more than a quote's life (a wrong device clock,
 * or the sandbox clock moved forward), the quote is given its full life from when it arrived.
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

export interface QuoteRefusal {
  /** The sentence to show (the error at path `quote_id`). */
  message: string;
  /** The new quote the server made for the same amount, to confirm instead. */
  quote: FxQuote;
}

/**
 * A 409 refusal of a missing, expired, used or mismatched quote carries a new quote field by
 * field (`quote.id`, `quote.rate`, …) and the sentence to show at `quote_id`. Answers both, or
 * undefined when the errors are not such a refusal.
 */
export function quoteRefusalOf(
  errors: readonly { path: string; message: string }[],
): QuoteRefusal | undefined {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const error of errors) {
    if (error.path === 'quote_id') message = error.message;
    else if (error.path.startsWith('quote.')) fields[error.path.slice(6)] = error.message;
  }
  const parsed = fxQuoteSchema.safeParse(fields);
  if (message === undefined || !parsed.success) return undefined;
  return { message, quote: parsed.data };
}
