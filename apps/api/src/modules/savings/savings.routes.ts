import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  createFixedSavingBodySchema,
  savingOrderDetailResponseSchema,
  savingOrderParamsSchema,
  savingOrdersResponseSchema,
  savingRecordResponseSchema,
  savingsProductsResponseSchema,
  savingsQuerySchema,
  savingsResponseSchema,
} from '@ajo/contracts/savings';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import type { SavingsService } from './savings.service.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';

const tags = ['savings'];
const security = sessionSecurity;

const page = <T>(items: T[]) => ({ items, page: 0, size: items.length, total: items.length });

export const savingsRoutes: FastifyPluginAsyncZod<{
  savings: SavingsService;
  requireUser: SessionGuard;
}> = async (app, { savings, requireUser }) => {
  app.get(
    '/savings/plans',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listSavingsProducts',
        tags,
        summary: 'The savings products and their rate charts',
        description:
          'Fixed, Target Savings and Dollar Investment, each with `meta.durations` (`id`, `label`, `days`, `rate` in percent per annum) and, for targets, categories, collection methods and frequencies. Rates are the catalogue’s now; a plan keeps the rate it was made at.',
        security,
        response: { 200: savingsProductsResponseSchema },
      },
    },
    async () => ({ message: 'savings plans', data: { items: await savings.catalogue() } }),
  );

  app.post(
    '/savings/fixed',
    {
      onRequest: requireUser,
      config: { idempotent: true },
      schema: {
        operationId: 'createFixedSaving',
        tags,
        summary: 'Fix an amount from the NGN wallet until a maturity date',
        description:
          'Needs an `Idempotency-Key` header. At least ₦1,000; `duration` is a duration id of the Fixed product. The amount leaves the wallet at once; at maturity the principal and the interest less 10% withholding tax come back to it. A fixed plan cannot be broken early.',
        security,
        body: createFixedSavingBodySchema,
        response: { 200: savingRecordResponseSchema },
      },
    },
    async (request) => {
      const record = await savings.createFixed(
        request.userId ?? '',
        request.body,
        idempotencyKeyOf(request) ?? '',
      );
      return { message: OPERATION_SUCCESSFUL, data: record };
    },
  );

  app.get(
    '/savings',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listSavings',
        tags,
        summary: 'My savings, each with its plan',
        description:
          'Newest first, in `data.items`; filter by product `slug` and `status` (active or matured).',
        security,
        querystring: savingsQuerySchema,
        response: { 200: savingsResponseSchema },
      },
    },
    async (request) => ({
      message: 'savings',
      data: page(await savings.savings(request.userId ?? '', request.query)),
    }),
  );

  app.get(
    '/savings/orders',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listSavingOrders',
        tags,
        summary: 'My savings plans (orders)',
        description: 'Newest first, in `data.items`; the same filters as `GET /savings`.',
        security,
        querystring: savingsQuerySchema,
        response: { 200: savingOrdersResponseSchema },
      },
    },
    async (request) => ({
      message: 'saving orders',
      data: page(await savings.orders(request.userId ?? '', request.query)),
    }),
  );

  app.get(
    '/savings/:savingId/orders/:orderId',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getSavingOrder',
        tags,
        summary: 'One plan with its daily interest',
        description:
          'Principal, rate, dates, interest accrued so far, what maturity will pay (gross, 10% withholding tax, net) or paid, and each day’s interest, newest first.',
        security,
        params: savingOrderParamsSchema,
        response: { 200: savingOrderDetailResponseSchema },
      },
    },
    async (request) => ({
      message: 'saving order',
      data: await savings.detail(request.userId ?? '', request.params),
    }),
  );
};
