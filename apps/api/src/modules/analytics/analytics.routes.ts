import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@ajo/contracts/auth';
import { pageViewBodySchema } from '@ajo/contracts/engagement';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';

/**
 * First-party page views: stored here, and forwarded to an external sink when one is
 * configured. Signed-out views are kept without a user.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  identifyUser: (request: FastifyRequest) => Promise<void>;
  sinkUrl: string | undefined;
}> = async (app, { database, clock, identifyUser, sinkUrl }) => {
  app.post(
    '/analytics/page-views',
    {
      schema: {
        operationId: 'recordPageView',
        summary: 'Record a page view',
        description: 'Best effort: the answer never waits for the analytics sink.',
        tags: ['analytics'],
        body: pageViewBodySchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await identifyUser(request).catch(() => undefined);
      const at = clock.now().toISOString();
      await database.db.execute(sql`insert into page_views (user_id, path, created_at)
        values (${request.userId ?? null}, ${request.body.path}, ${at})`);
      if (sinkUrl) {
        // Best effort: an analytics outage must never slow or fail the app.
        fetch(sinkUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ path: request.body.path, signed_in: Boolean(request.userId), at }),
          signal: AbortSignal.timeout(2_000),
        }).catch(() => undefined);
      }
      return reply.status(202).send({ message: 'recorded', data: null });
    },
  );
};
