import { queryOptions, useQuery } from '@tanstack/react-query';
import { fixedIncomeOrdersResponseSchema } from '@ajo/contracts/fixed-income';
import { api } from '../../../lib/api-client.ts';
import { fixedIncomeQueryKey } from './get-fixed-incomes.ts';

/** The user's orders, newest first (the first 100). */
export const fixedIncomeOrdersQueryOptions = queryOptions({
  queryKey: [...fixedIncomeQueryKey, 'orders'],
  queryFn: ({ signal }) =>
    api.get('/fixed_incomes/orders', {
      query: { page: 0, size: 100 },
      schema: fixedIncomeOrdersResponseSchema.shape.data,
      signal,
    }),
  select: (page) => page.items,
});

export function useFixedIncomeOrders() {
  return useQuery(fixedIncomeOrdersQueryOptions);
}
