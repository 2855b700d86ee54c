import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema } from '@ajo/contracts/health';
import type { Database } from '../../platform/db.ts';
import type { RedisLink } from '../../platform/rate-limit-store.ts';

interface HealthOptions {
  database: Database;
  /** The rate limits' Redis, when REDIS_URL is set. */
  redis: Pick<RedisLink, 'check'> | undefined;
}

/**
 * `/healthz`: the process is alive. `/readyz`: it can serve (database up, migrations applied);
 * with Redis away it still serves, counting rate limits in memory, and says it is degraded.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (
  app,
  { database, redis },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Is the process alive?',
        description: 'Answers ok while the process runs.',
        tags: ['health'],
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Can the API serve?',
        description:
          '`ok`, `degraded` (Redis away: rate limits count per instance) or `unavailable` (503: the database is unreachable or migrations are pending).',
        tags: ['health'],
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const [reachable, redisCheck] = await Promise.all([
        database.ping().then(
          () => true,
          () => false,
        ),
        redis?.check(),
      ]);
      const pending = reachable ? await database.pendingMigrations() : 1;
      const ready = reachable && pending === 0;
      const degraded = redisCheck === 'unreachable';
      return reply.status(ready ? 200 : 503).send({
        status: ready ? (degraded ? 'degraded' : 'ok') : 'unavailable',
        checks: {
          database: reachable ? 'ok' : 'unreachable',
          migrations: pending === 0 ? 'ok' : 'pending',
          ...(redisCheck ? { redis: redisCheck } : {}),
        },
      });
    },
  );
};
