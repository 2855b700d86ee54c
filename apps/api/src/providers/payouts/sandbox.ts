import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { sandboxWebhookSigner, type SandboxDelivery } from '../payments/sandbox.ts';
import { buildNuban, isValidNuban } from '../virtual-accounts/nuban.ts';
import { findBank, nigerianBanks } from './banks.ts';
import {
  PayoutProviderError,
  type PayoutStatus,
  type PayoutsProvider,
  type ResolvedAccount,
} from './payouts.port.ts';
import {
  payoutColumns,
  sandboxTransfers,
  toState,
  unresolvable,
  type PayoutRow,
} from './sandbox-transfers.ts';

export { sandboxPayoutMagic } from './sandbox-transfers.ts';

const defaultBankCode = '058';

export interface SandboxBankAccount {
  accountNumber: string;
  bankCode: string;
  bankName: string;
}

/** A payout as the Sandbox page lists it. */
export interface SandboxPayout {
  reference: string;
  transferCode: string;
  amountMinor: bigint;
  accountNumber: string;
  bankCode: string;
  accountName: string;
  status: PayoutStatus;
  failureReason: string | null;
  createdAt: Date;
}

export interface SandboxPayoutsProvider extends PayoutsProvider {
  /** A bank account in the sandbox's banking world, which name enquiry then finds. */
  openBankAccount(request: { accountName: string; bankCode?: string }): Promise<SandboxBankAccount>;
  /**
   * The Sandbox page's buttons: a pending transfer becomes `success` or `failed`, a successful one
   * `reversed`; answers the signed `transfer.*` webhook to deliver to `/v1/webhooks/sandbox`, or
   * undefined (and changes nothing) for an unknown reference or any other move.
   */
  settleTransfer(
    reference: string,
    outcome: 'success' | 'failed' | 'reversed',
  ): Promise<SandboxDelivery | undefined>;
  /** Newest first, at most 50; only pending transfers unless other statuses are asked for. */
  listPendingTransfers(options?: { statuses?: readonly PayoutStatus[] }): Promise<SandboxPayout[]>;
}

/**
 * A payouts vendor living in our own database: people open bank accounts in its world with the
 * Sandbox page, name enquiry finds only those, transfers stay pending until the page settles
 * them, and the final status arrives as a webhook signed like the payments sandbox's, so the
 * withdrawal code runs exactly as it would against Paystack.
 */
export function sandboxPayoutsProvider(options: {
  database: Database;
  clock: Clock;
  /** The payments sandbox's secret: its `parseWebhook` reads the `transfer.*` webhooks. */
  webhookSecret: string;
}): SandboxPayoutsProvider {
  const { database, clock } = options;
  const signer = sandboxWebhookSigner(options.webhookSecret);
  const { findPayout, createTransfers } = sandboxTransfers(database, clock);

  const knownBank = (code: string) => {
    const bank = findBank(code);
    if (!bank) throw new PayoutProviderError('rejected', `Unknown bank code: ${code}`);
    return bank;
  };

  const resolveAccount = async (request: {
    accountNumber: string;
    bankCode: string;
  }): Promise<ResolvedAccount> => {
    knownBank(request.bankCode);
    if (!isValidNuban(request.bankCode, request.accountNumber)) {
      throw new PayoutProviderError('not_found', unresolvable);
    }
    const [account] = await rows<{ account_name: string }>(
      database.db,
      sql`select account_name from sandbox_bank_accounts
           where bank_code = ${request.bankCode} and account_number = ${request.accountNumber}`,
    );
    if (!account) throw new PayoutProviderError('not_found', unresolvable);
    return {
      accountNumber: request.accountNumber,
      accountName: account.account_name,
      bankCode: request.bankCode,
    };
  };

  return {
    slug: 'sandbox',

    listBanks: () => Promise.resolve(nigerianBanks.map((bank) => ({ ...bank }))),

    resolveAccount,

    createTransfer: async (request) => {
      const [outcome] = await createTransfers([request]);
      if (!outcome) throw new Error('the sandbox bank answered nothing');
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },

    createTransfers,

    fetchTransfer: async (reference) => {
      const found = await findPayout(reference);
      return found ? toState(found) : undefined;
    },

    openBankAccount: async (request) => {
      const bank = knownBank(request.bankCode ?? defaultBankCode);
      const accountName = request.accountName.trim().replace(/\s+/g, ' ');
      if (accountName.length < 3 || accountName.length > 100) {
        throw new PayoutProviderError('rejected', 'The account name has 3 to 100 characters');
      }
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const serial = String(randomInt(0, 1_000_000_000)).padStart(9, '0');
        const accountNumber = buildNuban(bank.code, serial);
        const inserted = await rows<{ account_number: string }>(
          database.db,
          sql`insert into sandbox_bank_accounts (bank_code, account_number, account_name, created_at)
              values (${bank.code}, ${accountNumber}, ${accountName}, ${clock.now().toISOString()})
              on conflict (bank_code, account_number) do nothing
              returning account_number`,
        );
        if (inserted.length > 0) return { accountNumber, bankCode: bank.code, bankName: bank.name };
      }
      throw new PayoutProviderError('unavailable', 'No free account number was found');
    },

    settleTransfer: async (reference, outcome) => {
      const from = outcome === 'reversed' ? 'success' : 'pending';
      const failureReason =
        outcome === 'failed'
          ? 'The receiving bank declined the transfer'
          : outcome === 'reversed'
            ? 'The receiving bank returned the transfer'
            : null;
      const [settled] = await rows<PayoutRow>(
        database.db,
        sql`update sandbox_payouts
               set status = ${outcome}, failure_reason = ${failureReason},
                   settled_at = ${clock.now().toISOString()}
             where reference = ${reference} and status = ${from}
         returning ${payoutColumns}`,
      );
      if (!settled) return undefined;
      return signer.delivery({
        event: `transfer.${outcome}`,
        data: {
          reference: settled.reference,
          amount: Number(settled.amount_minor),
          status: outcome,
          transfer_code: settled.transfer_code,
          currency: 'NGN',
          recipient: {
            details: {
              account_number: settled.account_number,
              bank_code: settled.bank_code,
              account_name: settled.account_name,
            },
          },
        },
      });
    },

    listPendingTransfers: async (listOptions) => {
      const statuses = listOptions?.statuses ?? ['pending'];
      if (statuses.length === 0) return [];
      const found = await rows<PayoutRow>(
        database.db,
        sql`select ${payoutColumns} from sandbox_payouts
             where status in (${sql.join(
               statuses.map((status) => sql`${status}`),
               sql`, `,
             )})
             order by created_at desc, reference desc
             limit 50`,
      );
      return found.map((row) => ({
        reference: row.reference,
        transferCode: row.transfer_code,
        amountMinor: BigInt(row.amount_minor),
        accountNumber: row.account_number,
        bankCode: row.bank_code,
        accountName: row.account_name,
        status: row.status,
        failureReason: row.failure_reason,
        createdAt: new Date(row.created_at),
      }));
    },
  };
}
