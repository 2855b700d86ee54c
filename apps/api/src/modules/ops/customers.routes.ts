import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerDetailResponseSchema,
  customerIdParamsSchema,
  customerSearchQuerySchema,
  customerSearchResponseSchema,
} from '@ajo/contracts/ops-customers';
import { actor } from './audit.ts';
import { customersService } from './customers.service.ts';
import type { OpsContext } from './ops.module.ts';
import { operatorSecurity } from './ops-auth.routes.ts';

/**
 * The customers screens: search, and one customer's profile, KYC state, limits and money. Every
 * call is a read of personal data, so every call is recorded in the audit log (by id and kind,
 * never the personal data itself).
 */
export const customersRoutes: FastifyPluginAsyncZod<OpsContext> = async (app, context) => {
  const customers = customersService(context);
  const tags = ['ops'];

  app.get(
    '/customers',
    {
      onRequest: context.requireOperator,
      schema: {
        operationId: 'searchCustomers',
        summary: 'Search customers',
        description:
          'By email (contains, any case), name, phone (any of +234…, 0…, or the 10 digits; contains), funding account number (exact), or exactly by customer id, transaction id or transaction reference. Phones are masked to their last 4 digits; closed accounts show no personal data and match by id or reference only. Recorded in the audit log as `customer.searched` with the kind of query and its length, never the query text (it may be an email, a name or a phone).',
        tags,
        security: operatorSecurity,
        querystring: customerSearchQuerySchema,
        response: { 200: customerSearchResponseSchema },
      },
    },
    async (request) => ({
      message: 'customers',
      data: await customers.search(request.query, actor(request)),
    }),
  );

  app.get(
    '/customers/:id',
    {
      onRequest: context.requireOperator,
      schema: {
        operationId: 'getCustomer',
        summary: 'One customer: profile, KYC, limits, money and operator actions',
        description:
          'The profile (phone masked), KYC state (BVN masked as "1234**", identity verification status and dates; never the selfie), the tier\'s limits from `transaction_limits` with today\'s usage, wallet balances, linked bank accounts (masked), the 20 newest transactions, open products and the operator actions on this customer. Recorded in the audit log as `customer.viewed` (subject the customer id; no personal data). 404 for an unknown id, 400 for one that is not a UUID.',
        tags,
        security: operatorSecurity,
        params: customerIdParamsSchema,
        response: { 200: customerDetailResponseSchema },
      },
    },
    async (request) => ({
      message: 'customer',
      data: await customers.detail(request.params.id, actor(request)),
    }),
  );
};
