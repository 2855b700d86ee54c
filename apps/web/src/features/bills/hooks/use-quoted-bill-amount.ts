import { useState } from 'react';
import type { BillType } from '@ajo/contracts/bills';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { useBillQuote } from '../api/get-bill-quote.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** The quote is asked for once typing pauses this long. */
const QUOTE_DEBOUNCE_MS = 400;

/**
 * The amount box of a bill form and the server's quote for it (fee, total, limits): asked for
 * once typing settles, shown dimmed while the next one loads. Only a quote for exactly the amount
 * in the box can be confirmed, never a stale one.
 */
export function useQuotedBillAmount(type: BillType) {
  const [amountText, setAmountText] = useState('');
  const amountMinor = currencyInputToMinor(amountText);
  const settledMinor = useDebouncedValue(amountMinor, QUOTE_DEBOUNCE_MS);
  const quote = useBillQuote(type, settledMinor);

  const isSettled = settledMinor === amountMinor;
  const matches =
    isSettled &&
    !quote.isPlaceholderData &&
    quote.data !== undefined &&
    moneyTextToMinor(quote.data.amount) === amountMinor;
  const serverError = isSettled && quote.isError ? quote.error.message : undefined;
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
    currentQuote: matches ? quote.data : undefined,
    fieldError: amountMinor === 0n ? 'Enter an amount greater than ₦0' : serverError,
    isUpdating: hasAmount && (!isSettled || quote.isFetching),
  };
}
