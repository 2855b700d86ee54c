import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { failed, succeeded, type Outcome } from '../../platform/batcher.ts';
import { batchInput, rows, type Database } from '../../platform/db.ts';
import { sandboxWebhookSigner, type SandboxDelivery } from '../payments/sandbox.ts';
import { buildNuban, isValidNuban } from '../virtual-accounts/nuban.ts';
import { findBank, nigerianBanks } from './banks.ts';
import {
  PayoutProviderError,
  type PayoutStatus,
  type PayoutsProvider,
  type ResolvedAccount,
  type TransferRequest,
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

const payoutColumnsOf = (table: string) => {
  const t = sql.identifier(table);
  return sql`${t}.reference, ${t}.transfer_code, ${t}.amount_minor::text as amount_minor,
    ${t}.bank_code, ${t}.account_number, ${t}.account_name, ${t}.status, ${t}.failure_reason,
    ${t}.created_at`;
};

const payoutColumns = payoutColumnsOf('sandbox_payouts');

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

  /** A request the vendor refuses before looking at any account, as its API would. */
  const refusal = (request: TransferRequest): PayoutProviderError | undefined => {
    if (!referencePattern.test(request.reference)) {
      return new PayoutProviderError(
        'rejected',
        'Invalid transfer reference: only letters, digits, - and _ are allowed',
      );
    }
    if (request.amountMinor <= 0n || request.amountMinor > BigInt(Number.MAX_SAFE_INTEGER)) {
      return new PayoutProviderError('rejected', 'Invalid amount');
    }
    if (!findBank(request.bankCode)) {
      return new PayoutProviderError('rejected', `Unknown bank code: ${request.bankCode}`);
    }
    return undefined;
  };

  /**
   * The vendor's bulk transfer: one statement, as one call. A reference seen before is the same
   * transfer asked for again and is answered as it stands (never paid twice); otherwise the
   * account is looked up by name enquiry's rules and the transfer stored. See the magic amounts.
   */
  const createTransfers = async (
    requests: readonly TransferRequest[],
  ): Promise<Outcome<TransferState>[]> => {
    const outcomes = new Array<Outcome<TransferState>>(requests.length);
    const accepted: { ord: number; request: TransferRequest }[] = [];
    requests.forEach((request, ord) => {
      const refused = refusal(request);
      if (refused) outcomes[ord] = failed(refused);
      else accepted.push({ ord, request });
    });
    const now = clock.now().toISOString();
    const failsAtOnce = (request: TransferRequest) =>
      request.amountMinor % 100n === sandboxPayoutMagic.failKobo;
    const column = (pick: (request: TransferRequest, ord: number) => unknown) =>
      accepted.map((item) => pick(item.request, item.ord));
    const input = batchInput('input', {
      ord: ['int', column((_, ord) => ord)],
      reference: ['text', column((request) => request.reference)],
      transfer_code: ['text', column(() => transferCode())],
      amount_minor: ['bigint', column((request) => request.amountMinor)],
      bank_code: ['text', column((request) => request.bankCode)],
      account_number: ['text', column((request) => request.accountNumber)],
      valid_number: [
        'boolean',
        column((request) => isValidNuban(request.bankCode, request.accountNumber)),
      ],
      status: ['text', column((request) => (failsAtOnce(request) ? 'failed' : 'pending'))],
      failure_reason: [
        'text',
        column((request) => (failsAtOnce(request) ? sandboxPayoutMagic.failureReason : null)),
      ],
      settled_at: ['timestamptz', column((request) => (failsAtOnce(request) ? now : null))],
    });
    const found =
      accepted.length === 0
        ? []
        : await rows<PayoutRow & { ord: number; source: 'stored' | 'existing' }>(
            database.db,
            sql`with input as (select * from ${input}), existing as (
                  select input.ord, ${payoutColumnsOf('p')}
                    from input join sandbox_payouts p on p.reference = input.reference
                ), stored as (
                  insert into sandbox_payouts
                    (reference, transfer_code, amount_minor, bank_code, account_number,
                     account_name, status, failure_reason, created_at, settled_at)
                  select input.reference, input.transfer_code, input.amount_minor,
                         input.bank_code, input.account_number, a.account_name, input.status,
                         input.failure_reason, ${now}::timestamptz, input.settled_at
                    from input join sandbox_bank_accounts a on a.bank_code = input.bank_code
                         and a.account_number = input.account_number and input.valid_number
                   where not exists (select 1 from existing where existing.ord = input.ord)
                  on conflict (reference) do nothing
                  returning ${payoutColumns}
                )
                select 'existing' as source, * from existing
                union all
                select 'stored' as source, input.ord, stored.*
                  from stored join input on input.reference = stored.reference`,
          );
    const byOrd = new Map(found.map((row) => [row.ord, row]));
    for (const { ord, request } of accepted) {
      outcomes[ord] = await answerTransfer(request, byOrd.get(ord));
    }
    return outcomes;
  };

  /** What the vendor answers for one transfer of a bulk call, given what the call stored. */
  const answerTransfer = async (
    request: TransferRequest,
    row: (PayoutRow & { source: 'stored' | 'existing' }) | undefined,
  ): Promise<Outcome<TransferState>> => {
    if (row?.source === 'existing') return succeeded(toState(row));
    // Nothing stored: the account is unknown, or another call stored this reference first.
    const stored = row ?? (await findPayout(request.reference));
    if (!stored) return failed(new PayoutProviderError('not_found', unresolvable));
    if (request.amountMinor % 100n === sandboxPayoutMagic.lostAnswerKobo) {
      return failed(
        new PayoutProviderError('unavailable', 'The sandbox bank did not answer in time'),
      );
    }
    return succeeded(toState(stored));
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
