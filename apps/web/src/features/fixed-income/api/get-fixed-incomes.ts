import { queryOptions, useQuery } from '@tanstack/react-query';
import { fixedIncomeProductsResponseSchema } from '@ajo/contracts/fixed-income';
import { api } from '../../../lib/api-client.ts';

export const fixedIncomeQueryKey = ['fixed-income'] as const;

/** The catalogue changes rarely: read once a visit. */
const CATALOGUE_STALE_TIME_MS = 10 * 60_000;

/** Every product (the catalogue is a handful; one page of 100 holds it). */
export const fixedIncomesQueryOptions = queryOptions({
  queryKey: [...fixedIncomeQueryKey, 'products'],
  queryFn: ({ signal }) =>
    api.get('/fixed_incomes', {
      query: { page: 0, size: 100 },
      schema: fixedIncomeProductsResponseSchema.shape.data,
      signal,
    }),
  select: (page) => page.items,
  staleTime: CATALOGUE_STALE_TIME_MS,
});

export function useFixedIncomes() {
  return useQuery(fixedIncomesQueryOptions);
}
