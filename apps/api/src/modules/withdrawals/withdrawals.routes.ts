import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  withdrawBodySchema,
  withdrawQuoteQuerySchema,
  withdrawQuoteResponseSchema,
  withdrawResponseSchema,
} from '@ajo/contracts/banks';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import { toTransaction } from '../../money/activity.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';

const decimal = (amountMinor: bigint | null) =>
  amountMinor === null ? null : formatMinorAsDecimal(amountMinor);

export const withdrawalRoutes: FastifyPluginAsyncZod<{
  withdrawals: WithdrawalsService;
  requireUser: SessionGuard;
}> = async (app, { withdrawals, requireUser }) => {
  const security = sessionSecurity;

  app.get(
    '/wallets/withdraw/quote',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'quoteWithdrawal',
        tags: ['wallets'],
        summary: 'Fee, total and limits of a withdrawal, shown before confirming',
        description:
          'Without `amount`, answers for the most that can be withdrawn now (`withdrawable`: what the available balance, the tier maximum and what is left of today allow, the fee included in what leaves the wallet).',
        security,
        querystring: withdrawQuoteQuerySchema,
        response: { 200: withdrawQuoteResponseSchema },
      },
    },
    async (request) => {
      const quote = await withdrawals.quote(request.userId ?? '', request.query.amount);
      return {
        message: 'withdrawal quote',
        data: {
          amount: formatMinorAsDecimal(quote.amountMinor),
          fee: formatMinorAsDecimal(quote.feeMinor),
          total: formatMinorAsDecimal(quote.amountMinor + quote.feeMinor),
          minimum: formatMinorAsDecimal(quote.minimumMinor),
          maximum: decimal(quote.maximumMinor),
          daily_remaining: decimal(quote.dailyRemainingMinor),
          available: formatMinorAsDecimal(quote.availableMinor),
          withdrawable: formatMinorAsDecimal(quote.withdrawableMinor),
        },
      };
    },
  );

  app.post(
    '/wallets/withdraw',
    {
      onRequest: requireUser,
      config: { idempotent: true, transactionPin: true },
      schema: {
        operationId: 'withdraw',
        tags: ['wallets'],
        summary: 'Withdraw to one of my bank accounts',
        description:
          'Needs an `Idempotency-Key` header. The amount plus the fee is held at once; the transaction stays pending until the bank transfer succeeds (posted), fails or is reversed (released).',
        security,
        body: withdrawBodySchema,
        response: { 200: withdrawResponseSchema },
      },
    },
    async (request) => {
      // The idempotency plugin has checked the header; the key names the payout (see the service).
      const result = await withdrawals.withdraw(
        request.userId ?? '',
        request.body,
        idempotencyKeyOf(request),
      );
      return {
        message: OPERATION_SUCCESSFUL,
        data: {
          amount: formatMinorAsDecimal(result.amountMinor),
          fee: formatMinorAsDecimal(result.feeMinor),
          total: formatMinorAsDecimal(result.amountMinor + result.feeMinor),
          transaction: toTransaction(result.transaction),
        },
      };
    },
  );
};
