import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  depositBodySchema,
  depositQuoteQuerySchema,
  depositQuoteResponseSchema,
  depositResponseSchema,
  paymentReferenceParamsSchema,
  transactionResponseSchema,
  walletsResponseSchema,
  type Wallet,
} from '@ajo/contracts/wallet';
import type { Currency } from '@ajo/money/currency';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { onHoldAccountCode, walletAccountCode } from '../../money/ledger/account-codes.ts';
import { openWallet } from '../../money/ledger/ledger.service.ts';
import { rows, type Database } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { sessionReads, type OwnedRow } from '../../platform/session-reads.ts';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import type { DepositsService } from './deposits.service.ts';
import { findActivityByReference, toTransaction } from '../../money/activity.ts';

interface AccountBalanceRow {
  id: string;
  code: string;
  balance_minor: string;
  held_minor: string;
}

const currencies: Currency[] = ['NGN', 'USD'];

export const walletRoutes: FastifyPluginAsyncZod<{
  database: Database;
  deposits: DepositsService;
  requireUser: SessionGuard;
  publicUrl: string | undefined;
}> = async (app, { database, deposits, requireUser, publicUrl }) => {
  const security = sessionSecurity;
  const userId = (request: FastifyRequest) => request.userId ?? '';

  /**
   * The balances of the owners' wallet and on-hold accounts (found by owner and kind; their codes
   * tell them apart), a row of nulls for an owner without any, for every request of a batch at
   * once (`sessionReads`: the session checks ride in the same statement).
   */
  const balancesFor = sessionReads(async (owners) => ({
    found: await rows<OwnedRow & (AccountBalanceRow | Record<keyof AccountBalanceRow, null>)>(
      database.db,
      sql`with owner as (${owners})
          select owner.ord, owner.id as session_id, owner.user_id as session_user_id,
                 owner.last_seen_at as session_last_seen_at,
                 a.id, a.code, a.balance_minor::text, a.held_minor::text
            from owner
            left join lateral (select id, code, balance_minor, held_minor from ledger_accounts
                                where owner_user_id = owner.user_id
                                  and kind in ('user_wallet', 'user_on_hold')) a on true`,
    ),
    shared: undefined,
  }));

  app.get(
    '/wallets',
    {
      // Signed-in only: the token rules first, the session inside the balances query (one round trip).
      onRequest: requireUser.tokenRules,
      schema: {
        tags: ['wallets'],
        operationId: 'listWallets',
        summary: 'The naira and dollar wallets: available, reserved and on-hold amounts',
        description:
          "`amount` is what can be spent; `reserved_amount` is set aside for payouts in flight; `on_hold_amount` arrived above the account level's balance cap and waits for verification.",
        security,
        response: { 200: walletsResponseSchema },
      },
    },
    async (request) => {
      const { found } = await balancesFor(requireUser.check(request));
      const owner = userId(request);
      const codes = currencies.flatMap((currency) => [
        walletAccountCode(owner, currency),
        onHoldAccountCode(owner, currency),
      ]);
      const load = () =>
        rows<AccountBalanceRow>(
          database.db,
          sql`select id, code, balance_minor::text, held_minor::text from ledger_accounts
               where code in (${sql.join(
                 codes.map((code) => sql`${code}`),
                 sql`, `,
               )})`,
        );
      let accounts: AccountBalanceRow[] = found.filter(
        (row): row is OwnedRow & AccountBalanceRow => row.code !== null && codes.includes(row.code),
      );
      const missing = currencies.filter(
        (currency) => !accounts.some((row) => row.code === walletAccountCode(owner, currency)),
      );
      if (missing.length > 0) {
        await database.unitOfWork(async (tx) => {
          for (const currency of missing) await openWallet(tx, owner, currency);
        });
        accounts = await load();
      }
      const items: Wallet[] = currencies.map((currency) => {
        const wallet = accounts.find((row) => row.code === walletAccountCode(owner, currency));
        const onHold = accounts.find((row) => row.code === onHoldAccountCode(owner, currency));
        const balance = BigInt(wallet?.balance_minor ?? '0');
        const reserved = BigInt(wallet?.held_minor ?? '0');
        return {
          id: wallet?.id ?? '',
          type: currency,
          currency,
          amount: formatMinorAsDecimal(balance),
          available_amount: formatMinorAsDecimal(balance - reserved),
          reserved_amount: formatMinorAsDecimal(reserved),
          on_hold_amount: formatMinorAsDecimal(BigInt(onHold?.balance_minor ?? '0')),
        };
      });
      return { message: 'wallets', data: { items } };
    },
  );

  app.get(
    '/wallets/deposit/quote',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallets'],
        operationId: 'quoteCardDeposit',
        summary: 'Fee, total and limits of a card top-up, shown before paying',
        description:
          'The fee comes from `processing_fees`; the limits from `transaction_limits` and the account level. Nothing is charged or stored.',
        security,
        querystring: depositQuoteQuerySchema,
        response: { 200: depositQuoteResponseSchema },
      },
    },
    async (request) => {
      const quote = await deposits.quote(userId(request), request.query.amount);
      return {
        message: 'deposit quote',
        data: {
          amount: formatMinorAsDecimal(quote.amountMinor),
          fee: formatMinorAsDecimal(quote.feeMinor),
          total: formatMinorAsDecimal(quote.totalMinor),
          minimum: formatMinorAsDecimal(quote.minimumMinor),
          maximum: quote.maximumMinor === null ? null : formatMinorAsDecimal(quote.maximumMinor),
        },
      };
    },
  );

  app.post(
    '/wallets/deposit',
    {
      onRequest: requireUser,
      config: { idempotent: true },
      schema: {
        tags: ['wallets'],
        operationId: 'startCardDeposit',
        summary: 'Start a card top-up: answers the checkout page to send the user to',
        description:
          'Needs an `Idempotency-Key` header. The fee from `processing_fees` is added to the amount charged to the card; the wallet receives the amount.',
        security,
        body: depositBodySchema,
        response: { 200: depositResponseSchema },
      },
    },
    async (request) => {
      const base = publicUrl ?? `${request.protocol}://${request.host}`;
      const started = await deposits.startCardDeposit(userId(request), request.body.amount, base);
      return {
        message: OPERATION_SUCCESSFUL,
        data: {
          reference: started.pending.reference,
          authorization_url: started.authorizationUrl,
          amount: formatMinorAsDecimal(started.priced.amountMinor),
          fee: formatMinorAsDecimal(started.priced.feeMinor),
          total: formatMinorAsDecimal(started.priced.totalMinor),
          transaction: toTransaction(started.pending),
        },
      };
    },
  );

  app.post(
    '/wallets/deposit/:reference/verify',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallets'],
        operationId: 'verifyCardDeposit',
        summary: 'Check a card top-up with the payment partner and credit it once',
        description:
          'Asks the payment partner about the reference; a successful payment is credited exactly once, however many times this is called or the webhook arrives.',
        security,
        params: paymentReferenceParamsSchema,
        response: { 200: transactionResponseSchema },
      },
    },
    async (request) => {
      const { reference } = request.params;
      const own = await findActivityByReference(database.db, reference);
      if (own?.user_id !== userId(request) || own.channel !== 'card') {
        throw notFound('We could not find a payment with this reference');
      }
      const settled = (await deposits.completeCardDeposit(reference)) ?? own;
      return { message: 'payment status', data: toTransaction(settled) };
    },
  );

  app.post(
    '/wallets/deposit/:reference/cancel',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallets'],
        operationId: 'cancelCardDeposit',
        summary: 'Give up on a card top-up that was never paid',
        description:
          'The payment partner is asked first: a top-up paid in the meantime is credited and answers 409. Cancelling twice answers the cancelled top-up again.',
        security,
        params: paymentReferenceParamsSchema,
        response: { 200: transactionResponseSchema },
      },
    },
    async (request) => {
      const cancelled = await deposits.cancelCardDeposit(userId(request), request.params.reference);
      return { message: 'payment cancelled', data: toTransaction(cancelled) };
    },
  );
};
