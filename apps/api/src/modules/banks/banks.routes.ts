import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  bankAccountBodySchema,
  bankAccountIdParamsSchema,
  bankAccountResponseSchema,
  bankAccountsResponseSchema,
  banksResponseSchema,
  verifyBankResponseSchema,
  type BankAccount,
} from '@ajo/contracts/banks';
import { messageResponseSchema } from '@ajo/contracts/auth';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { sessionSecurity } from '../../platform/sessions.ts';
import {
  PayoutProviderError,
  type Bank,
  type PayoutsProvider,
} from '../../providers/payouts/payouts.port.ts';
import { findBvnRecord } from '../virtual-accounts/virtual-accounts.service.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

interface BankAccountRow {
  id: string;
  account_number: string;
  account_name: string;
  bank_code: string;
  bank_name: string;
  created_at: string | Date;
}

const toBankAccount = (row: BankAccountRow): BankAccount => ({
  id: row.id,
  account_number: row.account_number,
  account_name: row.account_name,
  bank_code: row.bank_code,
  bank_name: row.bank_name,
  created_at: isoTimestamp(row.created_at),
});

const nameTokens = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((token) => token.length > 0);

/** Bank names come as "OKAFOR ADA CHIOMA" or "Ada C. Okafor": both BVN names must be in it. */
export function accountNameMatches(
  bvnName: { firstName: string; lastName: string },
  accountName: string,
): boolean {
  const tokens = new Set(nameTokens(accountName));
  const wanted = [...nameTokens(bvnName.firstName), ...nameTokens(bvnName.lastName)];
  return wanted.length > 0 && wanted.every((token) => tokens.has(token));
}

const bvnNotVerified = () =>
  new AppError('bvn_not_verified', 'Verify your BVN before linking a bank account', 422);

/**
 * Why an account named `accountName` cannot be linked by the holder of `record` (their verified
 * BVN), or undefined when it can: withdrawals go only to accounts in the BVN's name (DOMAIN.md).
 */
function linkRefusal(
  record: { first_name: string; last_name: string } | undefined,
  accountName: string,
): AppError | undefined {
  if (!record) return bvnNotVerified();
  if (
    accountNameMatches({ firstName: record.first_name, lastName: record.last_name }, accountName)
  ) {
    return undefined;
  }
  return new AppError(
    'account_name_mismatch',
    `This account is in the name of ${accountName}. You can only withdraw to an account in your own name (${record.first_name} ${record.last_name})`,
    422,
  );
}

/** Banks change rarely: the list is kept for an hour. */
const bankListTtlMs = 60 * 60_000;

export const bankRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  payouts: PayoutsProvider;
  requireUser: (request: FastifyRequest) => Promise<void>;
}> = async (app, { database, clock, payouts, requireUser }) => {
  const security = sessionSecurity;
  let cached: { banks: Bank[]; at: number } | undefined;

  const banks = async () => {
    const now = clock.now().getTime();
    if (cached && now - cached.at < bankListTtlMs) return cached.banks;
    try {
      cached = { banks: await payouts.listBanks(), at: now };
      return cached.banks;
    } catch {
      if (cached) return cached.banks;
      throw new AppError(
        'provider_unavailable',
        'The bank list is not available; try again in a minute',
        503,
      );
    }
  };

  const resolve = async (accountNumber: string, bankCode: string) => {
    const bank = (await banks()).find((entry) => entry.code === bankCode);
    if (!bank) {
      throw new AppError('unknown_bank', 'Choose your bank from the list', 422, [
        { path: 'bank_code', message: 'Choose your bank from the list' },
      ]);
    }
    try {
      const resolved = await payouts.resolveAccount({ accountNumber, bankCode });
      return { ...resolved, bankName: bank.name };
    } catch (error) {
      if (error instanceof PayoutProviderError && error.reason !== 'unavailable') {
        throw new AppError(
          'account_not_found',
          'We could not find this account at the bank; check the number and the bank',
          422,
          [{ path: 'account_number', message: 'No account with this number at this bank' }],
        );
      }
      throw new AppError(
        'provider_unavailable',
        'The bank did not answer; try again in a minute',
        503,
      );
    }
  };

  app.get(
    '/banks',
    {
      onRequest: requireUser,
      schema: {
        tags: ['banks'],
        operationId: 'listBanks',
        summary: 'Nigerian banks and their codes',
        description: 'Every bank the payout partner can pay, with its code, sorted by name.',
        security,
        response: { 200: banksResponseSchema },
      },
    },
    async () => ({ message: 'banks', data: { items: await banks() } }),
  );

  app.post(
    '/banks/verify',
    {
      onRequest: requireUser,
      schema: {
        tags: ['banks'],
        operationId: 'verifyBankAccount',
        summary: 'Name enquiry: the name on an account number at a bank',
        description:
          'Asks the payout partner for the name on a 10-digit NUBAN at a bank, so the user can check it before linking.',
        security,
        body: bankAccountBodySchema,
        response: { 200: verifyBankResponseSchema },
      },
    },
    async (request) => {
      const resolved = await resolve(request.body.account_number, request.body.bank_code);
      const record = await findBvnRecord(database.db, request.userId ?? '');
      return {
        message: 'account verified',
        data: {
          account_number: resolved.accountNumber,
          account_name: resolved.accountName,
          bank_code: request.body.bank_code,
          bank_name: resolved.bankName,
          link_refusal: linkRefusal(record, resolved.accountName)?.message ?? null,
        },
      };
    },
  );

  app.get(
    '/bank_accounts',
    {
      onRequest: requireUser,
      schema: {
        tags: ['banks'],
        operationId: 'listBankAccounts',
        summary: 'My linked bank accounts',
        description: 'The accounts withdrawals can be sent to, newest first.',
        security,
        response: { 200: bankAccountsResponseSchema },
      },
    },
    async (request) => {
      const found = await rows<BankAccountRow>(
        database.db,
        sql`select id, account_number, account_name, bank_code, bank_name, created_at
              from bank_accounts where user_id = ${request.userId ?? ''} and deleted_at is null
             order by created_at desc`,
      );
      return { message: 'bank accounts', data: { items: found.map(toBankAccount) } };
    },
  );

  app.post(
    '/bank_accounts',
    {
      onRequest: requireUser,
      schema: {
        tags: ['banks'],
        operationId: 'linkBankAccount',
        summary: 'Link a bank account in my own name (it must match my verified BVN name)',
        description:
          'Needs a verified BVN (422 otherwise). The name from the name enquiry must match the BVN name (422 otherwise); linking an account again answers it again.',
        security,
        body: bankAccountBodySchema,
        response: { 200: bankAccountResponseSchema },
      },
    },
    async (request) => {
      const userId = request.userId ?? '';
      const record = await findBvnRecord(database.db, userId);
      if (!record) throw bvnNotVerified();
      const resolved = await resolve(request.body.account_number, request.body.bank_code);
      const refusal = linkRefusal(record, resolved.accountName);
      if (refusal) throw refusal;
      const now = clock.now().toISOString();
      const [linked] = await rows<BankAccountRow>(
        database.db,
        sql`insert into bank_accounts (user_id, bank_code, bank_name, account_number,
              account_name, created_at)
            values (${userId}, ${request.body.bank_code}, ${resolved.bankName},
              ${resolved.accountNumber}, ${resolved.accountName}, ${now})
            on conflict (user_id, bank_code, account_number) where deleted_at is null
            do update set account_name = excluded.account_name
            returning id, account_number, account_name, bank_code, bank_name, created_at`,
      );
      if (!linked) throw new Error('bank account not written');
      return { message: OPERATION_SUCCESSFUL, data: toBankAccount(linked) };
    },
  );

  app.delete(
    '/bank_accounts/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['banks'],
        operationId: 'removeBankAccount',
        summary: 'Remove one of my bank accounts',
        description: 'Withdrawals already sent to it are unaffected.',
        security,
        params: bankAccountIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const removed = await rows<{ id: string }>(
        database.db,
        sql`update bank_accounts set deleted_at = ${clock.now().toISOString()}
             where id = ${request.params.id} and user_id = ${request.userId ?? ''}
               and deleted_at is null returning id`,
      );
      if (removed.length === 0) throw notFound('We could not find this bank account');
      return { message: OPERATION_SUCCESSFUL, data: null };
    },
  );
};
