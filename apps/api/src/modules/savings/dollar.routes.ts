import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  createDollarInvestmentBodySchema,
  dollarQuoteQuerySchema,
  fxQuoteResponseSchema,
  usdWithdrawalBodySchema,
  usdWithdrawalResponseSchema,
} from '@ajo/contracts/dollar';
import { savingRecordResponseSchema } from '@ajo/contracts/savings';
import type { ApiScope, AppContext } from '../../app-context.ts';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import { exchangeRateProvider } from '../../providers/rates/rates.port.ts';
import { dollarInvestmentsService, type DollarInvestmentsService } from './dollar-investments.ts';
import { usdWithdrawalsService, type UsdWithdrawalsService } from './usd-withdrawals.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';

const security = sessionSecurity;

const quoteRefusals =
  'A quote that is missing, expired, already used or for another amount is refused with 409 (`code` `quote_required`, `quote_expired`, `quote_used` or `quote_mismatch`) and nothing is written; the answer carries a new quote for the same amount: `errors` holds the sentence to show at path `quote_id` and the new quote field by field at paths `quote.id`, `quote.rate`, `quote.naira_amount`, `quote.fee`, `quote.total` and `quote.expires_at`. Confirm it and send its id with a new Idempotency-Key.';

export const dollarRoutes: FastifyPluginAsyncZod<{
  investments: DollarInvestmentsService;
  withdrawals: UsdWithdrawalsService;
  requireUser: SessionGuard;
}> = async (app, { investments, withdrawals, requireUser }) => {
  app.get(
    '/savings/dollar/quote',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'quoteDollarInvestment',
        tags: ['savings'],
        summary: 'What a dollar investment costs in naira now',
        description:
          '`amount` in dollars (at least $50, at most 2 decimals). Answers a stored quote honoured for 60 seconds and once: `naira_amount` is the dollars × the buy `rate` (naira per $1) rounded UP to the kobo, `fee` is 0 (no processing fee applies to a conversion) and `total` is what leaves the naira wallet.',
        security,
        querystring: dollarQuoteQuerySchema,
        response: { 200: fxQuoteResponseSchema },
      },
    },
    async (request) => ({
      message: 'dollar quote',
      data: await investments.quote(request.userId ?? '', request.query.amount),
    }),
  );

  app.post(
    '/savings/dollar',
    {
      onRequest: requireUser,
      config: { idempotent: true, transactionPin: true },
      schema: {
        operationId: 'createDollarInvestment',
        tags: ['savings'],
        summary: 'Invest dollars bought from the NGN wallet at a confirmed quote',
        description: `Needs an \`Idempotency-Key\` header. \`amount\` in dollars (at least $50), \`duration\` a duration id of the Dollar Investment product, \`quote_id\` the quote the user confirmed (without it, the user's newest unused quote for this amount). The quote's total leaves the NGN wallet and the dollars go into the plan, which matures into the USD wallet with its interest less 10% withholding tax. ${quoteRefusals}`,
        security,
        body: createDollarInvestmentBodySchema,
        response: { 200: savingRecordResponseSchema },
      },
    },
    async (request) => ({
      message: OPERATION_SUCCESSFUL,
      data: await investments.invest(
        request.userId ?? '',
        request.body,
        idempotencyKeyOf(request) ?? '',
      ),
    }),
  );

  app.get(
    '/wallets/usd/withdraw/quote',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'quoteUsdWithdrawal',
        tags: ['wallets'],
        summary: 'What dollars from the USD wallet fetch in naira now',
        description:
          '`amount` in dollars (at most 2 decimals). Answers a stored quote honoured for 60 seconds and once: `naira_amount` is the dollars × the sell `rate` (naira per $1) rounded DOWN to the kobo, `fee` is 0 and `total` is what reaches the naira wallet.',
        security,
        querystring: dollarQuoteQuerySchema,
        response: { 200: fxQuoteResponseSchema },
      },
    },
    async (request) => ({
      message: 'withdrawal quote',
      data: await withdrawals.quote(request.userId ?? '', request.query.amount),
    }),
  );

  app.post(
    '/wallets/usd/withdraw',
    {
      onRequest: requireUser,
      config: { idempotent: true, transactionPin: true },
      schema: {
        operationId: 'withdrawUsd',
        tags: ['wallets'],
        summary: 'Move dollars from the USD wallet to the NGN wallet at a confirmed quote',
        description: `Needs an \`Idempotency-Key\` header. The spec's "Make a Withdrawal": \`amount\` dollars leave the USD wallet and the quote's total reaches the NGN wallet, recorded as two transactions of type \`fx\`. \`quote_id\` is the sell quote the user confirmed (without it, the user's newest unused sell quote for this amount). ${quoteRefusals}`,
        security,
        body: usdWithdrawalBodySchema,
        response: { 200: usdWithdrawalResponseSchema },
      },
    },
    async (request) => ({
      message: OPERATION_SUCCESSFUL,
      data: await withdrawals.withdraw(
        request.userId ?? '',
        request.body,
        idempotencyKeyOf(request) ?? '',
      ),
    }),
  );
};

/** Dollar investment and the USD wallet's conversion to naira (issue 18). */
export async function registerDollarInvestments(v1: ApiScope, context: AppContext) {
  const { database, clock, requireUser } = context;
  const rates = exchangeRateProvider({ database, clock });
  const investments = dollarInvestmentsService({ database, clock, rates });
  const withdrawals = usdWithdrawalsService({ database, clock, rates });
  await v1.register(dollarRoutes, { investments, withdrawals, requireUser });
}
