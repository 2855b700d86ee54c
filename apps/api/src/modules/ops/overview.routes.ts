import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsOverviewResponseSchema } from '@ajo/contracts/ops-customers';
import type { OpsContext } from './ops.module.ts';
import { operatorSecurity } from './ops-auth.routes.ts';
import { overviewService } from './overview.service.ts';

/** The console's Overview: how much work waits on each screen (counts only, no personal data). */
export const overviewRoutes: FastifyPluginAsyncZod<OpsContext> = async (app, context) => {
  const overview = overviewService(context);
  app.get(
    '/overview',
    {
      onRequest: context.requireOperator,
      schema: {
        operationId: 'getOpsOverview',
        summary: 'What waits for an operator',
        description:
          'Counts, as the screen each links to counts them: identity verifications in review, flagged transactions without a decision, payments to banks and billers pending over 15 minutes, money corrections waiting for a second operator, reversals overdue on their CBN timelines (24, 48 or 72 hours), and scheduled product changes.',
        tags: ['ops'],
        security: operatorSecurity,
        response: { 200: opsOverviewResponseSchema },
      },
    },
    async () => ({ message: 'overview', data: await overview.counts() }),
  );
};
