import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  cardIdParamsSchema,
  cardListResponseSchema,
  cardMoneyBodySchema,
  cardMovementResponseSchema,
  cardQuoteBodySchema,
  cardQuoteResponseSchema,
  cardResponseSchema,
  cardRevealResponseSchema,
  cardTermsResponseSchema,
  cardTransactionPageResponseSchema,
  cardTransactionsQuerySchema,
  createCardBodySchema,
  revealCardBodySchema,
  terminatedCardResponseSchema,
} from '@ajo/contracts/cards';
import { sessionSecurity as security, type SessionGuard } from '../../platform/sessions.ts';
import type { CardsService } from './cards.service.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';

const tags = ['cards'];

const quoteRefusals =
  'A quote that is missing, expired, already used, or for another amount, purpose or card is refused with 409 (`code` `quote_required`, `quote_expired`, `quote_used` or `quote_mismatch`) and nothing is written: ask for a new quote and send it with a new Idempotency-Key.';

/** The virtual dollar card's own routes (decision 0025). */
export const cardRoutes: FastifyPluginAsyncZod<{
  cards: CardsService;
  requireUser: SessionGuard;
}> = async (app, { cards, requireUser }) => {
  const userOf = (request: { userId?: string | undefined }) => request.userId ?? '';

  app.get(
    '/cards',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listCards',
        tags,
        summary: 'My virtual dollar cards',
        description:
          'Newest first, terminated cards included. Only the last four digits of a number are ever answered; `available_balance` is the balance less authorisations still held.',
        security,
        response: { 200: cardListResponseSchema },
      },
    },
    async (request) => ({ message: 'cards', data: { items: await cards.list(userOf(request)) } }),
  );

  app.get(
    '/cards/terms',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'cardTerms',
        tags,
        summary: 'What a dollar card costs and allows, and whether I may create one',
        description:
          'The creation fee (dollars, taken from the first funding), the minimum funding, the maximum balance, how many cards one person may hold, today’s buy and sell rates, and `can_create` with the reason in words when not (tier 2 is required; one live card per person by default).',
        security,
        response: { 200: cardTermsResponseSchema },
      },
    },
    async (request) => ({ message: 'card terms', data: await cards.terms(userOf(request)) }),
  );

  app.post(
    '/cards/quotes',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'quoteCardMovement',
        tags,
        summary: 'A naira quote for creating, funding or withdrawing from a card',
        description:
          'Honoured once for 60 seconds. create and fund buy dollars at the buy rate (naira rounded UP to the kobo, the creation fee included on create); withdraw sells them at the sell rate (rounded DOWN). The rules are checked now too: tier 2 and the card limit (create), the minimum funding and maximum balance (create, fund), the available balance (withdraw). `card_id` is required for fund and withdraw.',
        security,
        body: cardQuoteBodySchema,
        response: { 200: cardQuoteResponseSchema },
      },
    },
    async (request) => ({
      message: 'card quote',
      data: await cards.quote(userOf(request), request.body),
    }),
  );

  app.post(
    '/cards',
    {
      onRequest: requireUser,
      config: { idempotent: true, transactionPin: true },
      schema: {
        operationId: 'createCard',
        tags,
        summary: 'Create a virtual dollar card funded from the naira wallet',
        description: `Needs an \`Idempotency-Key\` header and a \`create\` quote for \`amount\` dollars. The quote's naira total leaves the NGN wallet; the card holds \`amount\` (the creation fee went to the issuer). Tier 2 only (403 \`tier_required\`); one live card per person by default (409 \`card_limit\`). ${quoteRefusals}`,
        security,
        body: createCardBodySchema,
        response: { 200: cardMovementResponseSchema },
      },
    },
    async (request) => ({
      message: OPERATION_SUCCESSFUL,
      data: await cards.create(userOf(request), request.body, idempotencyKeyOf(request) ?? ''),
    }),
  );

  /**
   * Funding and withdrawing are one movement in two directions: the same guards (idempotency,
   * transaction PIN), a quote for this card and amount, the same answer.
   */
  const cardMovementRoute = (
    path: string,
    move: CardsService['fund' | 'withdraw'],
    operation: { operationId: string; summary: string; description: string },
  ) =>
    app.post(
      path,
      {
        onRequest: requireUser,
        config: { idempotent: true, transactionPin: true },
        schema: {
          operationId: operation.operationId,
          tags,
          summary: operation.summary,
          description: operation.description,
          security,
          params: cardIdParamsSchema,
          body: cardMoneyBodySchema,
          response: { 200: cardMovementResponseSchema },
        },
      },
      async (request) => ({
        message: OPERATION_SUCCESSFUL,
        data: await move(
          userOf(request),
          request.params.id,
          request.body,
          idempotencyKeyOf(request) ?? '',
        ),
      }),
    );

  cardMovementRoute('/cards/:id/fund', cards.fund, {
    operationId: 'fundCard',
    summary: 'Add dollars to a card from the naira wallet',
    description: `Needs an \`Idempotency-Key\` header and a \`fund\` quote for this card and amount. A frozen card may be funded; a terminated one may not (409). The card may hold at most the maximum balance (422 \`above_maximum\`). ${quoteRefusals}`,
  });

  cardMovementRoute('/cards/:id/withdraw', cards.withdraw, {
    operationId: 'withdrawFromCard',
    summary: 'Move dollars from a card to the naira wallet',
    description: `Needs an \`Idempotency-Key\` header and a \`withdraw\` quote for this card and amount; at most the available balance (422 \`above_available\`). ${quoteRefusals}`,
  });

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.post(
      `/cards/:id/${action}`,
      {
        onRequest: requireUser,
        schema: {
          operationId: action === 'freeze' ? 'freezeCard' : 'unfreezeCard',
          tags,
          summary: action === 'freeze' ? 'Freeze a card' : 'Unfreeze a card',
          description:
            action === 'freeze'
              ? 'Every authorisation is declined while frozen ("Your card is frozen"). Freezing a frozen card answers it unchanged; a terminated card answers 409.'
              : 'The card pays again. Unfreezing an active card answers it unchanged; a terminated card answers 409.',
          security,
          params: cardIdParamsSchema,
          response: { 200: cardResponseSchema },
        },
      },
      async (request) => ({
        message: OPERATION_SUCCESSFUL,
        data: await cards[action](userOf(request), request.params.id),
      }),
    );
  }

  app.delete(
    '/cards/:id',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'terminateCard',
        tags,
        summary: 'Terminate a card; its balance goes to the USD wallet',
        description:
          'Final. The whole balance moves to the USD wallet (`transaction`, null when the card was empty). A card with purchases still pending answers 409 `card_has_pending` until they settle or lapse; a terminated card answers 409.',
        security,
        params: cardIdParamsSchema,
        response: { 200: terminatedCardResponseSchema },
      },
    },
    async (request) => ({
      message: OPERATION_SUCCESSFUL,
      data: await cards.terminate(userOf(request), request.params.id),
    }),
  );

  app.post(
    '/cards/:id/reveal',
    {
      onRequest: requireUser,
      config: { transactionPin: true },
      schema: {
        operationId: 'revealCard',
        tags,
        summary: 'A short-lived token to show the card number and CVV from the issuer’s vault',
        description:
          'Needs the password again (422 `wrong_password`). At most 5 attempts per person in 15 minutes (429). Every attempt is logged (who, which card, when, granted or not). The number and CVV never pass through this API: fetch them from `number_url` and `cvv_url` with `Authorization: Bearer <token>` and hide them by `expires_at`.',
        security,
        params: cardIdParamsSchema,
        body: revealCardBodySchema,
        response: { 200: cardRevealResponseSchema },
      },
    },
    async (request) => ({
      message: OPERATION_SUCCESSFUL,
      data: await cards.reveal(
        userOf(request),
        request.params.id,
        request.body.password,
        request.ip,
      ),
    }),
  );

  app.get(
    '/cards/:id/transactions',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listCardTransactions',
        tags,
        summary: 'A card’s transactions, newest first',
        description:
          'Fundings, withdrawals, the creation fee, purchases (pending while held, settled, declined with the reason in words, reversed), refunds and the termination. Amounts in dollars, positive into the card.',
        security,
        params: cardIdParamsSchema,
        querystring: cardTransactionsQuerySchema,
        response: { 200: cardTransactionPageResponseSchema },
      },
    },
    async (request) => ({
      message: 'card transactions',
      data: await cards.transactions(userOf(request), request.params.id, request.query),
    }),
  );
};
