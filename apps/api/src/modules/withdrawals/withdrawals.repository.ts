import { sql } from 'drizzle-orm';
import { walletAccountCode } from '../../money/ledger/account-codes.ts';
import { holdPlacementCtes } from '../../money/ledger/ledger.service.ts';
import { batchInput, rows, type Executor } from '../../platform/db.ts';
import type { TransactionRow } from '../wallets/transactions.repository.ts';

export interface PayoutRow {
  id: string;
  reference: string;
  user_id: string;
  transaction_id: string;
  hold_id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  amount_minor: string;
  fee_minor: string;
  status: 'held' | 'submitted' | 'success' | 'failed' | 'reversed';
  attempts: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export async function findPayout(executor: Executor, reference: string, lock = false) {
  const [found] = await rows<PayoutRow>(
    executor,
    lock
      ? sql`select * from payouts where reference = ${reference} for update`
      : sql`select * from payouts where reference = ${reference}`,
  );
  return found;
}

/** What a batch of withdrawals needs to know about each withdrawer before writing. */
export interface Withdrawer {
  tier: number;
  /** The Africa/Lagos day of `withdrawn_minor` (YYYY-MM-DD), or null. */
  withdrawal_day: string | null;
  /** What was withdrawn on `withdrawal_day` (pending or paid, without fees). */
  withdrawn_minor: string;
  /** The bank account asked for, when it is this user's and linked (null otherwise). */
  bank_account_id: string | null;
  bank_code: string | null;
  bank_name: string | null;
  account_number: string | null;
  account_name: string | null;
  wallet_id: string | null;
  /** A payout with this reference is already committed (the same key, asked again). */
  committed: boolean;
}

/**
 * Each withdrawer of a batch: tier, the day's total, the bank account asked for, the NGN wallet
 * and whether the reference was already committed. Read without locks: the rules are checked on
 * this, and the daily limit once more under the users' locks when the batch is written. Answers
 * by position in `requests`; a user that does not exist has no entry.
 */
export async function findWithdrawers(
  executor: Executor,
  requests: readonly { userId: string; bankAccountId: string; reference: string }[],
): Promise<Map<number, Withdrawer>> {
  const input = batchInput('x', {
    ord: ['int', requests.map((_, ord) => ord)],
    user_id: ['uuid', requests.map((request) => request.userId)],
    bank_account_id: ['uuid', requests.map((request) => request.bankAccountId)],
    reference: ['text', requests.map((request) => request.reference)],
    wallet_code: ['text', requests.map((request) => walletAccountCode(request.userId, 'NGN'))],
  });
  const found = await rows<Withdrawer & { ord: number }>(
    executor,
    sql`select x.ord, u.tier, u.withdrawal_day::text as withdrawal_day,
               u.withdrawn_minor::text as withdrawn_minor, b.id as bank_account_id, b.bank_code,
               b.bank_name, b.account_number, b.account_name, w.id as wallet_id,
               exists (select 1 from payouts p where p.reference = x.reference) as committed
          from ${input}
          join users u on u.id = x.user_id
          left join bank_accounts b on b.id = x.bank_account_id and b.user_id = u.id
               and b.deleted_at is null
          left join ledger_accounts w on w.code = x.wallet_code`,
  );
  return new Map(found.map(({ ord, ...row }) => [ord, row]));
}

export interface NewWithdrawal {
  userId: string;
  walletId: string;
  reference: string;
  amountMinor: bigint;
  feeMinor: bigint;
  /** The tier's limit for the day, or null for none. */
  dailyLimitMinor: bigint | null;
  description: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

/** A pending withdrawal's transaction row with the ids of its hold and payout. */
export type PlacedWithdrawalRow = TransactionRow & { hold_id: string; payout_id: string };

/** What the batch statement did with one withdrawal. */
export type WrittenWithdrawal =
  | { outcome: 'placed'; row: PlacedWithdrawalRow }
  /** Above the day's limit once the user's row was locked: nothing written. */
  | { outcome: 'daily_limit'; withdrawnMinor: bigint }
  /** The wallet's available balance does not cover amount + fee: nothing written. */
  | { outcome: 'insufficient_funds' };

/**
 * A batch of withdrawals in one statement (autocommit, one round trip). It locks the users' rows
 * (in id order, so batches and single writers never deadlock on them); the locking read returns
 * each row's newest version, so the day's total in it includes every withdrawal committed before
 * the lock was granted, and parallel batches cannot both fit under a daily limit. Then, for the
 * withdrawals within their limit: the holds of amount + fee (the ledger's CTEs), the pending
 * transactions, their payouts (state `held`) and the users' totals for the day. At most one
 * withdrawal per user (and so per wallet). Answers in the input's order.
 */
export async function writeWithdrawals(
  executor: Executor,
  withdrawals: readonly NewWithdrawal[],
  options: { provider: string; at: Date; businessDate: string },
): Promise<WrittenWithdrawal[]> {
  if (withdrawals.length === 0) return [];
  const at = options.at.toISOString();
  const today = options.businessDate;
  const column = (pick: (withdrawal: NewWithdrawal) => unknown) => withdrawals.map(pick);
  const input = batchInput('input', {
    ord: ['int', withdrawals.map((_, ord) => ord)],
    user_id: ['uuid', column((withdrawal) => withdrawal.userId)],
    reference: ['text', column((withdrawal) => withdrawal.reference)],
    amount_minor: ['bigint', column((withdrawal) => withdrawal.amountMinor)],
    fee_minor: ['bigint', column((withdrawal) => withdrawal.feeMinor)],
    daily_limit_minor: ['bigint', column((withdrawal) => withdrawal.dailyLimitMinor)],
    description: ['text', column((withdrawal) => withdrawal.description)],
    bank_code: ['text', column((withdrawal) => withdrawal.bankCode)],
    bank_name: ['text', column((withdrawal) => withdrawal.bankName)],
    account_number: ['text', column((withdrawal) => withdrawal.accountNumber)],
    account_name: ['text', column((withdrawal) => withdrawal.accountName)],
  });
  const holds = holdPlacementCtes(
    withdrawals.map((withdrawal) => ({
      idempotencyKey: holdKeyOf(withdrawal.reference),
      accountId: withdrawal.walletId,
      amountMinor: withdrawal.amountMinor + withdrawal.feeMinor,
    })),
    options.at,
    sql`hold_input.ord in (select ord from within_limit)`,
  );
  const written = await rows<
    { ord: number; withdrawn_minor: string; within_limit: boolean } & (
      PlacedWithdrawalRow | Record<keyof PlacedWithdrawalRow, null>
    )
  >(
    executor,
    sql`with input as (select * from ${input}),
        locked as (
          select u.id,
                 case when u.withdrawal_day = ${today}::date then u.withdrawn_minor else 0 end
                   as withdrawn_minor
            from users u where u.id in (select user_id from input)
           order by u.id
             for no key update
        ), within_limit as (
          select input.ord from input join locked on locked.id = input.user_id
           where input.daily_limit_minor is null
              or locked.withdrawn_minor + input.amount_minor <= input.daily_limit_minor
        ), ${holds},
        placed as (
          select input.*, hold_inserted.id as hold_id
            from input join hold_input using (ord)
            join hold_inserted on hold_inserted.idempotency_key = hold_input.key
        ), pending as (
          insert into transactions (user_id, type, status, direction, channel, currency,
            amount_minor, fee_minor, reference, provider, provider_reference, description,
            metadata, created_at, updated_at)
          select user_id, 'withdrawal', 'pending', 'debit', 'bank_transfer', 'NGN', amount_minor,
                 fee_minor, reference, ${options.provider}, null, description, '{}'::jsonb,
                 ${at}::timestamptz, ${at}::timestamptz
            from placed
          returning *
        ), payout as (
          insert into payouts (reference, user_id, transaction_id, hold_id, bank_code, bank_name,
            account_number, account_name, amount_minor, fee_minor, status, provider, created_at,
            updated_at)
          select placed.reference, placed.user_id, pending.id, placed.hold_id, placed.bank_code,
                 placed.bank_name, placed.account_number, placed.account_name,
                 placed.amount_minor, placed.fee_minor, 'held', ${options.provider},
                 ${at}::timestamptz, ${at}::timestamptz
            from placed join pending on pending.reference = placed.reference
          returning id, reference
        ), counted as (
          update users u
             set withdrawn_minor = locked.withdrawn_minor + placed.amount_minor,
                 withdrawal_day = ${today}::date
            from placed join locked on locked.id = placed.user_id
           where u.id = placed.user_id
        )
        select input.ord, locked.withdrawn_minor::text as withdrawn_minor,
               input.ord in (select ord from within_limit) as within_limit,
               placed.hold_id, pending.*, payout.id as payout_id
          from input join locked on locked.id = input.user_id
          left join placed using (ord)
          left join pending on pending.reference = input.reference
          left join payout on payout.reference = input.reference
         order by input.ord`,
  );
  const byOrd = new Map(written.map(({ ord, ...row }) => [ord, row]));
  return withdrawals.map((_, ord): WrittenWithdrawal => {
    const found = byOrd.get(ord);
    if (!found) throw new Error('a withdrawer vanished while the batch was written');
    const { withdrawn_minor: withdrawnMinor, within_limit: withinLimit, ...row } = found;
    if (row.id !== null) return { outcome: 'placed', row };
    if (!withinLimit) return { outcome: 'daily_limit', withdrawnMinor: BigInt(withdrawnMinor) };
    return { outcome: 'insufficient_funds' };
  });
}

/** The key of a withdrawal's ledger hold. */
export const holdKeyOf = (reference: string) => `withdraw:${reference}`;

/**
 * A failed or reversed withdrawal stops counting towards its day's limit (a total of another
 * day is left alone). Called before the ledger movement of the same transaction: the user's row,
 * then the wallet's, the order a batch of withdrawals locks them in.
 */
export async function releaseDailyWithdrawal(
  tx: Executor,
  payout: Pick<PayoutRow, 'user_id' | 'amount_minor'>,
  businessDate: string,
): Promise<void> {
  await tx.execute(
    sql`update users
           set withdrawn_minor = greatest(withdrawn_minor - ${payout.amount_minor}::bigint, 0)
         where id = ${payout.user_id} and withdrawal_day = ${businessDate}::date`,
  );
}

/** The vendor took these payouts: one statement for a batch of answers. */
export async function markSubmitted(
  executor: Executor,
  submitted: readonly { payoutId: string; providerReference: string | null }[],
  at: Date,
): Promise<void> {
  const input = batchInput('x', {
    id: ['uuid', submitted.map((item) => item.payoutId)],
    provider_reference: ['text', submitted.map((item) => item.providerReference)],
  });
  await executor.execute(
    sql`update payouts p
           set status = 'submitted', provider_reference = x.provider_reference,
               attempts = p.attempts + 1, updated_at = ${at.toISOString()}::timestamptz
          from ${input}
         where p.id = x.id and p.status = 'held'`,
  );
}
