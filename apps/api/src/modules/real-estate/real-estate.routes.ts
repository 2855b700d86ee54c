import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  buyRealEstateBodySchema,
  investmentPageQuerySchema,
  realEstateHoldingsResponseSchema,
  realEstatePropertiesResponseSchema,
  realEstatePurchaseResponseSchema,
} from '@ajo/contracts/real-estate';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import type { RealEstateService } from './real-estate.service.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';

const tags = ['real estate'];
const security = sessionSecurity;

export const realEstateRoutes: FastifyPluginAsyncZod<{
  realEstate: RealEstateService;
  requireUser: SessionGuard;
}> = async (app, { realEstate, requireUser }) => {
  app.get(
    '/real_estates',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listRealEstates',
        tags,
        summary: 'The properties sold in fractional units',
        description:
          'A page at a time in `data.items` (`page` from 0, `size` up to 100): price per unit, units in all and left, expected annual rental yield, the monthly rent of one unit before tax, location, and how the app draws the property (`art`).',
        security,
        querystring: investmentPageQuerySchema,
        response: { 200: realEstatePropertiesResponseSchema },
      },
    },
    async (request) => ({
      message: 'real estates',
      data: await realEstate.catalogue(request.query),
    }),
  );

  app.post(
    '/real_estates/buy',
    {
      onRequest: requireUser,
      config: { idempotent: true, transactionPin: true },
      schema: {
        operationId: 'buyRealEstate',
        tags,
        summary: 'Buy whole units of a property from the NGN wallet',
        description:
          'Needs an `Idempotency-Key` header. `units` × the price per unit leaves the wallet at once. Never sells more units than are left: a purchase larger than what is left is refused with the number left. Rent is distributed monthly, pro rata to the units held at the month’s end, less 10% withholding tax. The same key answers the same purchase and moves no money again.',
        security,
        body: buyRealEstateBodySchema,
        response: { 200: realEstatePurchaseResponseSchema },
      },
    },
    async (request) => {
      const purchase = await realEstate.buy(
        request.userId ?? '',
        request.body,
        idempotencyKeyOf(request) ?? '',
      );
      return { message: OPERATION_SUCCESSFUL, data: purchase };
    },
  );

  app.get(
    '/real_estates/orders',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listRealEstateHoldings',
        tags,
        summary: 'My real-estate holdings',
        description:
          'One holding per property, newest first, a page at a time in `data.items`: units, cost, rental income received (gross, tax, net) and the next rent date.',
        security,
        querystring: investmentPageQuerySchema,
        response: { 200: realEstateHoldingsResponseSchema },
      },
    },
    async (request) => ({
      message: 'real estate holdings',
      data: await realEstate.holdings(request.userId ?? '', request.query),
    }),
  );
};
