import type { QueryClient } from '@tanstack/react-query';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';

/**
 * Asks again for every read that shows money moved between the wallet and a plan: wallets,
 * transactions and the savings reads, but for the savings sections (`['savings', section, …]`)
 * named in `unchangedSections`.
 */
export function invalidateMoneyAndPlans(
  queryClient: QueryClient,
  unchangedSections: readonly string[],
): Promise<void>[] {
  return [
    queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
    queryClient.invalidateQueries({
      queryKey: savingsQueryKey,
      predicate: (query) => !unchangedSections.includes(String(query.queryKey[1])),
    }),
  ];
}

/**
 * After money moves from the wallet into a plan (a fixed or dollar plan is made, a challenge is
 * topped up), every read that shows it is asked again. The catalogue of products has not changed.
 */
export async function refreshAfterSavingChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(invalidateMoneyAndPlans(queryClient, ['products']));
}
