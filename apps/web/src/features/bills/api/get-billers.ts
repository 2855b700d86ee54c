import { queryOptions, useQuery } from '@tanstack/react-query';
import { billersResponseSchema, type BillType } from '@ajo/contracts/bills';
import { api } from '../../../lib/api-client.ts';
import { billsQueryKey, CATALOGUE_STALE_TIME_MS } from './bills-query-keys.ts';

/** The networks, DisCos or betting companies of one bill type, in the catalogue's order. */
export function billersQueryOptions(type: BillType) {
  return queryOptions({
    queryKey: [...billsQueryKey, 'billers', type],
    queryFn: ({ signal }) =>
      api.get('/bill_payments/billers', {
        query: { type },
        schema: billersResponseSchema.shape.data,
        signal,
      }),
    select: (page) => page.items,
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

export function useBillers(type: BillType) {
  return useQuery(billersQueryOptions(type));
}
