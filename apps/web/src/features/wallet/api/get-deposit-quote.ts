import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { depositQuoteSchema } from '@ajo/contracts/wallet';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';

/** A quote is only good for a short while: fees and limits come from live configuration. */
const QUOTE_STALE_TIME_MS = 30_000;

export function getDepositQuote(amountMinor: bigint, signal: AbortSignal) {
  return api.get('/wallets/deposit/quote', {
    query: { amount: formatMinorAsDecimal(amountMinor) },
    schema: depositQuoteSchema,
    signal,
  });
}

/**
 * Fee, total and limits of a card top-up, asked for as the amount settles. The previous quote
 * stays on screen (dimmed) while the next one loads, so the summary does not flicker.
 */
export function useDepositQuote(amountMinor: bigint | null) {
  return useQuery({
    queryKey: ['deposit-quote', amountMinor === null ? null : formatMinorAsDecimal(amountMinor)],
    queryFn: ({ signal }) => getDepositQuote(amountMinor ?? 0n, signal),
    enabled: amountMinor !== null && amountMinor > 0n,
    placeholderData: keepPreviousData,
    staleTime: QUOTE_STALE_TIME_MS,
    retry: false,
  });
}
