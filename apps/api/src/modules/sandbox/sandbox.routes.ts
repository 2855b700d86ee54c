import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mailboxQuerySchema,
  mailboxResponseSchema,
  sandboxBankAccountBodySchema,
  sandboxBankAccountResponseSchema,
  sandboxPayoutsResponseSchema,
  sandboxSettlePayoutBodySchema,
  sandboxSettlePayoutResponseSchema,
  sandboxTransferBodySchema,
  sandboxTransferResponseSchema,
} from '@ajo/contracts/sandbox';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { formatMoney } from '@ajo/money/format';
import { rows, type Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { PaymentProviderError } from '../../providers/payments/payments.port.ts';
import type { SandboxDelivery, SandboxPaymentsProvider } from '../../providers/payments/sandbox.ts';
import type { SandboxPayoutsProvider } from '../../providers/payouts/sandbox.ts';
import { PayoutProviderError } from '../../providers/payouts/payouts.port.ts';
import { amountFromInput } from '../../money/limits.ts';
import { checkoutPage, checkoutStylesheet } from './checkout-page.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

export interface SandboxRouteOptions {
  database: Database;
  /** Present when the sandbox is also the payments provider. */
  payments: SandboxPaymentsProvider | undefined;
  /** Present when the sandbox is also the payouts provider. */
  payouts: SandboxPayoutsProvider | undefined;
  /** Sends a signed webhook through the real webhook route; answers its HTTP status. */
  deliverWebhook: (delivery: SandboxDelivery) => Promise<number>;
}

const checkoutParamsSchema = z.strictObject({
  reference: z.string().regex(/^[A-Za-z0-9_.=-]{6,100}$/, 'Unknown checkout'),
});

/** Sandbox-only tools; not registered at all in production, so they answer 404 there. */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRouteOptions> = async (
  app,
  { database, payments, payouts, deliverWebhook },
) => {
  if (payments) registerSandboxPayments(app, payments, deliverWebhook);
  if (payouts) registerSandboxPayouts(app, payouts, deliverWebhook);

  app.get(
    '/sandbox/mailbox',
    {
      schema: {
        operationId: 'readSandboxMailbox',
        description: 'Newest first, codes included. Sandbox only (404 in production).',
        tags: ['sandbox'],
        summary: 'Emails the sandbox would have sent to an address, newest first',
        querystring: mailboxQuerySchema,
        response: { 200: mailboxResponseSchema },
      },
    },
    async (request) => {
      const messages = await rows<{
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string;
        created_at: string | Date;
      }>(
        database.db,
        sql`select to_address, subject, text_body, html_body, created_at from email_outbox
             where to_address = ${request.query.email} order by sequence desc limit 50`,
      );
      return {
        message: 'mailbox',
        data: {
          items: messages.map((message) => ({
            to: message.to_address,
            subject: message.subject,
            text: message.text_body,
            html: message.html_body,
            created_at: isoTimestamp(message.created_at),
          })),
        },
      };
    },
  );
};

type SandboxApp = Parameters<FastifyPluginAsyncZod>[0];

function registerSandboxPayments(
  app: SandboxApp,
  payments: SandboxPaymentsProvider,
  deliverWebhook: SandboxRouteOptions['deliverWebhook'],
) {
  // The hosted checkout page posts plain HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    '/sandbox/virtual-accounts/transfers',
    {
      schema: {
        operationId: 'sendSandboxTransfer',
        tags: ['sandbox'],
        summary:
          "Send a bank transfer to a sandbox account number (delivers the vendor's signed webhook)",
        description:
          'Sending the same `reference` twice simulates the vendor delivering one transfer twice: it is credited once.',
        body: sandboxTransferBodySchema,
        response: { 200: sandboxTransferResponseSchema },
      },
    },
    async (request) => {
      const amountMinor = amountFromInput(request.body.amount);
      // The webhook carries kobo as a JSON number: beyond this it could not be delivered exactly.
      if (amountMinor > BigInt(Number.MAX_SAFE_INTEGER)) {
        const most = formatMoney(BigInt(Number.MAX_SAFE_INTEGER), 'NGN');
        throw new AppError('amount_above_limit', `The sandbox sends at most ${most} at once`, 422, [
          { path: 'amount', message: `Enter at most ${most}` },
        ]);
      }
      // PostgreSQL text cannot hold NUL, and no bank sends control characters in a name.
      if (/\p{Cc}/u.test(request.body.sender_name)) {
        throw new AppError(
          'validation_failed',
          'sender_name: Enter the sender name without control characters',
          400,
          [{ path: 'sender_name', message: 'Enter the sender name without control characters' }],
        );
      }
      const reference = request.body.reference ?? `SBX-TRF-${randomBytes(6).toString('hex')}`;
      const delivery = await payments
        .receiveTransfer({
          accountNumber: request.body.account_number,
          amountMinor,
          senderName: request.body.sender_name,
          reference,
        })
        .catch((error: unknown) => {
          // Only the vendor's refusal is the caller's doing; anything else is ours (and its
          // message, a database error with the query, must not reach the caller).
          if (!(error instanceof PaymentProviderError)) throw error;
          throw new AppError('reference_in_use', error.message, 409);
        });
      if (!delivery) throw notFound('No sandbox account has this number');
      const status = await deliverWebhook(delivery);
      return { message: 'transfer sent', data: { reference, webhook_status: status } };
    },
  );

  app.get('/sandbox/checkout.css', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(checkoutStylesheet),
  );

  app.get(
    '/sandbox/checkout/:reference',
    {
      // The gateway's own page, not an API operation: kept out of the API description.
      schema: { hide: true, params: checkoutParamsSchema },
    },
    async (request, reply) => {
      const checkout = await payments.findCheckout(request.params.reference);
      if (!checkout) throw notFound('This checkout does not exist');
      return reply.type('text/html; charset=utf-8').send(
        checkoutPage({
          reference: checkout.reference,
          amount: formatMoney(checkout.amountMinor, 'NGN'),
          email: checkout.email,
          status: checkout.status,
        }),
      );
    },
  );

  for (const outcome of ['success', 'failed'] as const) {
    app.post(
      `/sandbox/checkout/:reference/${outcome === 'success' ? 'pay' : 'fail'}`,
      {
        // The buttons of the gateway's page (a form post and a 303), not API operations.
        schema: { hide: true, params: checkoutParamsSchema },
      },
      async (request, reply) => {
        const settled = await payments.settleCheckout(request.params.reference, outcome);
        if (!settled) throw notFound('This checkout does not exist');
        if (settled.delivery) await deliverWebhook(settled.delivery);
        return reply.redirect(settled.callbackUrl, 303);
      },
    );
  }
}

function registerSandboxPayouts(
  app: SandboxApp,
  payouts: SandboxPayoutsProvider,
  deliverWebhook: SandboxRouteOptions['deliverWebhook'],
) {
  app.post(
    '/sandbox/bank-accounts',
    {
      schema: {
        operationId: 'openSandboxBankAccount',
        description: 'In a name of your choice; name enquiry then resolves it.',
        tags: ['sandbox'],
        summary: 'Open an account in a sandbox bank; name enquiry then finds it',
        body: sandboxBankAccountBodySchema,
        response: { 200: sandboxBankAccountResponseSchema },
      },
    },
    async (request) => {
      try {
        const opened = await payouts.openBankAccount({
          accountName: request.body.account_name,
          ...(request.body.bank_code ? { bankCode: request.body.bank_code } : {}),
        });
        return {
          message: 'account opened',
          data: {
            account_number: opened.accountNumber,
            bank_code: opened.bankCode,
            bank_name: opened.bankName,
          },
        };
      } catch (error) {
        if (error instanceof PayoutProviderError) {
          throw new AppError('unknown_bank', 'Choose a bank from the bank list', 422);
        }
        throw error;
      }
    },
  );

  app.get(
    '/sandbox/payouts',
    {
      schema: {
        operationId: 'listSandboxPayouts',
        description: 'Newest first, with their status.',
        tags: ['sandbox'],
        summary: 'Payouts the sandbox bank holds, newest first',
        response: { 200: sandboxPayoutsResponseSchema },
      },
    },
    async () => {
      const items = await payouts.listPendingTransfers({
        statuses: ['pending', 'success', 'failed', 'reversed'],
      });
      return {
        message: 'payouts',
        data: {
          items: items.map((item) => ({
            reference: item.reference,
            amount: formatMinorAsDecimal(item.amountMinor),
            account_number: item.accountNumber,
            bank_code: item.bankCode,
            account_name: item.accountName,
            status: item.status,
            created_at: item.createdAt.toISOString(),
          })),
        },
      };
    },
  );

  app.post(
    '/sandbox/payouts/:reference/settle',
    {
      schema: {
        operationId: 'settleSandboxPayout',
        description:
          'success or failed while pending, reversed after success; the signed webhook follows.',
        tags: ['sandbox'],
        summary: 'Settle a pending payout (success or failed) or reverse a successful one',
        params: z.strictObject({ reference: z.string().min(1).max(100) }),
        body: sandboxSettlePayoutBodySchema,
        response: { 200: sandboxSettlePayoutResponseSchema },
      },
    },
    async (request) => {
      const delivery = await payouts.settleTransfer(request.params.reference, request.body.outcome);
      if (!delivery) {
        throw new AppError(
          'payout_not_settleable',
          'No payout with this reference can move to that outcome (pending → success or failed; success → reversed)',
          409,
        );
      }
      const status = await deliverWebhook(delivery);
      return {
        message: 'payout settled',
        data: {
          reference: request.params.reference,
          status: request.body.outcome,
          webhook_status: status,
        },
      };
    },
  );
}
