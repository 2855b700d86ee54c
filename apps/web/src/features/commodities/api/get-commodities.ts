import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { commoditiesResponseSchema } from '@ajo/contracts/commodities';
import { api } from '../../../lib/api-client.ts';
import { commoditiesQueryKey } from './commodity-query-keys.ts';

export interface CommodityFilters {
  search?: string;
  categoryId?: string;
  page?: number;
  size?: number;
}

/** `GET /commodities`: a page of the catalogue with today's prices. */
export function commoditiesQueryOptions(filters: CommodityFilters = {}) {
  const search = filters.search?.trim() ?? '';
  return queryOptions({
    queryKey: [...commoditiesQueryKey, 'list', search, filters.categoryId ?? '', filters.page ?? 0],
    queryFn: ({ signal }) =>
      api.get('/commodities', {
        query: {
          page: filters.page ?? 0,
          size: filters.size ?? 50,
          search: search === '' ? undefined : search,
          category_id: filters.categoryId,
        },
        schema: commoditiesResponseSchema.shape.data,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCommodities(filters: CommodityFilters = {}) {
  return useQuery(commoditiesQueryOptions(filters));
}
