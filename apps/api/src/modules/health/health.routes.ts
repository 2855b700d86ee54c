import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema } from '@ajo/contracts/health';
import type { Database } from '../../platform/db.ts';

/** `/healthz`: the process is alive. `/readyz`: it can serve (database up, migrations applied). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const reachable = await database.ping().then(
        () => true,
        () => false,
      );
      const pending = reachable ? await database.pendingMigrations() : 1;
      const ready = reachable && pending === 0;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ok' : 'unavailable',
        checks: {
          database: reachable ? 'ok' : 'unreachable',
          migrations: pending === 0 ? 'ok' : 'pending',
        },
      });
    },
  );
};
