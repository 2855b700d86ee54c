import { queryOptions, useQuery } from '@tanstack/react-query';
import { commodityPricesResponseSchema } from '@ajo/contracts/commodities';
import { api } from '../../../lib/api-client.ts';
import { commoditiesQueryKey } from './commodity-query-keys.ts';

/** `GET /commodities/{id}/prices?days=`: the daily prices behind a commodity's chart. */
export function commodityPricesQueryOptions(commodityId: string, days: number) {
  return queryOptions({
    queryKey: [...commoditiesQueryKey, 'prices', commodityId, days],
    queryFn: ({ signal }) =>
      api.get(`/commodities/${encodeURIComponent(commodityId)}/prices`, {
        query: { days },
        schema: commodityPricesResponseSchema.shape.data,
        signal,
      }),
  });
}

export function useCommodityPrices(commodityId: string | undefined, days: number) {
  return useQuery({
    ...commodityPricesQueryOptions(commodityId ?? '', days),
    enabled: !!commodityId,
  });
}
