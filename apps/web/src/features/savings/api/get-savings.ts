import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  savingsResponseSchema,
  type SavingStatus,
  type SavingsProductSlug,
} from '@ajo/contracts/savings';
import { api } from '../../../lib/api-client.ts';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';

export interface SavingsFilters {
  slug?: SavingsProductSlug | undefined;
  status?: SavingStatus | undefined;
}

/** The user's plans, of one product and status when asked (GET /savings?slug=&status=). */
export function savingsQueryOptions(filters: SavingsFilters) {
  return queryOptions({
    queryKey: [
      ...savingsQueryKey,
      'records',
      { slug: filters.slug ?? null, status: filters.status ?? null },
    ],
    queryFn: ({ signal }) =>
      api.get('/savings', {
        query: { slug: filters.slug, status: filters.status },
        schema: savingsResponseSchema.shape.data,
        signal,
      }),
    select: (page) => page.items,
  });
}

export function useSavings(filters: SavingsFilters) {
  return useQuery(savingsQueryOptions(filters));
}
