import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '@ajo/contracts/common';
import { batcher, succeeded } from '../../platform/batcher.ts';
import type { Clock } from '../../platform/clock.ts';
import { batchInput, type Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentEvent, PaymentsProvider } from '../../providers/payments/payments.port.ts';
import type { PayoutsProvider } from '../../providers/payouts/payouts.port.ts';
import type { DepositsService } from '../wallets/deposits.service.ts';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.ts';
import { storableBody } from './storable-body.ts';

/** One delivery of a signed event as the delivery log keeps it. */
interface Delivery {
  eventKey: string;
  eventType: string;
  /** The body as stored: JSON text. */
  payload: string;
  outcome: string;
  receivedAt: string;
}

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

  /**
   * The delivery log, one write per delivery once it has been acted on, in batches (group commit,
   * decision 0013). The first delivery's payload and time stay; a failure is kept as 'failed'
   * (the vendor delivers it again), and the outcome of the delivery that acted is the one kept.
   * Two deliveries at once can record in either order: the one that found the money already
   * moved ('duplicate') may write first, so the acting one replaces it, and a later duplicate
   * never hides it. One delivery of an event per batch: a statement updates a row once.
   */
  const logDeliveries = batcher<Delivery, undefined>({
    maxBatch: 64,
    conflictKey: (delivery) => delivery.eventKey,
    run: async (deliveries) => {
      const input = batchInput('input', {
        event_key: ['text', deliveries.map((delivery) => delivery.eventKey)],
        event_type: ['text', deliveries.map((delivery) => delivery.eventType)],
        payload: ['jsonb', deliveries.map((delivery) => delivery.payload)],
        outcome: ['text', deliveries.map((delivery) => delivery.outcome)],
        received_at: ['timestamptz', deliveries.map((delivery) => delivery.receivedAt)],
      });
      await database.db.execute(sql`insert into provider_events (provider, event_key, event_type,
            payload, outcome, received_at)
          select ${payments.slug}, event_key, event_type, payload, outcome, received_at
            from ${input}
          on conflict (provider, event_key) do update set outcome = excluded.outcome
            where provider_events.outcome = 'failed'
               or (provider_events.outcome = 'duplicate'
                   and excluded.outcome not in ('failed', 'duplicate'))`);
      return deliveries.map(() => succeeded(undefined));
    },
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
        await logDeliveries({
          eventKey,
          eventType: event.type,
          payload: body.toString('utf8'),
          outcome,
          receivedAt,
        });
      }
      return { message: 'received', data: { outcome } };
    },
  );
};
