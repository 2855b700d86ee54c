import { randomBytes, randomInt } from 'node:crypto';
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
  type TransferState,
} from './payouts.port.ts';

/**
 * Magic amounts (the kobo part of the amount decides; everything else is a normal transfer that
 * stays `pending` until the Sandbox page settles it):
 *
 * - kobo part 13 (e.g. ₦1,000.13): the transfer fails at once, `failed` with "Insufficient
 *   balance at the provider"; it is never pending and no webhook follows.
 * - kobo part 14 (e.g. ₦1,000.14): the transfer is accepted and stored as `pending`, then
 *   `createTransfer` throws `unavailable`, as when the vendor took the request but the answer
 *   never came back; `fetchTransfer` finds it pending afterwards.
 */
export const sandboxPayoutMagic = {
  failKobo: 13n,
  lostAnswerKobo: 14n,
  failureReason: 'Insufficient balance at the provider',
} as const;

/** Paystack's wording for a name enquiry that found nothing. */
const unresolvable = 'Could not resolve account name. Check parameters or try again.';

/** Paystack's transfer reference: letters, digits, `-` and `_`. */
const referencePattern = /^[A-Za-z0-9_-]{1,100}$/;

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

interface PayoutRow {
  reference: string;
  transfer_code: string;
  amount_minor: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  status: PayoutStatus;
  failure_reason: string | null;
  created_at: string | Date;
}

const payoutColumns = sql`reference, transfer_code, amount_minor::text as amount_minor, bank_code,
  account_number, account_name, status, failure_reason, created_at`;

function toState(row: PayoutRow): TransferState {
  return {
    reference: row.reference,
    status: row.status,
    amountMinor: BigInt(row.amount_minor),
    providerReference: row.transfer_code,
    ...(row.failure_reason === null ? {} : { failureReason: row.failure_reason }),
  };
}

const codeAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The vendor's transfer code, shaped like Paystack's (`TRF_` and 15 lowercase characters). */
function transferCode(): string {
  return `TRF_${Array.from(randomBytes(15), (byte) => codeAlphabet[byte % 36]).join('')}`;
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

  const findPayout = async (reference: string) =>
    (
      await rows<PayoutRow>(
        database.db,
        sql`select ${payoutColumns} from sandbox_payouts where reference = ${reference}`,
      )
    )[0];

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
      if (!referencePattern.test(request.reference)) {
        throw new PayoutProviderError(
          'rejected',
          'Invalid transfer reference: only letters, digits, - and _ are allowed',
        );
      }
      if (request.amountMinor <= 0n || request.amountMinor > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new PayoutProviderError('rejected', 'Invalid amount');
      }
      knownBank(request.bankCode);
      const kobo = request.amountMinor % 100n;
      const failsAtOnce = kobo === sandboxPayoutMagic.failKobo;
      const now = clock.now().toISOString();
      // One statement, as one call to the vendor: a reference seen before is the same transfer
      // asked for again and is answered as it stands (never paid twice); otherwise the account
      // is looked up by name enquiry's rules and the transfer stored.
      const [outcome] = await rows<PayoutRow & { source: 'stored' | 'existing' }>(
        database.db,
        sql`with existing as (
              select ${payoutColumns} from sandbox_payouts where reference = ${request.reference}
            ), account as (
              select account_name from sandbox_bank_accounts
               where bank_code = ${request.bankCode} and account_number = ${request.accountNumber}
                 and ${isValidNuban(request.bankCode, request.accountNumber)}::boolean
                 and not exists (select 1 from existing)
            ), stored as (
              insert into sandbox_payouts
                (reference, transfer_code, amount_minor, bank_code, account_number, account_name,
                 status, failure_reason, created_at, settled_at)
              select ${request.reference}, ${transferCode()}, ${request.amountMinor.toString()},
                     ${request.bankCode}, ${request.accountNumber}, account.account_name,
                     ${failsAtOnce ? 'failed' : 'pending'},
                     ${failsAtOnce ? sandboxPayoutMagic.failureReason : null}, ${now},
                     ${failsAtOnce ? now : null}
                from account
              on conflict (reference) do nothing
              returning ${payoutColumns}
            )
            select 'existing' as source, * from existing
            union all select 'stored' as source, * from stored`,
      );
      if (outcome?.source === 'existing') return toState(outcome);
      // Nothing stored: the account is unknown, or another request stored this reference first.
      const stored = outcome ?? (await findPayout(request.reference));
      if (!stored) throw new PayoutProviderError('not_found', unresolvable);
      if (kobo === sandboxPayoutMagic.lostAnswerKobo) {
        throw new PayoutProviderError('unavailable', 'The sandbox bank did not answer in time');
      }
      return toState(stored);
    },

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
