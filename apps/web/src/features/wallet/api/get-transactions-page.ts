import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsPageSchema } from '@ajo/contracts/wallet';
import { api } from '../../../lib/api-client.ts';
import {
  TRANSACTIONS_PAGE_SIZE,
  transactionsQueryKey,
  type TransactionFilters,
} from '../../../lib/wallet-queries.ts';

export interface TransactionsPageRequest extends TransactionFilters {
  /** From 0, as the API counts. */
  pageIndex: number;
}

/**
 * One page of the history, newest first, ten at a time (spec section 9). Keyed under
 * ['transactions'], so anything that moves money reads it again.
 */
export function transactionsPageQueryOptions({ type, status, pageIndex }: TransactionsPageRequest) {
  return queryOptions({
    queryKey: [
      ...transactionsQueryKey,
      'history-page',
      { type: type ?? null, status: status ?? null, pageIndex },
    ],
    queryFn: ({ signal }) =>
      api.get('/transactions', {
        query: { page: pageIndex, size: TRANSACTIONS_PAGE_SIZE, sort: '-created_at', type, status },
        schema: transactionsPageSchema,
        signal,
      }),
  });
}

/** The page asked for; the previous page stays on screen (dimmed) while the next one loads. */
export function useTransactionsPage(request: TransactionsPageRequest) {
  return useQuery({ ...transactionsPageQueryOptions(request), placeholderData: keepPreviousData });
}
