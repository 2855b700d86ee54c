import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import { batcher, succeeded } from '../../platform/batcher.ts';
import { batchInput, rows, type Database } from '../../platform/db.ts';
import { buildNuban } from '../virtual-accounts/nuban.ts';
import {
  PaymentProviderError,
  type CheckoutStatus,
  type CheckoutVerification,
  type PaymentEvent,
  type PaymentsProvider,
} from './payments.port.ts';

/** The sandbox bank: an "other institution" code ("9" + 5 digits, DOMAIN.md). */
export const sandboxBank = { name: 'Ajo Sandbox MFB', code: '090999', institution: '99999' };

export const sandboxSignatureHeader = 'x-sandbox-signature';

/** A signed webhook, ready to be delivered to `/v1/webhooks/sandbox`. */
export interface SandboxDelivery {
  body: Buffer;
  headers: Record<string, string>;
}

/** Signs and checks sandbox webhooks the way Paystack does: hex HMAC-SHA512 of the raw body. */
export interface SandboxWebhookSigner {
  sign: (body: Buffer) => string;
  /** The payload as JSON bytes with its signature header, ready to deliver. */
  delivery: (payload: unknown) => SandboxDelivery;
  /** Constant-time check of `x-sandbox-signature` over the raw body bytes. */
  verify: (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) => boolean;
}

/**
 * The one signer behind every sandbox webhook (payments and payouts), so all of them verify at
 * `/v1/webhooks/sandbox` when the same secret is used.
 */
export function sandboxWebhookSigner(secret: string): SandboxWebhookSigner {
  const sign = (body: Buffer) => createHmac('sha512', secret).update(body).digest('hex');
  return {
    sign,
    delivery: (payload) => {
      const body = Buffer.from(JSON.stringify(payload));
      return {
        body,
        headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: sign(body) },
      };
    },
    verify: (rawBody, headers) => {
      const given = headers[sandboxSignatureHeader];
      if (typeof given !== 'string' || !/^[0-9a-f]{128}$/i.test(given)) return false;
      return timingSafeEqual(
        Buffer.from(given.toLowerCase(), 'hex'),
        Buffer.from(sign(rawBody), 'hex'),
      );
    },
  };
}

/** A bank transfer into one of the sandbox's accounts. */
interface IncomingTransfer {
  accountNumber: string;
  amountMinor: bigint;
  senderName: string;
  reference: string;
}

export interface SandboxPaymentsProvider extends PaymentsProvider {
  /** A bank transfer into one of the sandbox's accounts; answers the signed webhook to deliver. */
  receiveTransfer(transfer: IncomingTransfer): Promise<SandboxDelivery | undefined>;
  /** The hosted checkout page's buttons; success answers the signed `charge.success` webhook. */
  settleCheckout(
    reference: string,
    outcome: 'success' | 'failed',
  ): Promise<{ callbackUrl: string; delivery: SandboxDelivery | undefined } | undefined>;
  findCheckout(reference: string): Promise<SandboxCheckout | undefined>;
}

export interface SandboxCheckout {
  reference: string;
  status: string;
  amountMinor: bigint;
  email: string;
  callbackUrl: string;
}

interface PaymentRow {
  reference: string;
  kind: string;
  status: string;
  amount_minor: string;
  currency: string;
  email: string | null;
  callback_url: string | null;
  account_number: string | null;
  sender_name: string | null;
  transaction_id: string;
  paid_at: string | Date | null;
}

/** The sandbox speaks Paystack's webhook dialect, signed with its own secret. */
const webhookSchema = z.object({
  event: z.string(),
  data: z.looseObject({
    reference: z.string().min(1),
    amount: z.number().int().positive(),
    currency: z.string(),
    paid_at: z.string().optional(),
    authorization: z
      .looseObject({
        channel: z.string(),
        receiver_bank_account_number: z.string().optional(),
        sender_name: z.string().optional(),
        sender_bank: z.string().optional(),
      })
      .optional(),
  }),
});

/** Payout webhooks (sent by the sandbox payouts provider) and the final status each carries. */
const payoutEvents = new Map<string, 'success' | 'failed' | 'reversed'>([
  ['transfer.success', 'success'],
  ['transfer.failed', 'failed'],
  ['transfer.reversed', 'reversed'],
]);

/**
 * A payments vendor living in our own database: it issues valid NUBANs in the sandbox bank,
 * hosts a checkout page with Pay and Fail buttons, signs webhooks the way Paystack does, and
 * answers verify calls from its own books, so the app's money code runs exactly as in production.
 */
export function sandboxPaymentsProvider(options: {
  database: Database;
  clock: Clock;
  webhookSecret: string;
}): SandboxPaymentsProvider {
  const { database, clock } = options;
  const signer = sandboxWebhookSigner(options.webhookSecret);
  const delivery = signer.delivery;
  const findPayment = async (reference: string) =>
    (
      await rows<PaymentRow>(
        database.db,
        sql`select * from sandbox_payments where reference = ${reference}`,
      )
    )[0];
  const transactionId = () => String(4_000_000_000 + randomBytes(4).readUInt32BE(0));

  /**
   * Transfers arriving together are recorded in one statement, as a bank's own storage would
   * take them (one commit per transfer was the sandbox's cost, not ours; bench row d). Only into
   * an open sandbox account; a reference recorded before is the bank delivering one transfer
   * twice, and answers undefined here (the caller reads what was recorded).
   */
  const transferRecords = batcher<IncomingTransfer & { at: Date }, PaymentRow | undefined>({
    maxBatch: 64,
    conflictKey: (transfer) => transfer.reference,
    run: async (transfers) => {
      const input = batchInput('input', {
        reference: ['text', transfers.map((transfer) => transfer.reference)],
        amount_minor: ['bigint', transfers.map((transfer) => transfer.amountMinor)],
        account_number: ['text', transfers.map((transfer) => transfer.accountNumber)],
        sender_name: ['text', transfers.map((transfer) => transfer.senderName)],
        transaction_id: ['text', transfers.map(() => transactionId())],
        at: ['timestamptz', transfers.map((transfer) => transfer.at)],
      });
      const inserted = await rows<PaymentRow>(
        database.db,
        sql`insert into sandbox_payments
            (reference, kind, status, amount_minor, currency, account_number, sender_name,
             transaction_id, created_at, paid_at)
            select input.reference, 'transfer', 'success', input.amount_minor, 'NGN',
                   account.account_number, input.sender_name, input.transaction_id, input.at,
                   input.at
              from ${input}
              join sandbox_virtual_accounts account
                on account.account_number = input.account_number
               and account.deactivated_at is null
            on conflict (reference) do nothing
            returning *`,
      );
      const byReference = new Map(inserted.map((row) => [row.reference, row]));
      return transfers.map((transfer) => succeeded(byReference.get(transfer.reference)));
    },
  });

  return {
    slug: 'sandbox',

    createDedicatedAccount: async (request) => {
      const existing = await rows<{ account_number: string; account_name: string }>(
        database.db,
        sql`select account_number, account_name from sandbox_virtual_accounts
             where customer_reference = ${request.customerReference}`,
      );
      let account = existing[0];
      if (!account) {
        const [serial] = await rows<{ value: string }>(
          database.db,
          sql`select nextval('sandbox_nuban_serial')::text as value`,
        );
        const accountNumber = buildNuban(
          sandboxBank.institution,
          (serial?.value ?? '0').padStart(9, '0'),
        );
        await database.db.execute(sql`insert into sandbox_virtual_accounts
            (account_number, customer_reference, account_name, created_at)
            values (${accountNumber}, ${request.customerReference}, ${request.accountName},
                    ${clock.now().toISOString()})
            on conflict (customer_reference) do nothing`);
        // Re-read: a parallel call for the same customer may have won the insert.
        account = (
          await rows<{ account_number: string; account_name: string }>(
            database.db,
            sql`select account_number, account_name from sandbox_virtual_accounts
                 where customer_reference = ${request.customerReference}`,
          )
        )[0] ?? { account_number: accountNumber, account_name: request.accountName };
      }
      return {
        accountNumber: account.account_number,
        accountName: account.account_name,
        bankName: sandboxBank.name,
        bankCode: sandboxBank.code,
        providerReference: `SBX-DVA-${account.account_number}`,
      };
    },

    deactivateDedicatedAccount: async (providerReference) => {
      const accountNumber = /^SBX-DVA-(\d{10})$/.exec(providerReference)?.[1];
      if (!accountNumber) {
        throw new PaymentProviderError('rejected', 'No dedicated account has this id');
      }
      await database.db.execute(sql`update sandbox_virtual_accounts
          set deactivated_at = coalesce(deactivated_at, ${clock.now().toISOString()})
        where account_number = ${accountNumber}`);
    },

    initializeCheckout: async (request) => {
      if (request.amountMinor <= 0n) throw new PaymentProviderError('rejected', 'Invalid amount');
      await database.db.execute(sql`insert into sandbox_payments
          (reference, kind, status, amount_minor, currency, email, callback_url, transaction_id,
           created_at)
          values (${request.reference}, 'checkout', 'pending', ${request.amountMinor.toString()},
                  ${request.currency}, ${request.email}, ${request.callbackUrl}, ${transactionId()},
                  ${clock.now().toISOString()})
          on conflict (reference) do nothing`);
      const found = await findPayment(request.reference);
      if (found?.kind !== 'checkout') {
        throw new PaymentProviderError('rejected', 'Duplicate transaction reference');
      }
      return {
        authorizationUrl: `${new URL(request.callbackUrl).origin}/v1/sandbox/checkout/${encodeURIComponent(request.reference)}`,
        reference: request.reference,
        providerReference: `SBX-ACCESS-${found.transaction_id}`,
      };
    },

    verifyCheckout: async (reference): Promise<CheckoutVerification> => {
      const found = await findPayment(reference);
      if (!found) throw new PaymentProviderError('rejected', 'Transaction reference not found');
      return {
        reference,
        kind: found.kind === 'transfer' ? 'transfer' : 'checkout',
        accountNumber: found.kind === 'transfer' ? found.account_number : null,
        status: found.status as CheckoutStatus,
        amountMinor: BigInt(found.amount_minor),
        currency: found.currency,
        paidAt: found.paid_at ? new Date(found.paid_at) : null,
        providerTransactionId: found.transaction_id,
      };
    },

    verifyWebhookSignature: (rawBody, headers) => signer.verify(rawBody, headers),

    parseWebhook: (rawBody): PaymentEvent => {
      const { event, data } = webhookSchema.parse(JSON.parse(rawBody.toString('utf8')));
      const payoutStatus = payoutEvents.get(event);
      if (payoutStatus) {
        return {
          type: 'payout_settled',
          reference: data.reference,
          status: payoutStatus,
          amountMinor: BigInt(data.amount),
        };
      }
      if (event !== 'charge.success') return { type: 'ignored', event };
      const authorization = data.authorization;
      if (authorization?.channel === 'dedicated_nuban') {
        return {
          type: 'transfer_received',
          reference: data.reference,
          accountNumber: z
            .string()
            .regex(/^\d{10}$/)
            .parse(authorization.receiver_bank_account_number),
          amountMinor: BigInt(data.amount),
          currency: data.currency,
          senderName: authorization.sender_name ?? 'Unknown sender',
          senderBank: authorization.sender_bank ?? 'Unknown bank',
          paidAt: new Date(data.paid_at ?? Date.now()),
        };
      }
      return {
        type: 'checkout_succeeded',
        reference: data.reference,
        amountMinor: BigInt(data.amount),
        currency: data.currency,
      };
    },

    receiveTransfer: async (transfer) => {
      const now = clock.now();
      // Recorded only into a sandbox account; the same reference twice is the vendor delivering
      // one transfer twice, not a second one.
      let stored = await transferRecords({ ...transfer, at: now });
      if (!stored) {
        const [account] = await rows<{ account_number: string }>(
          database.db,
          sql`select account_number from sandbox_virtual_accounts
               where account_number = ${transfer.accountNumber} and deactivated_at is null`,
        );
        if (!account) return undefined;
        stored = await findPayment(transfer.reference);
      }
      if (stored?.kind !== 'transfer' || stored.account_number !== transfer.accountNumber) {
        throw new PaymentProviderError('rejected', 'This reference belongs to another payment');
      }
      return delivery({
        event: 'charge.success',
        data: {
          id: Number(stored.transaction_id),
          reference: stored.reference,
          amount: Number(stored.amount_minor),
          currency: 'NGN',
          status: 'success',
          channel: 'dedicated_nuban',
          paid_at: new Date(stored.paid_at ?? now).toISOString(),
          authorization: {
            channel: 'dedicated_nuban',
            receiver_bank_account_number: stored.account_number,
            receiver_bank: sandboxBank.name,
            sender_name: stored.sender_name,
            sender_bank: 'Sandbox Sender Bank',
          },
        },
      });
    },

    settleCheckout: async (reference, outcome) => {
      const found = await findPayment(reference);
      if (found?.kind !== 'checkout' || !found.callback_url) return undefined;
      const now = clock.now();
      if (found.status === 'pending') {
        await database.db.execute(sql`update sandbox_payments
            set status = ${outcome}, paid_at = ${outcome === 'success' ? now.toISOString() : null}
            where reference = ${reference} and status = 'pending'`);
      }
      const settled = await findPayment(reference);
      const callback = new URL(found.callback_url);
      callback.searchParams.set('trxref', reference);
      callback.searchParams.set('reference', reference);
      return {
        callbackUrl: callback.toString(),
        delivery:
          settled?.status === 'success'
            ? delivery({
                event: 'charge.success',
                data: {
                  id: Number(settled.transaction_id),
                  reference,
                  amount: Number(settled.amount_minor),
                  currency: settled.currency,
                  status: 'success',
                  channel: 'card',
                  paid_at: new Date(settled.paid_at ?? now).toISOString(),
                  authorization: { channel: 'card', card_type: 'visa', last4: '4081' },
                },
              })
            : undefined,
      };
    },

    findCheckout: async (reference) => {
      const found = await findPayment(reference);
      if (found?.kind !== 'checkout') return undefined;
      return {
        reference: found.reference,
        status: found.status,
        amountMinor: BigInt(found.amount_minor),
        email: found.email ?? '',
        callbackUrl: found.callback_url ?? '',
      };
    },
  };
}
