import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import {
  CardWebhookUnauthorized,
  type CardIssuer,
  type CardIssuerEvent,
} from '../../providers/cards/cards.port.ts';
import type { CardsService } from './cards.service.ts';

const answerSchema = z.record(z.string(), z.unknown());

/**
 * `POST /v1/webhooks/cards/{issuer}`: the card issuer's events. Its credentials are checked
 * first (401 without them); an authorisation request is answered with our decision in the
 * issuer's shape, within its deadline; settlements, reversals and refunds act once each, so a
 * replay answers 200 and changes nothing.
 */
export const cardWebhookRoutes: FastifyPluginAsync<{
  cards: CardsService;
  issuer: CardIssuer;
}> = async (app, { cards, issuer }) => {
  app.post(
    `/webhooks/cards/${issuer.slug}`,
    {
      schema: {
        tags: ['webhooks'],
        operationId: 'receiveCardIssuerWebhook',
        summary: `Events from the card issuer (${issuer.slug})`,
        description:
          'Authenticated by the token set on the webhook at the issuer (the `Authorization` header; 401 otherwise). `authorization.request` (the amount asked for in `pendingRequest`) is answered with our decision (`responseCode` "00" approves, "51" insufficient funds, "62" frozen, "14" terminated); `card.balance` with the card\'s spendable balance in dollars; `transaction.created`, `transaction.refund` and `authorization.updated` (reversed, cancelled or expired) settle, refund or release an authorisation once.',
        response: { 200: answerSchema },
      },
    },
    async (request) => {
      let event: CardIssuerEvent;
      try {
        event = issuer.readWebhook(request.headers, request.body);
      } catch (error) {
        if (error instanceof CardWebhookUnauthorized) {
          throw new AppError(
            'invalid_signature',
            'The webhook credentials are missing or wrong',
            401,
          );
        }
        throw new AppError(
          'invalid_webhook',
          'The webhook body is not an event we understand',
          400,
        );
      }
      const decision = await cards.authorizations.handle(event);
      if (!decision) return { statusCode: 200, message: 'ok' };
      return issuer.answer(decision);
    },
  );
};
