import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  COMMODITY_CATEGORY_PAGE_SIZE,
  commodityCategoriesResponseSchema,
} from '@ajo/contracts/commodities';
import { api } from '../../../lib/api-client.ts';
import { commoditiesQueryKey } from './commodity-query-keys.ts';

/** `GET /commodities/categories?size=20` (the spec's page size). */
export const commodityCategoriesQueryOptions = queryOptions({
  queryKey: [...commoditiesQueryKey, 'categories'],
  queryFn: ({ signal }) =>
    api.get('/commodities/categories', {
      query: { size: COMMODITY_CATEGORY_PAGE_SIZE },
      schema: commodityCategoriesResponseSchema.shape.data,
      signal,
    }),
  staleTime: 5 * 60_000,
});

export function useCommodityCategories() {
  return useQuery(commodityCategoriesQueryOptions);
}
