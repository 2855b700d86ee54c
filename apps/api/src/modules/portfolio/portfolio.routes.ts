import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  portfolioHistoryQuerySchema,
  portfolioHistoryResponseSchema,
  portfolioResponseSchema,
  portfolioTotalResponseSchema,
} from '@ajo/contracts/portfolio';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import type { PortfolioService } from './portfolio.service.ts';

/**
 * The signed-in user's portfolio: its total, its holdings and its history. Each reads the
 * user's own holdings only (no id is taken from the request) and writes nothing.
 */
export const portfolioRoutes: FastifyPluginAsyncZod<{
  portfolio: PortfolioService;
  requireUser: SessionGuard;
}> = async (app, { portfolio, requireUser }) => {
  app.get(
    '/portfolios/total-amount',
    {
      // Signed-in only: the session is checked inside the valuation's statement (one round trip).
      schema: {
        tags: ['portfolios'],
        operationId: 'getPortfolioTotal',
        summary: 'The portfolio total in naira, with its breakdown by asset class',
        description:
          'Everything the user owns valued now: the naira wallet, savings plans, dollars (the USD wallet, dollar investments and dollar cards, converted at the sell side of the exchange_rate configuration, rounded down to the kobo), commodities, fixed income and real estate. The total in kobo and formatted, each class in naira, and the change since the last daily snapshot.',
        security: sessionSecurity,
        response: { 200: portfolioTotalResponseSchema },
      },
    },
    async (request) => ({
      message: 'portfolio total',
      data: await portfolio.totalAmount(requireUser.check(request)),
    }),
  );

  app.get(
    '/portfolios',
    {
      onRequest: requireUser,
      schema: {
        tags: ['portfolios'],
        operationId: 'listPortfolioHoldings',
        summary: 'Every holding with its cost, value and gain',
        description:
          'One item per holding (each wallet, each active plan or investment), in its own currency, with what went in, what it is worth now, the gain or loss and the value in naira.',
        security: sessionSecurity,
        response: { 200: portfolioResponseSchema },
      },
    },
    async (request) => ({
      message: 'portfolio',
      data: await portfolio.holdings(request.userId ?? ''),
    }),
  );

  app.get(
    '/portfolios/history',
    {
      onRequest: requireUser,
      schema: {
        tags: ['portfolios'],
        operationId: 'getPortfolioHistory',
        summary: 'The portfolio total at the end of each of the last days, for a chart',
        description:
          'One point per Lagos day that has a daily snapshot within the last `days` days (1 to 366, default 30), oldest first, then today valued now.',
        security: sessionSecurity,
        querystring: portfolioHistoryQuerySchema,
        response: { 200: portfolioHistoryResponseSchema },
      },
    },
    async (request) => ({
      message: 'portfolio history',
      data: await portfolio.history(request.userId ?? '', request.query.days),
    }),
  );
};
