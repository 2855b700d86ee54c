import { queryOptions, useQuery } from '@tanstack/react-query';
import { savingsProductsResponseSchema, type SavingsProductSlug } from '@ajo/contracts/savings';
import { api } from '../../../lib/api-client.ts';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';

/** The products and their rate charts change rarely: read once a visit. */
const CATALOGUE_STALE_TIME_MS = 10 * 60_000;

/** The savings catalogue: Fixed, Target Savings and Dollar Investment, with their durations. */
export const savingsProductsQueryOptions = queryOptions({
  queryKey: [...savingsQueryKey, 'products'],
  queryFn: ({ signal }) =>
    api.get('/savings/plans', { schema: savingsProductsResponseSchema.shape.data, signal }),
  select: (page) => page.items,
  staleTime: CATALOGUE_STALE_TIME_MS,
});

export function useSavingsProducts() {
  return useQuery(savingsProductsQueryOptions);
}

/** One product of the catalogue by its slug (`fixed`, `target_saving`, `dollar`). */
export function useSavingsProduct(slug: SavingsProductSlug) {
  const products = useSavingsProducts();
  return { ...products, product: products.data?.find((product) => product.slug === slug) };
}
