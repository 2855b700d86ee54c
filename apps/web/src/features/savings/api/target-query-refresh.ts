import type { QueryClient } from '@tanstack/react-query';
import { invalidateMoneyAndPlans } from './saving-query-refresh.ts';

/** The notifications feature's key: target changes write a notice (read without importing it). */
const notificationsQueryKey = ['notifications'] as const;

/**
 * After money moves between the wallet and a target (or a target is made), every read that shows
 * it is asked again: wallets, transactions, the plans and the notices.
 */
export async function refreshAfterTargetChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    // The catalogue has not changed; a break quote is read only when asked for (an ended plan
    // has none: asking again would be refused).
    ...invalidateMoneyAndPlans(queryClient, ['products', 'break-quote']),
    queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  ]);
}
