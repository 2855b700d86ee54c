import type { QueryClient } from '@tanstack/react-query';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';

/** The notifications feature's key: target changes write a notice (read without importing it). */
const notificationsQueryKey = ['notifications'] as const;

/**
 * After money moves between the wallet and a target (or a target is made), every read that shows
 * it is asked again: wallets, transactions, the plans and the notices.
 */
export async function refreshAfterTargetChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
    queryClient.invalidateQueries({
      queryKey: savingsQueryKey,
      // The catalogue has not changed; a break quote is read only when asked for (an ended
      // plan has none: asking again would be refused).
      predicate: (query) => !['products', 'break-quote'].includes(String(query.queryKey[1])),
    }),
    queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  ]);
}
