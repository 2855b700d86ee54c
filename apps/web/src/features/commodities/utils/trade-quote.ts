import { commodityQuoteSchema, type CommodityQuote } from '@ajo/contracts/commodities';

/** How long the server honours a quote (POST /commodities/quotes: 60 seconds). */
export const QUOTE_LIFETIME_MS = 60_000;

/**
 * When a quote stops being honoured, on this browser's clock. When the server's clock and this
 * one disagree by more than a quote's life (a wrong device clock, or the sandbox clock moved
 * forward), the quote is given its full life from when it arrived.
 */
export function quoteDeadlineMs(expiresAt: string, receivedAtMs: number): number {
  const remainingMs = Date.parse(expiresAt) - receivedAtMs;
  if (Number.isNaN(remainingMs) || remainingMs <= 0 || remainingMs > QUOTE_LIFETIME_MS) {
    return receivedAtMs + QUOTE_LIFETIME_MS;
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

/** "1.5000" → "1.5", "2.0000" → "2": units as people read them. */
export function readableUnits(units: string): string {
  return units.includes('.') ? units.replace(/0+$/, '').replace(/\.$/, '') : units;
}

export interface TradeQuoteRefusal {
  /** The sentence to show (the error at path `quote_id`). */
  message: string;
  /** The new quote the server made for the same trade, to confirm instead. */
  quote: CommodityQuote;
}

/**
 * A 409 refusal of a missing, expired, used or mismatched quote carries a new quote field by
 * field (`quote.id`, `quote.price`, …) and the sentence to show at `quote_id`. Answers both, or
 * undefined when the errors are not such a refusal.
 */
export function tradeQuoteRefusalOf(
  errors: readonly { path: string; message: string }[],
): TradeQuoteRefusal | undefined {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const error of errors) {
    if (error.path === 'quote_id') message = error.message;
    else if (error.path.startsWith('quote.')) fields[error.path.slice(6)] = error.message;
  }
  const quote = commodityQuoteSchema.safeParse(fields);
  return message !== undefined && quote.success ? { message, quote: quote.data } : undefined;
}
