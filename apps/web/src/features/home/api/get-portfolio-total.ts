import { queryOptions, useQuery } from '@tanstack/react-query';
import { portfolioTotalResponseSchema } from '@ajo/contracts/portfolio';
import { api } from '../../../lib/api-client.ts';
import { walletsQueryKey } from '../../../lib/wallet-queries.ts';

/**
 * Everything the user owns, valued in naira now, by class. The key starts with ['wallets'], so
 * whatever refreshes the balance after moving money (a deposit, a plan) refreshes it too.
 */
export const portfolioTotalQueryOptions = queryOptions({
  queryKey: [...walletsQueryKey, 'portfolio', 'total'],
  queryFn: ({ signal }) =>
    api.get('/portfolios/total-amount', {
      schema: portfolioTotalResponseSchema.shape.data,
      signal,
    }),
});

export function usePortfolioTotal() {
  return useQuery(portfolioTotalQueryOptions);
}
