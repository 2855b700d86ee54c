import { queryOptions, useQuery } from '@tanstack/react-query';
import { realEstatePropertiesResponseSchema } from '@ajo/contracts/real-estate';
import { api } from '../../../lib/api-client.ts';

export const realEstateQueryKey = ['real-estate'] as const;

/** Every property (a short list; one page of 100 holds it). Units left change: read each visit. */
export const realEstatesQueryOptions = queryOptions({
  queryKey: [...realEstateQueryKey, 'properties'],
  queryFn: ({ signal }) =>
    api.get('/real_estates', {
      query: { page: 0, size: 100 },
      schema: realEstatePropertiesResponseSchema.shape.data,
      signal,
    }),
  select: (page) => page.items,
});

export function useRealEstates() {
  return useQuery(realEstatesQueryOptions);
}
