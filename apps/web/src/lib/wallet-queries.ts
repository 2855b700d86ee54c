import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  transactionsPageSchema,
  walletsResponseSchema,
  type transactionStatuses,
  type transactionTypes,
} from '@ajo/contracts/wallet';
import { api } from './api-client.ts';

/*
 * Wallet and transaction reads shared by Home, the Wallet page, the fund-account panel and the
 * Sandbox page. The keys start with ['wallets'] and ['transactions'] so any feature that moves
 * money can invalidate them. The virtual account is read in lib/virtual-account-query.ts, so
 * Home and the Wallet page do not evaluate the verification contracts.
 */

export const walletsQueryKey = ['wallets'] as const;
export const transactionsQueryKey = ['transactions'] as const;

/** The spec's default page size for transactions (section 9). */
export const TRANSACTIONS_PAGE_SIZE = 10;

export type TransactionType = (typeof transactionTypes)[number];
export type TransactionStatus = (typeof transactionStatuses)[number];

export interface TransactionFilters {
  type?: TransactionType | undefined;
  status?: TransactionStatus | undefined;
}

export const walletsQueryOptions = queryOptions({
  queryKey: walletsQueryKey,
  queryFn: ({ signal }) =>
    api.get('/wallets', { schema: walletsResponseSchema.shape.data, signal }),
});

/** Both wallets; `naira` and `dollar` pick them out. */
export function useWallets() {
  return useQuery({
    ...walletsQueryOptions,
    select: (data) => ({
      naira: data.items.find((wallet) => wallet.currency === 'NGN'),
      dollar: data.items.find((wallet) => wallet.currency === 'USD'),
    }),
  });
}

function fetchTransactionsPage(
  page: number,
  size: number,
  filters: TransactionFilters,
  signal: AbortSignal,
) {
  return api.get('/transactions', {
    query: { page, size, sort: '-created_at', type: filters.type, status: filters.status },
    schema: transactionsPageSchema,
    signal,
  });
}

/** The newest few transactions (Home). */
export function recentTransactionsQueryOptions(size: number) {
  return queryOptions({
    queryKey: [...transactionsQueryKey, 'recent', size],
    queryFn: ({ signal }) => fetchTransactionsPage(0, size, {}, signal),
  });
}

export function useRecentTransactions(size: number) {
  return useQuery(recentTransactionsQueryOptions(size));
}

/** The full history, newest first, one page of ten at a time ("Load more"). */
export function transactionHistoryQueryOptions(filters: TransactionFilters) {
  return infiniteQueryOptions({
    queryKey: [
      ...transactionsQueryKey,
      'history',
      { type: filters.type ?? null, status: filters.status ?? null },
    ],
    queryFn: ({ pageParam, signal }) =>
      fetchTransactionsPage(pageParam, TRANSACTIONS_PAGE_SIZE, filters, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => (lastPage.has_more ? lastPage.page + 1 : undefined),
  });
}

export function useTransactionHistory(filters: TransactionFilters) {
  return useInfiniteQuery(transactionHistoryQueryOptions(filters));
}
