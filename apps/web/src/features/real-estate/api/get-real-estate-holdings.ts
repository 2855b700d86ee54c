import { queryOptions, useQuery } from '@tanstack/react-query';
import { realEstateHoldingsResponseSchema } from '@ajo/contracts/real-estate';
import { api } from '../../../lib/api-client.ts';
import { realEstateQueryKey } from './get-real-estates.ts';

/** My holdings, one per property, newest first. */
export const realEstateHoldingsQueryOptions = queryOptions({
  queryKey: [...realEstateQueryKey, 'holdings'],
  queryFn: ({ signal }) =>
    api.get('/real_estates/orders', {
      query: { page: 0, size: 100 },
      schema: realEstateHoldingsResponseSchema.shape.data,
      signal,
    }),
  select: (page) => page.items,
});

export function useRealEstateHoldings() {
  return useQuery(realEstateHoldingsQueryOptions);
}
