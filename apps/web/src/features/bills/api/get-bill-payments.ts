import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BILL_PAGE_SIZE, billPaymentsResponseSchema } from '@ajo/contracts/bills';
import { api } from '../../../lib/api-client.ts';
import { billPaymentsQueryKey } from './bills-query-keys.ts';

/** How often the history looks again while one of its payments waits for its biller. */
export const PENDING_HISTORY_RECHECK_MS = 5_000;

/** Every bill payment, newest first, fifty a page ("Show more"). */
export const billPaymentsQueryOptions = infiniteQueryOptions({
  queryKey: [...billPaymentsQueryKey, 'history'],
  queryFn: ({ pageParam, signal }) =>
    api.get('/bill_payments', {
      query: { page: pageParam, size: BILL_PAGE_SIZE },
      schema: billPaymentsResponseSchema.shape.data,
      signal,
    }),
  initialPageParam: 0,
  getNextPageParam: (lastPage) => (lastPage.has_more ? lastPage.page + 1 : undefined),
});

export function useBillPayments() {
  return useInfiniteQuery({
    ...billPaymentsQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending'))
        ? PENDING_HISTORY_RECHECK_MS
        : false,
  });
}
