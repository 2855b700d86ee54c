import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { parseAmount } from '@ajo/money/parse';
import {
  CardWebhookUnauthorized,
  type AuthorizationAnswer,
  type CardIssuerEvent,
} from './cards.port.ts';

// Sudo Africa's webhook shape, shared by the real adapter and the sandbox (which signs its own
// events the same way): `{ type, data: { object } }`, authenticated by the Authorization token
// set on the webhook in Sudo's dashboard. Amounts are major units (dollars), possibly numbers.

/** Dollars as a number or decimal text, read exactly into cents (a sign is dropped). */
const dollars = z.union([z.number(), z.string()]).transform((value, context) => {
  try {
    return parseAmount(typeof value === 'number' ? Math.abs(value) : value.replace(/^-/, ''));
  } catch {
    context.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
});

/** An id or an embedded object with its `_id`. */
const idOf = z
  .union([z.string().min(1), z.object({ _id: z.string().min(1) })])
  .transform((value) => (typeof value === 'string' ? value : value._id));

const merchant = z
  .object({
    name: z.string().nullish(),
    city: z.string().nullish(),
    country: z.string().nullish(),
  })
  .nullish();

const authorization = z.object({
  _id: z.string().min(1),
  card: idOf,
  amount: dollars,
  currency: z.string().default('USD'),
  merchant,
  status: z.string().nullish(),
});

const transaction = z.object({
  _id: z.string().min(1),
  authorization: idOf,
  amount: dollars,
  type: z.string().nullish(),
});

const envelope = z.object({
  type: z.string().min(1),
  data: z.object({ object: z.unknown() }),
});

/** Constant-time comparison of the webhook's Authorization header with the configured token. */
export function verifyWebhookToken(
  headers: Record<string, string | string[] | undefined>,
  expected: string,
): void {
  const raw = headers.authorization;
  const given = (Array.isArray(raw) ? raw[0] : raw)?.replace(/^Bearer\s+/i, '') ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (expected.length === 0 || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new CardWebhookUnauthorized('the webhook does not carry the issuer’s token');
  }
}

/** A Sudo webhook body as one of our events; an event we do not act on is `ignored`. */
export function readSudoEvent(body: unknown): CardIssuerEvent {
  const event = envelope.parse(body);
  const object = event.data.object;
  switch (event.type) {
    case 'authorization.request': {
      const request = authorization.parse(object);
      return {
        type: 'authorization.request',
        authorizationId: request._id,
        issuerCardId: request.card,
        amountMinor: request.amount,
        currency: request.currency.toUpperCase(),
        merchant: {
          name: request.merchant?.name ?? 'Unknown merchant',
          city: request.merchant?.city ?? null,
          country: request.merchant?.country ?? null,
        },
      };
    }
    case 'transaction.created': {
      const settled = transaction.parse(object);
      if (settled.type === 'refund') {
        return {
          type: 'authorization.refunded',
          authorizationId: settled.authorization,
          refundId: settled._id,
          amountMinor: settled.amount,
        };
      }
      return {
        type: 'authorization.settled',
        authorizationId: settled.authorization,
        amountMinor: settled.amount,
      };
    }
    case 'transaction.refund': {
      const refund = transaction.parse(object);
      return {
        type: 'authorization.refunded',
        authorizationId: refund.authorization,
        refundId: refund._id,
        amountMinor: refund.amount,
      };
    }
    case 'authorization.reversal':
    case 'authorization.updated': {
      const updated = authorization.parse(object);
      const released = ['reversed', 'canceled', 'cancelled', 'expired', 'closed'];
      if (event.type === 'authorization.reversal' || released.includes(updated.status ?? '')) {
        return { type: 'authorization.reversed', authorizationId: updated._id };
      }
      return { type: 'ignored', eventType: event.type };
    }
    default:
      return { type: 'ignored', eventType: event.type };
  }
}

/** Sudo's expected answer: `responseCode` "00" approves, an ISO 8583 code ("51") declines. */
export function sudoAnswer(decision: AuthorizationAnswer): Record<string, unknown> {
  return decision.approved
    ? { statusCode: 200, responseCode: '00' }
    : { statusCode: 400, responseCode: decision.code };
}
