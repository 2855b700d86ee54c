import { queryOptions, useQuery } from '@tanstack/react-query';
import { breakQuoteResponseSchema } from '@ajo/contracts/savings';
import { api } from '../../../lib/api-client.ts';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';

/**
 * What breaking a target now gives back (GET …/break): the deposits, the 1% charge, the interest
 * forfeited and what reaches the wallet. Read fresh each time the confirmation opens.
 */
export function targetBreakQuoteQueryOptions(savingId: string, orderId: string) {
  return queryOptions({
    queryKey: [...savingsQueryKey, 'break-quote', savingId, orderId],
    queryFn: ({ signal }) =>
      api.get(
        `/savings/${encodeURIComponent(savingId)}/orders/${encodeURIComponent(orderId)}/break`,
        { schema: breakQuoteResponseSchema.shape.data, signal },
      ),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useTargetBreakQuote(savingId: string, orderId: string, enabled: boolean) {
  return useQuery({ ...targetBreakQuoteQueryOptions(savingId, orderId), enabled });
}
