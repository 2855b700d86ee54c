import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '@ajo/contracts/common';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentEvent, PaymentsProvider } from '../../providers/payments/payments.port.ts';
import type { PayoutsProvider } from '../../providers/payouts/payouts.port.ts';
import type { DepositsService } from '../wallets/deposits.service.ts';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.ts';
import { storableBody } from './storable-body.ts';

/** What a signed event came to, for the provider's delivery log. */
const webhookResponseSchema = envelope(z.object({ outcome: z.string() }));

/**
 * `POST /v1/webhooks/{provider}`: the vendor's signed events. The signature is checked over the
 * raw bytes before anything is parsed or stored; every event is kept once per reference; money
 * moves only after the vendor's verify answer agrees (see the deposits service).
 */
export const webhookRoutes: FastifyPluginAsync<{
  database: Database;
  clock: Clock;
  payments: PaymentsProvider;
  deposits: DepositsService;
  payouts: PayoutsProvider;
  withdrawals: WithdrawalsService;
}> = async (app, { database, clock, payments, deposits, payouts, withdrawals }) => {
  // Raw bytes for this route only: the signature covers the body exactly as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    `/webhooks/${payments.slug}`,
    {
      schema: {
        tags: ['webhooks'],
        operationId: 'receivePaymentsWebhook',
        summary: `Events from the payments provider (${payments.slug})`,
        description:
          'Signed by the provider (an HMAC of the raw body). Each event is recorded once by its key and verified against the provider before anything is credited or settled; the answer is 200 for every signed event, 401 for a bad signature.',
        hide: false,
        response: { 200: webhookResponseSchema },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!payments.verifyWebhookSignature(rawBody, request.headers)) {
        throw new AppError('invalid_signature', 'The webhook signature is missing or wrong', 401);
      }
      const body = storableBody(rawBody);
      let event: PaymentEvent;
      try {
        event = payments.parseWebhook(body);
      } catch {
        throw new AppError(
          'invalid_webhook',
          'The webhook body is not an event we understand',
          400,
        );
      }
      // A payout has up to two final events (success, then reversed): each is kept on its own.
      const eventKey =
        event.type === 'ignored'
          ? `${event.event}:${createHash('sha256').update(rawBody).digest('hex')}`
          : event.type === 'payout_settled'
            ? `${event.type}:${event.status}:${event.reference}`
            : `${event.type}:${event.reference}`;
      /** What the event comes to: money moves only after the vendor's verify answer agrees. */
      const actOn = async (): Promise<string> => {
        if (event.type === 'transfer_received') return deposits.receiveTransfer(event);
        if (event.type === 'checkout_succeeded') {
          const settled = await deposits.completeCardDeposit(event.reference);
          return settled ? `checkout_${settled.status}` : 'unknown_reference';
        }
        if (event.type === 'payout_settled') {
          // As with deposits, the vendor's own answer decides, not the webhook.
          const state = await payouts.fetchTransfer(event.reference).catch(() => {
            throw new AppError(
              'provider_unavailable',
              'Could not confirm the transfer; retry',
              503,
            );
          });
          if (state?.status === event.status) {
            await withdrawals.settle(event.reference, event.status);
            return `payout_${event.status}`;
          }
          app.log.warn(
            { reference: event.reference, webhook: event.status, vendor: state?.status },
            'payout webhook contradicts the vendor; not applied',
          );
          return 'review';
        }
        return 'ignored';
      };
      const receivedAt = clock.now().toISOString();
      let outcome = 'failed';
      try {
        outcome = await actOn();
      } finally {
        // One write per delivery, once it has been acted on. The first delivery's payload and
        // time stay; a failure is kept as 'failed' (the vendor delivers it again), and the
        // outcome of the delivery that acted is the one kept. Two deliveries at once can record
        // in either order: the one that found the money already moved ('duplicate') may write
        // first, so the acting one replaces it, and a later duplicate never hides it.
        await database.db.execute(sql`insert into provider_events (provider, event_key, event_type,
              payload, outcome, received_at)
            values (${payments.slug}, ${eventKey}, ${event.type},
              ${body.toString('utf8')}::jsonb, ${outcome}, ${receivedAt})
            on conflict (provider, event_key) do update set outcome = excluded.outcome
              where provider_events.outcome = 'failed'
                 or (provider_events.outcome = 'duplicate'
                     and excluded.outcome not in ('failed', 'duplicate'))`);
      }
      return { message: 'received', data: { outcome } };
    },
  );
};
