import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  breakQuoteResponseSchema,
  savingOrderParamsSchema,
  savingRecordResponseSchema,
  targetSavingBodySchema,
  targetSavingsMessages,
  topUpBodySchema,
} from '@ajo/contracts/savings';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import type { SavingsService } from './savings.service.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';

const tags = ['savings'];
const security = sessionSecurity;

/** Target savings: create, top up, and break early with what it costs shown first. */
export const targetRoutes: FastifyPluginAsyncZod<{
  savings: SavingsService;
  requireUser: SessionGuard;
}> = async (app, { savings, requireUser }) => {
  app.post(
    '/savings/target',
    {
      onRequest: requireUser,
      config: { idempotent: true },
      schema: {
        operationId: 'createTargetSaving',
        tags,
        summary: 'Start saving towards a target',
        description:
          'Needs an `Idempotency-Key` header. At least ₦2,000 over at least one month, starting today or later. `automatic` plans collect the target ÷ the weekly or monthly instalments (rounded up to the naira) from the wallet on each due date; `manual` plans are topped up by hand. No money moves when the plan is made.',
        security,
        body: targetSavingBodySchema,
        response: { 200: savingRecordResponseSchema },
      },
    },
    async (request) => ({
      message: targetSavingsMessages.created,
      data: await savings.createTarget(
        request.userId ?? '',
        request.body,
        idempotencyKeyOf(request) ?? '',
      ),
    }),
  );

  app.put(
    '/savings/:savingId/orders/:orderId',
    {
      onRequest: requireUser,
      config: { idempotent: true },
      schema: {
        operationId: 'topUpSaving',
        tags,
        summary: 'Top up a target plan from the wallet',
        description:
          'Needs an `Idempotency-Key` header. Target plans only (at least ₦100; ₦2,000 for a challenge). The amount leaves the wallet for the plan at once.',
        security,
        params: savingOrderParamsSchema,
        body: topUpBodySchema,
        response: { 200: savingRecordResponseSchema },
      },
    },
    async (request) => ({
      message: targetSavingsMessages.toppedUp,
      data: await savings.topUp(
        request.userId ?? '',
        request.params,
        request.body,
        idempotencyKeyOf(request) ?? '',
      ),
    }),
  );

  app.get(
    '/savings/:savingId/orders/:orderId/break',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'quoteBreakSaving',
        tags,
        summary: 'What breaking a target now would give back',
        description:
          'The deposits, the 1% charge on them, the interest that would be forfeited, and what would reach the wallet. Fixed and dollar plans cannot be broken (422).',
        security,
        params: savingOrderParamsSchema,
        response: { 200: breakQuoteResponseSchema },
      },
    },
    async (request) => ({
      message: 'break quote',
      data: await savings.breakQuote(request.userId ?? '', request.params),
    }),
  );

  app.post(
    '/savings/:savingId/orders/:orderId/break',
    {
      onRequest: requireUser,
      config: { idempotent: true, transactionPin: true },
      schema: {
        operationId: 'breakSaving',
        tags,
        summary: 'Break a target early',
        description:
          'Needs an `Idempotency-Key` header. The deposits less 1% go to the wallet; the interest accrued is forfeited. Breaking again answers the broken plan.',
        security,
        params: savingOrderParamsSchema,
        response: { 200: savingRecordResponseSchema },
      },
    },
    async (request) => ({
      message: OPERATION_SUCCESSFUL,
      data: await savings.breakPlan(request.userId ?? '', request.params),
    }),
  );
};
