import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flaggedDepositsResponseSchema,
  flaggedParamsSchema,
  resolveFlaggedBodySchema,
  resolveFlaggedResponseSchema,
} from '@ajo/contracts/ops-money';
import { actor } from './audit.ts';
import { flaggedService } from './flagged.service.ts';
import type { OpsContext } from './ops.module.ts';
import { operatorSecurity } from './ops-auth.routes.ts';

/** Deposits flagged for review: list them, and resolve each once (credit via maker-checker, or dismiss). */
export const flaggedRoutes: FastifyPluginAsyncZod<OpsContext> = async (app, ops) => {
  const { requireOperator } = ops;
  const flagged = flaggedService(ops);

  app.get(
    '/flagged',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'listFlaggedDeposits',
        summary: 'Deposits flagged for review',
        description:
          'Deposits whose provider’s answer contradicted ours and that no operator has resolved yet, oldest first.',
        tags: ['ops'],
        security: operatorSecurity,
        response: { 200: flaggedDepositsResponseSchema },
      },
    },
    async () => ({ message: 'flagged deposits', data: { items: await flagged.list() } }),
  );

  app.post(
    '/flagged/:transactionId/resolve',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'resolveFlaggedDeposit',
        summary: 'Resolve a flagged deposit',
        description:
          '`credit` proposes a money correction of the deposit’s amount, which a different operator must approve; `dismiss` records the decision. Once only: a second resolve is a 409.',
        tags: ['ops'],
        security: operatorSecurity,
        params: flaggedParamsSchema,
        body: resolveFlaggedBodySchema,
        response: { 200: resolveFlaggedResponseSchema },
      },
    },
    async (request) => ({
      message: 'flagged deposit resolved',
      data: await flagged.resolve(actor(request), request.params.transactionId, request.body),
    }),
  );
};
