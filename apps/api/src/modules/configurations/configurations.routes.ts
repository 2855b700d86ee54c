import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listConfigurationsQuerySchema,
  listConfigurationsResponseSchema,
} from '@ajo/contracts/configurations';
import type { Database } from '../../platform/db.ts';
import { listConfigurations } from '../../platform/configurations.ts';

/** Transaction limits, processing fees and the exchange rate the client needs before money moves. */
export const configurationRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/configurations',
    {
      schema: {
        operationId: 'listConfigurations',
        description:
          '`transaction_limits`, `processing_fees` and `exchange_rate`, each a name and a list of items; `name` narrows it to one.',
        tags: ['configurations'],
        summary: 'Configuration entries, optionally one by name',
        querystring: listConfigurationsQuerySchema,
        response: { 200: listConfigurationsResponseSchema },
      },
    },
    async (request) => ({
      message: 'configurations',
      data: { items: await listConfigurations(database.db, request.query.name) },
    }),
  );
};
