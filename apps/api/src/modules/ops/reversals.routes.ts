import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reversalsQuerySchema, reversalsResponseSchema } from '@ajo/contracts/ops-money';
import type { OpsContext } from './ops.module.ts';
import { operatorSecurity } from './ops-auth.routes.ts';
import { reversalsService } from './reversals.service.ts';

/** Reversal tracking against CBN's 24/48/72-hour timelines. */
export const reversalsRoutes: FastifyPluginAsyncZod<OpsContext> = async (app, ops) => {
  const { requireOperator } = ops;
  const reversals = reversalsService(ops);

  app.get(
    '/reversals',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'listReversals',
        summary: 'Reversals against CBN deadlines',
        description:
          'Money out that failed, was reversed or is still pending, each with its CBN deadline (24 h own channel, 48 h web/card, 72 h POS/disputes), time left and whether the money is back; overdue first.',
        tags: ['ops'],
        security: operatorSecurity,
        querystring: reversalsQuerySchema,
        response: { 200: reversalsResponseSchema },
      },
    },
    async (request) => ({
      message: 'reversals',
      data: await reversals.list(request.query.show),
    }),
  );
};
