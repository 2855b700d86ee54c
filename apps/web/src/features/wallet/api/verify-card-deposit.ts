import { useQuery, useQueryClient } from '@tanstack/react-query';
import { transactionSchema } from '@ajo/contracts/wallet';
import { api } from '../../../lib/api-client.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';

/** Seconds between automatic re-checks of a pending payment, and how many to make (~1 minute). */
export const PAYMENT_RECHECK_INTERVAL_MS = 3_000;
export const PAYMENT_MAX_AUTOMATIC_CHECKS = 20;

export function verifyCardDeposit(reference: string, signal: AbortSignal) {
  return api.post(`/wallets/deposit/${encodeURIComponent(reference)}/verify`, undefined, {
    schema: transactionSchema,
    signal,
  });
}

/**
 * Asks the server to re-verify a card top-up with the payment partner (it credits once). While
 * the answer is pending it asks again every few seconds, for about a minute.
 */
export function usePaymentStatus(reference: string | null) {
  const queryClient = useQueryClient();
  const queryKey = ['payment-status', reference];
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const transaction = await verifyCardDeposit(reference ?? '', signal);
      if (transaction.status !== 'pending') {
        // The balance and history changed (or at least settled): read them again.
        void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
        void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
      }
      return transaction;
    },
    enabled: reference !== null,
    staleTime: 0,
    refetchOnWindowFocus: (query) => query.state.data?.status === 'pending',
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' &&
      query.state.dataUpdateCount < PAYMENT_MAX_AUTOMATIC_CHECKS
        ? PAYMENT_RECHECK_INTERVAL_MS
        : false,
  });
  // How many answers arrived so far: automatic checks stop after PAYMENT_MAX_AUTOMATIC_CHECKS.
  const answers = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { query, isCheckingAutomatically: answers < PAYMENT_MAX_AUTOMATIC_CHECKS };
}
