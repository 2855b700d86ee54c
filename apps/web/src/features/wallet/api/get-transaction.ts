import { useQuery } from '@tanstack/react-query';
import { transactionDetailResponseSchema } from '@ajo/contracts/wallet';
import { api } from '../../../lib/api-client.ts';
import { transactionsQueryKey } from '../../../lib/wallet-queries.ts';

/** How often a pending movement is looked at again until its outcome is known. */
export const PENDING_RECHECK_INTERVAL_MS = 3_000;

export function getTransaction(transactionId: string, signal: AbortSignal) {
  return api.get(`/transactions/${encodeURIComponent(transactionId)}`, {
    schema: transactionDetailResponseSchema.shape.data,
    signal,
  });
}

/**
 * One transaction with what its receipt shows (the other side, the status history, the checkout
 * to resume). While a withdrawal waits for the bank it is asked for again every few seconds; an
 * unpaid card checkout is not, since nothing happens until the person acts.
 */
export function useTransaction(transactionId: string | null) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'detail', transactionId],
    queryFn: ({ signal }) => getTransaction(transactionId ?? '', signal),
    enabled: transactionId !== null,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.data.channel !== 'card'
        ? PENDING_RECHECK_INTERVAL_MS
        : false,
  });
}
