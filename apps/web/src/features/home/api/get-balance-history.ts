import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  balanceHistoryResponseSchema,
  type BalanceHistoryPeriod,
} from '@ajo/contracts/balance-history';
import { api } from '../../../lib/api-client.ts';
import { walletsQueryKey } from '../../../lib/wallet-queries.ts';

/**
 * The naira balance at the end of each of the last 30 or 90 days, for Home's chart. The key
 * starts with ['wallets'], so whatever refreshes the balance after moving money refreshes the
 * chart too.
 */
export function balanceHistoryQueryOptions(days: BalanceHistoryPeriod) {
  return queryOptions({
    queryKey: [...walletsQueryKey, 'balance-history', days],
    queryFn: ({ signal }) =>
      api.get('/wallets/balance-history', {
        query: { days },
        schema: balanceHistoryResponseSchema.shape.data,
        signal,
      }),
  });
}

/** Switching between 30 and 90 days keeps the chart on screen until the other period arrives. */
export function useBalanceHistory(days: BalanceHistoryPeriod) {
  return useQuery({ ...balanceHistoryQueryOptions(days), placeholderData: keepPreviousData });
}
