import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardIdParamsSchema,
  cardTransactionIdParamsSchema,
  cardTransactionResponseSchema,
  cardVaultCvvResponseSchema,
  cardVaultNumberResponseSchema,
  cardVaultParamsSchema,
  sandboxAuthorizationBodySchema,
  sandboxAuthorizationResponseSchema,
  sandboxSettleBodySchema,
} from '@ajo/contracts/cards';
import { AppError } from '../../platform/errors.ts';
import type { SandboxCardIssuer } from '../../providers/cards/cards.port.ts';
import { cardErrors } from './card-policies.ts';
import { dollarAmount } from './card-quotes.ts';
import type { CardsService } from './cards.service.ts';

const tags = ['sandbox'];

/**
 * The sandbox's merchant and vault: a charge on a card goes to our decision exactly as the
 * issuer's `authorization.request` would (the sandbox issuer first declines a blocked merchant
 * itself), and the merchant later settles or reverses it. Sandbox only.
 */
export const cardSandboxRoutes: FastifyPluginAsyncZod<{
  cards: CardsService;
  issuer: SandboxCardIssuer;
}> = async (app, { cards, issuer }) => {
  const { authorizations } = cards;

  app.post(
    '/sandbox/cards/:id/authorizations',
    {
      schema: {
        operationId: 'simulateCardAuthorization',
        tags,
        summary: 'A merchant charges a card (sandbox)',
        description:
          '`amount` in dollars, `merchant` its name. The decision is ours, as for a real authorisation request: approved (and held) when the card is active and its available balance covers the amount; declined when frozen, terminated or short, with the reason in words. The merchant `Blocked Merchant` is declined by the issuer itself. Settle or reverse the approved one with the routes below.',
        params: cardIdParamsSchema,
        body: sandboxAuthorizationBodySchema,
        response: { 200: sandboxAuthorizationResponseSchema },
      },
    },
    async (request) => {
      const amountMinor = dollarAmount(request.body.amount);
      const card = await cards.cardForSandbox(request.params.id);
      if (card?.issuer !== issuer.slug) throw cardErrors.cardNotFound();
      const decision = await authorizations.authorize(
        {
          type: 'authorization.request',
          authorizationId: `sbx_auth_${randomUUID()}`,
          issuerCardId: card.issuer_card_id,
          amountMinor,
          currency: request.body.currency,
          merchant: { name: request.body.merchant, city: 'San Francisco', country: 'US' },
        },
        { declinedByIssuer: issuer.declinesBeforeAsking(request.body.merchant) },
      );
      if (!decision) throw cardErrors.cardNotFound();
      return {
        message: decision.answer.approved ? 'approved' : 'declined',
        data: {
          approved: decision.answer.approved,
          transaction: cards.toCardTransaction(decision.transaction),
        },
      };
    },
  );

  app.post(
    '/sandbox/cards/authorizations/:transactionId/settle',
    {
      schema: {
        operationId: 'settleCardAuthorization',
        tags,
        summary: 'The merchant settles an approved charge (sandbox)',
        description:
          'Optionally with a different `amount` (a partial or an over settlement): the settled amount is what is posted. Settled once: settling again answers the settled payment unchanged; a reversed one answers 409.',
        params: cardTransactionIdParamsSchema,
        body: sandboxSettleBodySchema,
        response: { 200: cardTransactionResponseSchema },
      },
    },
    async (request) => {
      const amountMinor =
        request.body.amount === undefined ? undefined : dollarAmount(request.body.amount);
      const settled = authorizations.assertFinishable(
        await authorizations.settle({ id: request.params.transactionId }, amountMinor),
        'settled',
      );
      return { message: 'settled', data: cards.toCardTransaction(settled) };
    },
  );

  app.post(
    '/sandbox/cards/authorizations/:transactionId/reverse',
    {
      schema: {
        operationId: 'reverseCardAuthorization',
        tags,
        summary: 'The merchant cancels an approved charge (sandbox)',
        description:
          'The hold is released once: reversing again answers the reversed payment unchanged; a settled one answers 409.',
        params: cardTransactionIdParamsSchema,
        response: { 200: cardTransactionResponseSchema },
      },
    },
    async (request) => {
      const reversed = authorizations.assertFinishable(
        await authorizations.reverse({ id: request.params.transactionId }),
        'reversed',
      );
      return { message: 'reversed', data: cards.toCardTransaction(reversed) };
    },
  );

  for (const field of ['number', 'cvv2'] as const) {
    app.get(
      `/sandbox/vault/cards/:issuerCardId/secure-data/${field}`,
      {
        schema: {
          operationId: field === 'number' ? 'sandboxVaultNumber' : 'sandboxVaultCvv',
          tags,
          summary: `The sandbox issuer’s vault: a card’s ${field === 'number' ? 'number' : 'CVV'}`,
          description:
            'What the issuer’s secure proxy answers the client with a reveal token (`Authorization: Bearer <token>`), for one minute. 401 without a live token. Sandbox only; nothing here is stored or logged.',
          params: cardVaultParamsSchema,
          response: {
            200: field === 'number' ? cardVaultNumberResponseSchema : cardVaultCvvResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const token = header.replace(/^Bearer\s+/i, '');
        const value = issuer.vault(request.params.issuerCardId, field, token);
        if (value === undefined) {
          throw new AppError('invalid_token', 'This card token is missing or has expired', 401);
        }
        void reply.header('cache-control', 'no-store');
        return field === 'number' ? { data: { number: value } } : { data: { cvv2: value } };
      },
    );
  }
};
