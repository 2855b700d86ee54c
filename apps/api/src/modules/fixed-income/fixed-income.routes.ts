import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  createFixedIncomeOrderBodySchema,
  fixedIncomeOrderResponseSchema,
  fixedIncomeOrdersResponseSchema,
  fixedIncomeProductsResponseSchema,
  investmentPageQuerySchema,
} from '@ajo/contracts/fixed-income';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import type { FixedIncomeService } from './fixed-income.service.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';

const tags = ['fixed income'];
const security = sessionSecurity;

export const fixedIncomeRoutes: FastifyPluginAsyncZod<{
  fixedIncome: FixedIncomeService;
  requireUser: SessionGuard;
}> = async (app, { fixedIncome, requireUser }) => {
  app.get(
    '/fixed_incomes',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listFixedIncomes',
        tags,
        summary: 'The fixed-income products',
        description:
          'Treasury bills, FGN bonds, commercial paper and corporate bonds, a page at a time in `data.items` (`page` from 0, `size` up to 100): tenor, rate per annum, minimum and maximum per order, the coupon schedule (`at_maturity` or `semi_annual`) and whether 10% withholding tax applies.',
        security,
        querystring: investmentPageQuerySchema,
        response: { 200: fixedIncomeProductsResponseSchema },
      },
    },
    async (request) => ({
      message: 'fixed incomes',
      data: await fixedIncome.catalogue(request.query),
    }),
  );

  app.post(
    '/fixed_incomes/orders',
    {
      onRequest: requireUser,
      config: { idempotent: true, transactionPin: true },
      schema: {
        operationId: 'createFixedIncomeOrder',
        tags,
        summary: 'Buy a fixed-income product from the NGN wallet',
        description:
          'Needs an `Idempotency-Key` header. The amount must lie between the product’s minimum and maximum and be in the wallet; it leaves the wallet at once. Coupons (semi-annual products) and the maturity payment come back to the wallet on their dates, less 10% withholding tax where it applies. The same key answers the same order and moves no money again.',
        security,
        body: createFixedIncomeOrderBodySchema,
        response: { 200: fixedIncomeOrderResponseSchema },
      },
    },
    async (request) => {
      const order = await fixedIncome.buy(
        request.userId ?? '',
        request.body,
        idempotencyKeyOf(request) ?? '',
      );
      return { message: OPERATION_SUCCESSFUL, data: order };
    },
  );

  const listOrders = {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      querystring: investmentPageQuerySchema,
      response: { 200: fixedIncomeOrdersResponseSchema },
    },
  };
  const answerOrders = async (request: {
    userId?: string | undefined;
    query: { page: number; size: number };
  }) => ({
    message: 'fixed income orders',
    data: await fixedIncome.orders(request.userId ?? '', request.query),
  });

  app.get(
    '/fixed_incomes/orders',
    {
      ...listOrders,
      schema: {
        ...listOrders.schema,
        operationId: 'listFixedIncomeOrders',
        summary: 'My fixed-income orders',
        description:
          'Newest first, a page at a time in `data.items`: each order with its rate, dates, every payment of its schedule (paid or to come, gross, tax, net), the next payment and what has been paid so far.',
      },
    },
    answerOrders,
  );

  app.get(
    '/fixed_incomes/prders',
    {
      ...listOrders,
      schema: {
        ...listOrders.schema,
        operationId: 'listFixedIncomeOrdersSpecAlias',
        summary: 'My fixed-income orders (the spec’s spelling)',
        description:
          'The same answer as `GET /fixed_incomes/orders`. The specification spells the path this way; it is kept so a client built to it still works.',
        deprecated: true,
      },
    },
    answerOrders,
  );
};
