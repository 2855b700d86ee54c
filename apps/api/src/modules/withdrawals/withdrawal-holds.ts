import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import { failed, succeeded, type Outcome } from '../../platform/batcher.ts';
import { rows, type Database, type Executor } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { idempotencyKeyReused } from '../../platform/idempotency.ts';
import { insufficientFunds, openWallet } from '../../money/ledger/ledger.service.ts';
import {
  checkPerTransactionLimits,
  limitsFor,
  naira,
  type LimitWording,
} from '../wallets/limits.ts';
import type { TransactionRow } from '../wallets/transactions.repository.ts';
import {
  findPayout,
  findWithdrawers,
  writeWithdrawals,
  type NewWithdrawal,
  type PayoutRow,
  type PlacedWithdrawalRow,
  type Withdrawer,
} from './withdrawals.repository.ts';

/** One withdrawal asked for, with its fee worked out and its reference chosen. */
export interface WithdrawalRequest {
  userId: string;
  reference: string;
  amountMinor: bigint;
  feeMinor: bigint;
  bankAccountId: string;
}

/** A withdrawal whose hold and rows are committed (or were, under the same key). */
export interface HeldWithdrawal {
  pending: TransactionRow;
  payout: PayoutRow;
  replayed: boolean;
}

const withdrawalWording: LimitWording = {
  notAllowed: {
    code: 'withdrawals_not_allowed',
    message: 'Verify your BVN before withdrawing from your wallet',
  },
  noun: 'withdrawal',
  aboveMaximum: (maximum) =>
    `Your account can withdraw at most ${maximum} at a time. Verify your identity to raise your limit`,
};

const dailyLimitReached = (remainingMinor: bigint) =>
  new AppError(
    'daily_limit_reached',
    remainingMinor === 0n
      ? 'You have reached your daily withdrawal limit; try again tomorrow'
      : `You can withdraw ${naira(remainingMinor)} more today`,
    422,
    [{ path: 'amount', message: 'Above what is left of your daily limit' }],
  );

const unknownBankAccount = () => notFound('We could not find this bank account');

/** A request after its checks: written already under its key, or ready to be written. */
type CheckedWithdrawal =
  { replayed: true; held: HeldWithdrawal } | { replayed: false; withdrawal: NewWithdrawal };

/**
 * The first of a batch of withdrawals' two statements (decision 0013): read each withdrawer (bank
 * account, tier, the day's total, the key already committed) without locks and check the tier's
 * rules. A refusal (unknown account, a limit) is that request's answer; nothing is written.
 */
async function checkWithdrawals(
  database: Database,
  clock: Clock,
  requests: readonly WithdrawalRequest[],
): Promise<Outcome<CheckedWithdrawal>[]> {
  const today = businessDate(clock.now());
  const found = await findWithdrawers(database.db, requests);
  const answers: Outcome<CheckedWithdrawal>[] = [];
  for (const [index, request] of requests.entries()) {
    const withdrawer = found.get(index);
    if (!withdrawer?.bank_account_id) {
      answers.push(failed(unknownBankAccount()));
    } else if (withdrawer.committed) {
      // The same key again after the first request died past its commit (its answer was never
      // kept): that withdrawal is the answer, and the reconciler finishes its payout.
      const replay = await replayCommitted(database, request, withdrawer);
      answers.push(replay.ok ? succeeded({ replayed: true, held: replay.value }) : replay);
    } else {
      try {
        const { dailyMinor: dailyLimitMinor } = await withdrawalLimitsToday(
          database.db,
          request.amountMinor,
          withdrawer,
          today,
        );
        const walletId =
          withdrawer.wallet_id ?? (await openWallet(database.db, request.userId, 'NGN')).id;
        const withdrawal = { ...describe(request, withdrawer), walletId, dailyLimitMinor };
        answers.push(succeeded({ replayed: false, withdrawal }));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answers.push(failed(error));
      }
    }
  }
  return answers;
}

/**
 * Places a batch of withdrawals (decision 0013): `checkWithdrawals`, then one statement that locks
 * the users, checks the daily limit again on the locked rows, holds amount + fee on each wallet
 * and writes the pending transactions, the `held` payouts and the day's totals. A refusal (unknown
 * account, a limit, not enough money) is that request's answer and leaves the others standing;
 * nothing of a refused request is written. One withdrawal per user in a batch (the batcher's
 * conflict key).
 */
export async function placeWithdrawals(
  database: Database,
  clock: Clock,
  provider: string,
  requests: readonly WithdrawalRequest[],
): Promise<Outcome<HeldWithdrawal>[]> {
  const checked = await checkWithdrawals(database, clock, requests);
  const ready = checked.flatMap((outcome, index) =>
    outcome.ok && !outcome.value.replayed ? [{ index, withdrawal: outcome.value.withdrawal }] : [],
  );
  const written = await writeCheckedWithdrawals(
    database,
    clock,
    provider,
    ready.map((item) => item.withdrawal),
  );
  const writtenAt = new Map(ready.map(({ index }, position) => [index, written[position]]));
  return checked.map((outcome, index): Outcome<HeldWithdrawal> => {
    if (!outcome.ok) return outcome;
    if (outcome.value.replayed) return succeeded(outcome.value.held);
    return writtenAt.get(index) ?? failed(new Error('a withdrawal of the batch was not written'));
  });
}

/** The write of `placeWithdrawals`, for withdrawals that passed their checks. */
async function writeCheckedWithdrawals(
  database: Database,
  clock: Clock,
  provider: string,
  withdrawals: readonly NewWithdrawal[],
): Promise<Outcome<HeldWithdrawal>[]> {
  const now = clock.now();
  const written = await writeWithdrawals(database.db, withdrawals, {
    provider,
    at: now,
    businessDate: businessDate(now),
  });
  return withdrawals.map((withdrawal, position) => {
    const result = written[position];
    if (result?.outcome === 'placed') return succeeded(heldWithdrawal(withdrawal, result.row, now));
    if (result?.outcome === 'daily_limit') {
      return failed(
        dailyLimitReached(remainingMinor(withdrawal.dailyLimitMinor, result.withdrawnMinor)),
      );
    }
    return failed(insufficientFunds());
  });
}

const remainingMinor = (limitMinor: bigint | null, usedMinor: bigint) =>
  limitMinor === null || limitMinor <= usedMinor ? 0n : limitMinor - usedMinor;

/**
 * The tier's rules for a withdrawal of `amountMinor` by this user on `today`: allowed at all,
 * between the minimum and the maximum, and within what is left of the day's limit. Refusals are
 * thrown as 422s. Answers the limits and what is left today (null: no daily limit); a batch's
 * write checks the daily limit once more under the user's lock.
 */
export async function withdrawalLimitsToday(
  executor: Executor,
  amountMinor: bigint,
  withdrawer: Pick<Withdrawer, 'tier' | 'withdrawal_day' | 'withdrawn_minor'>,
  today: string,
) {
  const limits = await limitsFor(executor, 'withdraw', withdrawer.tier);
  checkPerTransactionLimits(amountMinor, limits, withdrawer.tier, withdrawalWording);
  const usedMinor = withdrawer.withdrawal_day === today ? BigInt(withdrawer.withdrawn_minor) : 0n;
  const dailyRemainingMinor =
    limits.dailyMinor === null ? null : remainingMinor(limits.dailyMinor, usedMinor);
  if (dailyRemainingMinor !== null && amountMinor > dailyRemainingMinor) {
    throw dailyLimitReached(dailyRemainingMinor);
  }
  return { ...limits, dailyRemainingMinor };
}

function describe(
  request: WithdrawalRequest,
  withdrawer: Withdrawer,
): Omit<NewWithdrawal, 'walletId' | 'dailyLimitMinor'> {
  const accountNumber = withdrawer.account_number ?? '';
  return {
    userId: request.userId,
    reference: request.reference,
    amountMinor: request.amountMinor,
    feeMinor: request.feeMinor,
    description: `Withdrawal to ${withdrawer.bank_name ?? ''} ${accountNumber.slice(-4).padStart(10, '•')}`,
    bankCode: withdrawer.bank_code ?? '',
    bankName: withdrawer.bank_name ?? '',
    accountNumber,
    accountName: withdrawer.account_name ?? '',
  };
}

function heldWithdrawal(
  withdrawal: NewWithdrawal,
  written: PlacedWithdrawalRow,
  now: Date,
): HeldWithdrawal {
  const { payout_id: payoutId, hold_id: holdId, ...pending } = written;
  return {
    pending,
    payout: {
      id: payoutId,
      reference: withdrawal.reference,
      user_id: withdrawal.userId,
      transaction_id: pending.id,
      hold_id: holdId,
      bank_code: withdrawal.bankCode,
      bank_name: withdrawal.bankName,
      account_number: withdrawal.accountNumber,
      account_name: withdrawal.accountName,
      amount_minor: withdrawal.amountMinor.toString(),
      fee_minor: withdrawal.feeMinor.toString(),
      status: 'held',
      attempts: 0,
      created_at: now,
      updated_at: now,
    },
    replayed: false,
  };
}

/** The withdrawal committed under this reference, when the request asks for the same. */
async function replayCommitted(
  database: Database,
  request: WithdrawalRequest,
  account: Withdrawer,
): Promise<Outcome<HeldWithdrawal>> {
  const committed = await findPayout(database.db, request.reference);
  if (!committed) throw new Error('a committed payout vanished');
  if (
    BigInt(committed.amount_minor) !== request.amountMinor ||
    committed.account_number !== account.account_number ||
    committed.bank_code !== account.bank_code
  ) {
    return failed(idempotencyKeyReused());
  }
  const [first] = await rows<TransactionRow>(
    database.db,
    sql`select * from transactions where id = ${committed.transaction_id}`,
  );
  if (!first) throw new Error('withdrawal row missing for a committed payout');
  return succeeded({ pending: first, payout: committed, replayed: true });
}
