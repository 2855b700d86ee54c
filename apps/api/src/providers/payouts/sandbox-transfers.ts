import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { failed, succeeded, type Outcome } from '../../platform/batcher.ts';
import { batchInput, rows, type Database } from '../../platform/db.ts';
import { isValidNuban } from '../virtual-accounts/nuban.ts';
import { findBank } from './banks.ts';
import {
  PayoutProviderError,
  type PayoutStatus,
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
export const unresolvable = 'Could not resolve account name. Check parameters or try again.';

/** Paystack's transfer reference: letters, digits, `-` and `_`. */
const referencePattern = /^[A-Za-z0-9_-]{1,100}$/;

export interface PayoutRow {
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

export const payoutColumns = payoutColumnsOf('sandbox_payouts');

export function toState(row: PayoutRow): TransferState {
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
 * The sandbox bank's side of transfers: taking them in (one statement for a bulk call, as the
 * vendor's bulk endpoint would) and finding them by our reference.
 */
export function sandboxTransfers(database: Database, clock: Clock) {
  const findPayout = async (reference: string) =>
    (
      await rows<PayoutRow>(
        database.db,
        sql`select ${payoutColumns} from sandbox_payouts where reference = ${reference}`,
      )
    )[0];

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

  return { findPayout, createTransfers };
}
