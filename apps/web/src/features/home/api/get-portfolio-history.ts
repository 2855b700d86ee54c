import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portfolioHistoryResponseSchema } from '@ajo/contracts/portfolio';
import { api } from '../../../lib/api-client.ts';
import { walletsQueryKey } from '../../../lib/wallet-queries.ts';

/** The periods the portfolio chart offers. */
export const portfolioPeriods = ['30', '90', '365'] as const;

export type PortfolioPeriod = (typeof portfolioPeriods)[number];

/** The portfolio's daily snapshots over the period, then today valued now. */
export function portfolioHistoryQueryOptions(days: PortfolioPeriod) {
  return queryOptions({
    queryKey: [...walletsQueryKey, 'portfolio', 'history', days],
    queryFn: ({ signal }) =>
      api.get('/portfolios/history', {
        query: { days },
        schema: portfolioHistoryResponseSchema.shape.data,
        signal,
      }),
  });
}

/** Switching periods keeps the chart on screen until the other period arrives. */
export function usePortfolioHistory(days: PortfolioPeriod) {
  return useQuery({ ...portfolioHistoryQueryOptions(days), placeholderData: keepPreviousData });
}
