import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  categoryIdParamsSchema,
  commoditiesResponseSchema,
  commodityCategoriesResponseSchema,
  commodityCategoryResponseSchema,
  commodityHoldingsResponseSchema,
  commodityIdParamsSchema,
  commodityPricesQuerySchema,
  commodityPricesResponseSchema,
  commodityQuoteBodySchema,
  commodityQuoteResponseSchema,
  commodityTradeBodySchema,
  commodityTradeResponseSchema,
  listCommoditiesQuerySchema,
  listCommodityCategoriesQuerySchema,
} from '@ajo/contracts/commodities';
import { sessionSecurity as security, type SessionGuard } from '../../platform/sessions.ts';
import type { CommoditiesService } from './commodities.service.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';

const tags = ['commodities'];

const tradeRules = (side: 'buy' | 'sell') =>
  `Needs an \`Idempotency-Key\` header: the same key answers the same trade and moves money once. Send \`units\` (at most 4 decimals) or \`amount\` in naira (units are then rounded DOWN to 0.0001), \`payment_method\` "wallet" and the \`quote_id\` the user confirmed (\`POST /commodities/quotes\` with side \`${side}\` and the same units or amount). Limits come from the \`transaction_limits\` item \`${side}_commodity\` for the user's tier (minimum, per trade, per day${side === 'sell' ? '; a sale of the whole holding may be below the minimum, so a small holding can always be sold' : ''}) and the fee from the \`processing_fees\` item \`${side}_commodity\`, payment method \`wallet\`. ${side === 'buy' ? 'The wallet pays amount + fee; a wallet short of it is refused with 422 `insufficient_funds`.' : 'The wallet receives amount − fee; selling more units than held is refused with 422 `insufficient_units`.'} The naira and the units move in one database transaction, and the trade appears in \`GET /transactions\` as type \`trade\`. A quote that is missing, expired, already used or for another trade is refused with 409 (\`code\` \`quote_required\`, \`quote_expired\`, \`quote_used\` or \`quote_mismatch\`) and nothing moves; the answer carries a new quote: \`errors\` holds the sentence to show at path \`quote_id\` and the new quote field by field at paths \`quote.id\`, \`quote.price\`, \`quote.units\`, \`quote.amount\`, \`quote.fee\`, \`quote.total\` and \`quote.expires_at\`. Confirm it and send its id with a new Idempotency-Key.`;

export const commoditiesRoutes: FastifyPluginAsyncZod<{
  commodities: CommoditiesService;
  requireUser: SessionGuard;
}> = async (app, { commodities, requireUser }) => {
  app.get(
    '/commodities',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listCommodities',
        tags,
        summary: 'The commodity catalogue with today’s prices',
        description:
          'Paged (`page` from 0, `size` 1 to 50, default 20), ordered by category then name. `search` matches part of the name, code, unit or category name (any case); `category_id` keeps one category. Prices are naira per unit for the current business date (Africa/Lagos); `change_bps` is the sell price’s change since the previous day.',
        security,
        querystring: listCommoditiesQuerySchema,
        response: { 200: commoditiesResponseSchema },
      },
    },
    async (request) => ({ message: 'commodities', data: await commodities.list(request.query) }),
  );

  app.get(
    '/commodities/categories',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listCommodityCategories',
        tags,
        summary: 'Commodity categories',
        description:
          'Paged (`page` from 0, `size` 1 to 20, default 20): grains, cash crops, precious metals, each with how many commodities it has.',
        security,
        querystring: listCommodityCategoriesQuerySchema,
        response: { 200: commodityCategoriesResponseSchema },
      },
    },
    async (request) => ({
      message: 'commodity categories',
      data: await commodities.categories(request.query.page, request.query.size),
    }),
  );

  app.get(
    '/commodities/categories/:id',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getCommodityCategory',
        tags,
        summary: 'A commodity category with its commodities',
        description:
          'The category and each of its commodities with today’s prices. An unknown id answers 404.',
        security,
        params: categoryIdParamsSchema,
        response: { 200: commodityCategoryResponseSchema },
      },
    },
    async (request) => ({
      message: 'commodity category',
      data: await commodities.category(request.params.id),
    }),
  );

  app.get(
    '/commodities/holdings',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listCommodityHoldings',
        tags,
        summary: 'What the user holds of each commodity',
        description:
          'Each holding with units left: `units` (4 decimals), `cost` (what they cost at average cost, fees excluded), `value` (units × today’s sell price, rounded down to the kobo), `gain` (value − cost) and `gain_bps`; with the totals.',
        security,
        response: { 200: commodityHoldingsResponseSchema },
      },
    },
    async (request) => ({
      message: 'commodity holdings',
      data: await commodities.holdings(request.userId ?? ''),
    }),
  );

  app.get(
    '/commodities/:id/prices',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listCommodityPrices',
        tags,
        summary: 'A commodity’s daily price history, for its chart',
        description:
          'One buy and sell price per business date for the last `days` days (1 to 365, default 30), oldest first. An unknown id answers 404.',
        security,
        params: commodityIdParamsSchema,
        querystring: commodityPricesQuerySchema,
        response: { 200: commodityPricesResponseSchema },
      },
    },
    async (request) => ({
      message: 'commodity prices',
      data: await commodities.prices(request.params.id, request.query.days),
    }),
  );

  app.post(
    '/commodities/quotes',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'quoteCommodityTrade',
        tags,
        summary: 'The price of a commodity trade, honoured for 60 seconds',
        description:
          '`side` buy or sell, and `units` (at most 4 decimals) or `amount` in naira. Answers a stored quote honoured for 60 seconds and once: `price` per unit, `units`, `amount` (units × price, rounded UP to the kobo on a buy and DOWN on a sell), `fee` (the `processing_fees` rule for the wallet), `total` (what the wallet pays or receives) and `expires_at`. Limits and, on a sell, the units held are checked now and again at the trade. Moves no money.',
        security,
        body: commodityQuoteBodySchema,
        response: { 200: commodityQuoteResponseSchema },
      },
    },
    async (request) => ({
      message: 'commodity quote',
      data: await commodities.quote(request.userId ?? '', request.body),
    }),
  );

  for (const side of ['buy', 'sell'] as const) {
    app.post(
      `/commodities/${side}`,
      {
        onRequest: requireUser,
        config: { idempotent: true, transactionPin: true },
        schema: {
          operationId: side === 'buy' ? 'buyCommodity' : 'sellCommodity',
          tags,
          summary:
            side === 'buy'
              ? 'Buy commodity units from the wallet at a confirmed quote'
              : 'Sell commodity units into the wallet at a confirmed quote',
          description: tradeRules(side),
          security,
          body: commodityTradeBodySchema,
          response: { 200: commodityTradeResponseSchema },
        },
      },
      async (request) => ({
        message: OPERATION_SUCCESSFUL,
        data: await commodities.trade(
          request.userId ?? '',
          side,
          request.body,
          idempotencyKeyOf(request) ?? '',
        ),
      }),
    );
  }
};
