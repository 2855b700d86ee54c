import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { isApiError } from './api-client.ts';
import { formatMoneyText, moneyTextToMinor } from './money-text.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** The quote is asked for once typing pauses this long. */
const QUOTE_DEBOUNCE_MS = 400;

/** What every server quote of a money form carries. */
export interface AmountQuote {
  amount: string;
  minimum: string;
  maximum: string | null;
}

/**
 * The amount box of a form that moves money (a withdrawal, a card top-up, a bill), and the
 * server's quote (fee, total, limits) for it: asked for once typing settles, shown dimmed while
 * the next one loads. Only a quote for exactly the amount in the box can be confirmed, never a
 * stale one.
 */
export function useQuotedAmount<Quote extends AmountQuote>(
  useQuote: (amountMinor: bigint | null) => UseQueryResult<Quote>,
  /** What the box starts with (an amount carried back from a failed payment, say). */
  initialText = '',
) {
  const [amountText, setAmountText] = useState(initialText);
  const amountMinor = currencyInputToMinor(amountText);
  const settledMinor = useDebouncedValue(amountMinor, QUOTE_DEBOUNCE_MS);
  const quote = useQuote(settledMinor);

  const isSettled = settledMinor === amountMinor;
  const quoteMatchesBox =
    isSettled &&
    !quote.isPlaceholderData &&
    quote.data !== undefined &&
    moneyTextToMinor(quote.data.amount) === amountMinor;
  const serverError = isSettled && quote.isError ? quote.error.message : undefined;
  const readError =
    isSettled && quote.isError && !isAmountRefusal(quote.error) ? quote.error : null;
  const zeroAmountError = amountMinor === 0n ? 'Enter an amount greater than ₦0' : undefined;
  const hasAmount = amountMinor !== null && amountMinor > 0n;
  return {
    amountText,
    setAmountText,
    amountMinor,
    /** The latest quote, for the limits hint (it may be for an earlier amount). */
    latestQuote: quote.data,
    /** The quote to show in the summary: none without an amount or after a refusal. */
    shownQuote: hasAmount && serverError === undefined ? quote.data : undefined,
    /** The quote that may be confirmed: for exactly the amount in the box. */
    currentQuote: quoteMatchesBox ? quote.data : undefined,
    /** Every failure, at the amount: a refusal of it, and a quote that could not be read. */
    fieldError: zeroAmountError ?? serverError,
    /** What is wrong with the amount itself: 0, or the server's refusal of it (a 4xx). */
    amountError: zeroAmountError ?? (readError === null ? serverError : undefined),
    /**
     * The quote could not be read (no answer, a failure on the server's side): nothing is wrong
     * with the amount, and asking again (`quoteRead.refetch`) may work.
     */
    quoteRead: { error: readError, refetch: quote.refetch },
    isUpdating: hasAmount && (!isSettled || quote.isFetching),
  };
}

/**
 * Whether a failed quote is the server refusing the amount (below the minimum, above a limit): a
 * 4xx, other than a timeout or too many requests, which asking again later can get past.
 */
export function isAmountRefusal(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** The limits a quote names: a bill's also says what is left of today's limit. */
export interface QuotedLimits {
  minimum: string;
  maximum: string | null;
  daily_remaining?: string | null;
}

/**
 * "Minimum ₦100.00, maximum ₦50,000.00 per withdrawal.", with "₦45,000.00 left of today's limit."
 * when the quote says so, or `fallback` before any quote. A maximum of ₦0.00 (the account's tier
 * allows none of it) is no range to type in: the page says what to do instead, so `fallback`.
 */
export function limitsHint(limits: QuotedLimits | undefined, fallback: string, unit: string) {
  if (!limits || (limits.maximum !== null && moneyTextToMinor(limits.maximum) === 0n)) {
    return fallback;
  }
  const minimum = `Minimum ${formatMoneyText(limits.minimum)}`;
  const range =
    limits.maximum === null
      ? `${minimum} per ${unit}.`
      : `${minimum}, maximum ${formatMoneyText(limits.maximum)} per ${unit}.`;
  return limits.daily_remaining === null || limits.daily_remaining === undefined
    ? range
    : `${range} ${formatMoneyText(limits.daily_remaining)} left of today's limit.`;
}
