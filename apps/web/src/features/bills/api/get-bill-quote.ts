import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billQuoteResponseSchema, type BillType } from '@ajo/contracts/bills';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { billsQueryKey } from './bills-query-keys.ts';

/** Fees and limits come from live configuration and today's total: a quote is short-lived. */
const QUOTE_STALE_TIME_MS = 15_000;

/**
 * What a bill of `amountMinor` costs (the fee, the total that leaves the wallet) and the limits
 * it must fit. Without an amount the server answers for the smallest one allowed, which gives the
 * limits before anything is typed. A refusal (below the minimum, above the tier's maximum) is the
 * error, with the server's message.
 */
export function useBillQuote(type: BillType, amountMinor: bigint | null) {
  const amount = amountMinor === null ? null : formatMinorAsDecimal(amountMinor);
  return useQuery({
    queryKey: [...billsQueryKey, 'quote', type, amount],
    queryFn: ({ signal }) =>
      api.get('/bill_payments/quote', {
        query: { type, amount: amount ?? undefined },
        schema: billQuoteResponseSchema.shape.data,
        signal,
      }),
    enabled: amountMinor === null || amountMinor > 0n,
    placeholderData: keepPreviousData,
    staleTime: QUOTE_STALE_TIME_MS,
    retry: false,
  });
}
