import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import { CardWebhookUnauthorized, type CardIssuerEvent, type IssuerAnswer } from './cards.port.ts';

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

/**
 * An authorisation. On `authorization.request` the amount asked for is in `pendingRequest`: the
 * top-level `amount` is 0 until we have answered, and then the amount approved or declined
 * (docs.sudo.africa, "Real-time Authorizations").
 */
const authorization = z.object({
  _id: z.string().min(1),
  card: idOf,
  currency: z.string().default('USD'),
  merchant,
  status: z.string().nullish(),
});

const authorizationRequest = authorization.extend({
  pendingRequest: z.object({ amount: dollars, currency: z.string().nullish() }),
});

/** The card a balance enquiry (`card.balance`) is about: the event's object is the card. */
const cardObject = z.object({ _id: z.string().min(1) });

/**
 * Statuses of `authorization.updated` that release an approved authorisation. `closed` is not
 * one: Sudo closes an authorisation when its transaction is created, the normal end of a
 * purchase (docs.sudo.africa, "Authorizations"); the settlement comes as `transaction.created`.
 */
const releasedStatuses = ['reversed', 'canceled', 'cancelled', 'expired'];

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
      const request = authorizationRequest.parse(object);
      return {
        type: 'authorization.request',
        authorizationId: request._id,
        issuerCardId: request.card,
        amountMinor: request.pendingRequest.amount,
        currency: (request.pendingRequest.currency ?? request.currency).toUpperCase(),
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
      if (
        event.type === 'authorization.reversal' ||
        releasedStatuses.includes(updated.status ?? '')
      ) {
        return { type: 'authorization.reversed', authorizationId: updated._id };
      }
      return { type: 'ignored', eventType: event.type };
    }
    case 'card.balance':
      return { type: 'card.balance', issuerCardId: cardObject.parse(object)._id };
    default:
      return { type: 'ignored', eventType: event.type };
  }
}

/**
 * Our answer in Sudo's shape. An authorisation: `responseCode` "00" approves, an ISO 8583 code
 * ("51") declines. Sudo's pages show the code at the top level ("Real-time Authorizations") and
 * under `data` ("Authorization Request" webhook), so it is sent in both places. A balance
 * enquiry: the card's spendable balance in dollars.
 */
export function sudoAnswer(answer: IssuerAnswer): Record<string, unknown> {
  if ('balanceMinor' in answer) {
    return {
      statusCode: 200,
      responseCode: '00',
      data: { balance: Number(formatMinorAsDecimal(answer.balanceMinor)) },
    };
  }
  const responseCode = answer.approved ? '00' : answer.code;
  return { statusCode: answer.approved ? 200 : 400, responseCode, data: { responseCode } };
}
