import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decisionBodySchema,
  requeryResponseSchema,
  stuckMovementsResponseSchema,
  stuckNoteResponseSchema,
  stuckParamsSchema,
} from '@ajo/contracts/ops-money';
import { actor } from './audit.ts';
import type { OpsContext } from './ops.module.ts';
import { operatorSecurity } from './ops-auth.routes.ts';
import { stuckService } from './stuck.service.ts';

/** Payouts and bill payments stuck pending: list, ask the provider again, or note an escalation. */
export const stuckRoutes: FastifyPluginAsyncZod<OpsContext> = async (app, ops) => {
  const { requireOperator } = ops;
  const stuck = stuckService(ops);

  app.get(
    '/stuck',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'listStuckMovements',
        summary: 'Payouts and bill payments stuck pending',
        description:
          'Provider movements still held or submitted 15 minutes after they were placed, oldest first.',
        tags: ['ops'],
        security: operatorSecurity,
        response: { 200: stuckMovementsResponseSchema },
      },
    },
    async () => ({ message: 'stuck movements', data: { items: await stuck.list() } }),
  );

  app.post(
    '/stuck/:reference/requery',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'requeryStuckMovement',
        summary: 'Ask the provider about a stuck movement now',
        description:
          'Runs the product’s own reconciler, which settles the movement once if the provider now has a final answer, and answers its state after. Nobody marks money as sent or failed by hand.',
        tags: ['ops'],
        security: operatorSecurity,
        params: stuckParamsSchema,
        response: { 200: requeryResponseSchema },
      },
    },
    async (request) => ({
      message: 'provider asked',
      data: await stuck.requery(actor(request), request.params.reference),
    }),
  );

  app.post(
    '/stuck/:reference/note',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'noteStuckMovement',
        summary: 'Record an escalation note on a stuck movement',
        description:
          'When the provider still cannot say: records what was done (once per movement).',
        tags: ['ops'],
        security: operatorSecurity,
        params: stuckParamsSchema,
        body: decisionBodySchema,
        response: { 200: stuckNoteResponseSchema },
      },
    },
    async (request) => ({
      message: 'note recorded',
      data: await stuck.note(actor(request), request.params.reference, request.body.reason),
    }),
  );
};
