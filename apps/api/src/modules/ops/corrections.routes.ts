import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  correctionParamsSchema,
  correctionResponseSchema,
  correctionsQuerySchema,
  correctionsResponseSchema,
  decisionBodySchema,
  proposeCorrectionBodySchema,
} from '@ajo/contracts/ops-money';
import { actor } from './audit.ts';
import { correctionsService } from './corrections.service.ts';
import type { OpsContext } from './ops.module.ts';
import { operatorSecurity } from './ops-auth.routes.ts';

/** Money corrections under maker-checker: propose, list, approve (posts), reject. */
export const correctionsRoutes: FastifyPluginAsyncZod<OpsContext> = async (app, ops) => {
  const { requireOperator } = ops;
  const corrections = correctionsService({
    database: ops.database,
    clock: ops.clock,
    log: ops.log,
    crashAt: ops.config.testCrashAt,
  });

  app.post(
    '/corrections',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'proposeMoneyCorrection',
        summary: 'Propose a money correction (maker)',
        description:
          'Proposes crediting or debiting a customer’s wallet. Nothing moves until a different operator approves it.',
        tags: ['ops'],
        security: operatorSecurity,
        body: proposeCorrectionBodySchema,
        response: { 200: correctionResponseSchema },
      },
    },
    async (request) => ({
      message: 'correction proposed',
      data: await corrections.propose(actor(request), request.body),
    }),
  );

  app.get(
    '/corrections',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'listMoneyCorrections',
        summary: 'Money corrections',
        description:
          'Proposed ones first, then the newest; `can_decide` says whether you may decide one.',
        tags: ['ops'],
        security: operatorSecurity,
        querystring: correctionsQuerySchema,
        response: { 200: correctionsResponseSchema },
      },
    },
    async (request) => ({
      message: 'money corrections',
      data: { items: await corrections.list(actor(request).operatorId, request.query.status) },
    }),
  );

  app.post(
    '/corrections/:id/approve',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'approveMoneyCorrection',
        summary: 'Approve a money correction (checker)',
        description:
          'Posts the correction through the ledger with its audit entry. Refused with 403 for the operator who proposed it, 409 once decided, 422 when a debit exceeds the available balance (nothing is written).',
        tags: ['ops'],
        security: operatorSecurity,
        params: correctionParamsSchema,
        body: decisionBodySchema,
        response: { 200: correctionResponseSchema },
      },
    },
    async (request) => ({
      message: 'correction approved',
      data: await corrections.approve(actor(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/corrections/:id/reject',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'rejectMoneyCorrection',
        summary: 'Reject a money correction (checker)',
        description:
          'Nothing moves. Refused with 403 for the operator who proposed it, 409 once decided.',
        tags: ['ops'],
        security: operatorSecurity,
        params: correctionParamsSchema,
        body: decisionBodySchema,
        response: { 200: correctionResponseSchema },
      },
    },
    async (request) => ({
      message: 'correction rejected',
      data: await corrections.reject(actor(request), request.params.id, request.body.reason),
    }),
  );
};
