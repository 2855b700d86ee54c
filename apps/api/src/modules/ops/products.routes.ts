import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelProductChangeBodySchema,
  createProductBodySchema,
  opsCatalogueResponseSchema,
  productChangeResponseSchema,
  productChangesQuerySchema,
  productChangesResponseSchema,
  scheduleProductChangeBodySchema,
} from '@ajo/contracts/ops-products';
import { actor } from './audit.ts';
import type { OperatorGuard } from './operator-guard.ts';
import { operatorSecurity } from './ops-auth.routes.ts';
import type { ProductsService } from './products.service.ts';

const changeParams = z.object({ id: z.string().max(100) });

/** Product management: the catalogue, and changes to it from a chosen date (never backwards). */
export const productsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  requireOperator: OperatorGuard;
}> = async (app, { products, requireOperator }) => {
  app.get(
    '/products',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'listOpsProducts',
        summary: 'The catalogue as operators edit it',
        description:
          'Savings products (rates and durations), commodities, fixed-income products, real-estate listings, fees, limits, the exchange rate and adverts: each with its id, the current values of its editable fields, and the changes scheduled for it.',
        tags: ['ops'],
        security: operatorSecurity,
        response: { 200: opsCatalogueResponseSchema },
      },
    },
    async () => ({ message: 'products', data: await products.catalogue() }),
  );

  app.get(
    '/product-changes',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'listProductChanges',
        summary: 'Product changes',
        description:
          'Scheduled changes in the order they fall due; applied and cancelled ones newest first.',
        tags: ['ops'],
        security: operatorSecurity,
        querystring: productChangesQuerySchema,
        response: { 200: productChangesResponseSchema },
      },
    },
    async (request) => ({
      message: 'product changes',
      data: { items: await products.listChanges(request.query.status) },
    }),
  );

  app.post(
    '/product-changes',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'scheduleProductChange',
        summary: 'Schedule a change to a product',
        description:
          'Sets the given fields of one product (or fee, limit, exchange rate or advert) from `effective_from`, which may not be in the past (422). A change due now applies at once. What customers already hold keeps its terms: plans and orders keep the rate they were made on; fees and limits apply to new operations only.',
        tags: ['ops'],
        security: operatorSecurity,
        body: scheduleProductChangeBodySchema,
        response: { 200: productChangeResponseSchema },
      },
    },
    async (request) => ({
      message: 'product change scheduled',
      data: await products.schedule(request.body, actor(request)),
    }),
  );

  app.post(
    '/products',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'createProduct',
        summary: 'Add a real-estate listing or an advert',
        description:
          'Stores the new listing or advert hidden and schedules the change that shows it from `effective_from` (not in the past, 422; `now` shows it at once). Answers that change; its `target_id` is the new product. Both are in the audit log.',
        tags: ['ops'],
        security: operatorSecurity,
        body: createProductBodySchema,
        response: { 200: productChangeResponseSchema },
      },
    },
    async (request) => ({
      message: 'product added',
      data: await products.create(request.body, actor(request)),
    }),
  );

  app.post(
    '/product-changes/:id/cancel',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'cancelProductChange',
        summary: 'Cancel a scheduled product change',
        description: 'Only a change still scheduled can be cancelled (409 otherwise).',
        tags: ['ops'],
        security: operatorSecurity,
        params: changeParams,
        body: cancelProductChangeBodySchema,
        response: { 200: productChangeResponseSchema },
      },
    },
    async (request) => ({
      message: 'product change cancelled',
      data: await products.cancel(request.params.id, request.body.reason, actor(request)),
    }),
  );
};
