import { queryOptions, useQuery } from '@tanstack/react-query';
import { commodityHoldingsResponseSchema } from '@ajo/contracts/commodities';
import { api } from '../../../lib/api-client.ts';
import { commoditiesQueryKey } from './commodity-query-keys.ts';

/** `GET /commodities/holdings`: units held, their cost, value at today's sell price, gain. */
export const commodityHoldingsQueryOptions = queryOptions({
  queryKey: [...commoditiesQueryKey, 'holdings'],
  queryFn: ({ signal }) =>
    api.get('/commodities/holdings', {
      schema: commodityHoldingsResponseSchema.shape.data,
      signal,
    }),
});

export function useCommodityHoldings() {
  return useQuery(commodityHoldingsQueryOptions);
}
