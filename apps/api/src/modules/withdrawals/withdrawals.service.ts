import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { businessDate, type Clock } from '../../platform/clock.ts';
import { rows, type Database, type Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { walletAccountCode } from '../../ledger/account-codes.ts';
import {
  openWallet,
  placeHold,
  postEntry,
  postHold,
  systemAccount,
  transfer,
  voidHold,
} from '../../ledger/ledger.service.ts';
import {
  PayoutProviderError,
  type PayoutsProvider,
  type TransferState,
} from '../../providers/payouts/payouts.port.ts';
import { insertNotification } from '../auth/auth.repository.ts';
import {
  amountFromInput,
  checkPerTransactionLimits,
  feeFor,
  limitsFor,
  naira,
  type LimitWording,
} from '../wallets/limits.ts';
import {
  insertTransactionStatement,
  type TransactionRow,
} from '../wallets/transactions.repository.ts';

/** Steps a test may stop the process at (see `TEST_CRASH_AT`): never honoured in production. */
export type CrashPoint = 'after_hold' | 'after_provider';

export interface WithdrawalsDependencies {
  database: Database;
  clock: Clock;
  payouts: PayoutsProvider;
  log: FastifyBaseLogger;
  crashAt?: CrashPoint | undefined;
}

interface PayoutRow {
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
  updated_at: string | Date;
}

/** A held payout older than this was left by a crash before the vendor was called. */
const heldStaleMs = 30_000;
/** A submitted payout is re-queried when no webhook has settled it within this time. */
const submittedStaleMs = 2 * 60_000;

const newReference = () =>
  `AJO-WDR-${Date.now().toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * The reference of the withdrawal a user asked for with an Idempotency-Key: the same key always
 * names the same payout, so a retry after a crash (when the first request never answered and its
 * key's lock ran out) finds the withdrawal already committed instead of sending a second one.
 */
const referenceForKey = (userId: string, key: string) =>
  `AJO-WDR-${createHash('sha256').update(`${userId}:${key}`).digest('hex').slice(0, 24).toUpperCase()}`;

/** Start of today in Africa/Lagos (UTC+1 all year). */
const lagosDayStart = (now: Date) => new Date(`${businessDate(now)}T00:00:00+01:00`);

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

export function withdrawalsService(deps: WithdrawalsDependencies) {
  const { database, clock, payouts, log } = deps;

  const crash = (point: CrashPoint) => {
    if (deps.crashAt === point) {
      log.fatal({ point }, 'TEST_CRASH_AT: stopping the process on purpose');
      process.kill(process.pid, 'SIGKILL');
    }
  };

  /** What the user has withdrawn today (pending or paid), as a SQL expression. */
  const spentTodaySql = (userId: string) =>
    sql`(select coalesce(sum(amount_minor), 0) from transactions
          where user_id = ${userId} and type = 'withdrawal'
            and status in ('pending', 'successful')
            and created_at >= ${lagosDayStart(clock.now()).toISOString()})`;

  async function limitsToday(executor: Database['db'] | Tx, userId: string, tier: number) {
    const limits = await limitsFor(executor, 'withdraw', tier);
    const [spent] = await rows<{ total: string }>(
      executor,
      sql`select ${spentTodaySql(userId)}::text as total`,
    );
    const spentMinor = BigInt(spent?.total ?? '0');
    const dailyRemainingMinor =
      limits.dailyMinor === null
        ? null
        : limits.dailyMinor > spentMinor
          ? limits.dailyMinor - spentMinor
          : 0n;
    return { ...limits, dailyRemainingMinor };
  }

  function checkAmount(
    amountMinor: bigint,
    limits: Awaited<ReturnType<typeof limitsToday>>,
    tier: number,
  ) {
    checkPerTransactionLimits(amountMinor, limits, tier, withdrawalWording);
    if (limits.dailyRemainingMinor !== null && amountMinor > limits.dailyRemainingMinor) {
      throw dailyLimitReached(limits.dailyRemainingMinor);
    }
  }

  async function userTier(executor: Database['db'] | Tx, userId: string, lock = false) {
    const [user] = await rows<{ tier: number }>(
      executor,
      lock
        ? sql`select tier from users where id = ${userId} for update`
        : sql`select tier from users where id = ${userId}`,
    );
    return user?.tier ?? 0;
  }

  /** The withdrawal already committed under this key, if the request asks for the same. */
  async function replayCommitted(
    tx: Tx,
    reference: string,
    amountMinor: bigint,
    account: { account_number: string; bank_code: string },
  ) {
    const committed = await findPayout(tx, reference);
    if (!committed) throw new Error('payout vanished under the user lock');
    if (
      BigInt(committed.amount_minor) !== amountMinor ||
      committed.account_number !== account.account_number ||
      committed.bank_code !== account.bank_code
    ) {
      throw new AppError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request; use a new key',
        422,
      );
    }
    const [first] = await rows<TransactionRow>(
      tx,
      sql`select * from transactions where id = ${committed.transaction_id}`,
    );
    if (!first) throw new Error('withdrawal row missing for a committed payout');
    return { pending: first, payout: committed, replayed: true };
  }

  async function quote(userId: string, amountInput: string | number) {
    const amountMinor = amountFromInput(amountInput);
    const tier = await userTier(database.db, userId);
    const limits = await limitsToday(database.db, userId, tier);
    checkAmount(amountMinor, limits, tier);
    const feeMinor = await feeFor(database.db, 'withdraw', amountMinor);
    return {
      amountMinor,
      feeMinor,
      totalMinor: amountMinor + feeMinor,
      minimumMinor: limits.minimumMinor,
      maximumMinor: limits.perTransactionMinor,
      dailyRemainingMinor: limits.dailyRemainingMinor,
    };
  }

  /**
   * Hold → vendor transfer → (webhook or re-query) post or release, each exactly once. The hold
   * and the pending rows commit before the vendor is called, so a crash at any point leaves work
   * the reconciler can finish with the same reference.
   */
  async function withdraw(
    userId: string,
    body: { amount: string | number; bank_account_id: string },
    idempotencyKey?: string,
  ) {
    const amountMinor = amountFromInput(body.amount);
    const feeMinor = await feeFor(database.db, 'withdraw', amountMinor);
    const reference =
      idempotencyKey === undefined ? newReference() : referenceForKey(userId, idempotencyKey);
    const now = clock.now();
    const { pending, payout, replayed } = await database.unitOfWork(async (tx) => {
      // The user's row is the lock that makes the daily limit hold under parallel requests; the
      // same statement finds the bank account, the wallet's id and a payout already committed
      // under this key (the daily sum is read by the hold's statement, after the lock is held).
      const [found] = await rows<{
        tier: number;
        id: string | null;
        bank_code: string;
        bank_name: string;
        account_number: string;
        account_name: string;
        wallet_id: string | null;
        committed: boolean;
      }>(
        tx,
        sql`select u.tier, b.id, b.bank_code, b.bank_name, b.account_number, b.account_name,
                   (select id from ledger_accounts
                     where code = ${walletAccountCode(userId, 'NGN')}) as wallet_id,
                   exists (select 1 from payouts where reference = ${reference}) as committed
              from users u
              left join bank_accounts b on b.id = ${body.bank_account_id}
                   and b.user_id = u.id and b.deleted_at is null
             where u.id = ${userId}
               for update of u`,
      );
      const account = found?.id ? { ...found, id: found.id } : undefined;
      if (!account) throw notFound('We could not find this bank account');
      // The same key again after the first request died past its commit (its answer was never
      // kept): that withdrawal is the answer, and the reconciler finishes its payout.
      if (account.committed) return replayCommitted(tx, reference, amountMinor, account);
      const tier = account.tier;
      const limits = await limitsFor(tx, 'withdraw', tier);
      checkAmount(amountMinor, { ...limits, dailyRemainingMinor: null }, tier);
      const walletId = account.wallet_id ?? (await openWallet(tx, userId, 'NGN')).id;
      const { holdId } = await placeHold(tx, {
        idempotencyKey: `withdraw:${reference}`,
        accountId: walletId,
        amountMinor: amountMinor + feeMinor,
        at: now,
        ...(limits.dailyMinor === null
          ? {}
          : {
              guard: {
                condition: sql`${spentTodaySql(userId)} + ${amountMinor.toString()}::bigint
                                 <= ${limits.dailyMinor.toString()}::bigint`,
                refused: async () => {
                  checkAmount(amountMinor, await limitsToday(tx, userId, tier), tier);
                  return dailyLimitReached(0n);
                },
              },
            }),
      });
      // The pending row and the payout in one statement.
      const [written] = await rows<TransactionRow & { payout_id: string }>(
        tx,
        sql`with pending as (${insertTransactionStatement({
          userId,
          type: 'withdrawal',
          status: 'pending',
          direction: 'debit',
          channel: 'bank_transfer',
          currency: 'NGN',
          amountMinor,
          feeMinor,
          reference,
          provider: payouts.slug,
          providerReference: null,
          description: `Withdrawal to ${account.bank_name} ${account.account_number.slice(-4).padStart(10, '•')}`,
          at: now,
        })}), payout as (
          insert into payouts (reference, user_id, transaction_id, hold_id,
            bank_code, bank_name, account_number, account_name, amount_minor, fee_minor, status,
            provider, created_at, updated_at)
          select ${reference}, ${userId}, pending.id, ${holdId}, ${account.bank_code},
            ${account.bank_name}, ${account.account_number}, ${account.account_name},
            ${amountMinor.toString()}, ${feeMinor.toString()}, 'held', ${payouts.slug},
            ${now.toISOString()}, ${now.toISOString()}
            from pending
          returning id)
        select pending.*, payout.id as payout_id from pending, payout`,
      );
      if (!written) throw new Error('withdrawal rows not written');
      const { payout_id: payoutId, ...row } = written;
      const held: PayoutRow = {
        id: payoutId,
        reference,
        user_id: userId,
        transaction_id: row.id,
        hold_id: holdId,
        bank_code: account.bank_code,
        bank_name: account.bank_name,
        account_number: account.account_number,
        account_name: account.account_name,
        amount_minor: amountMinor.toString(),
        fee_minor: feeMinor.toString(),
        status: 'held',
        attempts: 0,
        updated_at: now,
      };
      return { pending: row, payout: held, replayed: false };
    });
    if (replayed) return { transaction: pending, amountMinor, feeMinor: BigInt(pending.fee_minor) };
    crash('after_hold');
    // The payout was just written as held; only a settlement changes the transaction row.
    const settled = await submit(reference, payout);
    if (!settled) return { transaction: pending, amountMinor, feeMinor };
    const [latest] = await rows<TransactionRow>(
      database.db,
      sql`select * from transactions where id = ${pending.id}`,
    );
    return { transaction: latest ?? pending, amountMinor, feeMinor };
  }

  const findPayout = async (executor: Database['db'] | Tx, reference: string, lock = false) =>
    (
      await rows<PayoutRow>(
        executor,
        lock
          ? sql`select * from payouts where reference = ${reference} for update`
          : sql`select * from payouts where reference = ${reference}`,
      )
    )[0];

  /**
   * Calls the vendor for a held payout (first time, or again after a crash: same reference).
   * Answers true when the payout was settled (failed or paid) on the way.
   */
  async function submit(reference: string, known?: PayoutRow): Promise<boolean> {
    const payout = known ?? (await findPayout(database.db, reference));
    if (payout?.status !== 'held') return false;
    let state: TransferState;
    try {
      state =
        (payout.attempts > 0 ? await payouts.fetchTransfer(reference) : undefined) ??
        (await payouts.createTransfer({
          reference,
          amountMinor: BigInt(payout.amount_minor),
          accountNumber: payout.account_number,
          bankCode: payout.bank_code,
          accountName: payout.account_name,
          reason: 'Ajo wallet withdrawal',
        }));
    } catch (error) {
      const rejected = error instanceof PayoutProviderError && error.reason !== 'unavailable';
      await database.db.execute(sql`update payouts set attempts = attempts + 1,
          last_error = ${error instanceof Error ? error.message : String(error)},
          updated_at = ${clock.now().toISOString()} where id = ${payout.id}`);
      if (rejected) {
        await settle(reference, 'failed');
        return true;
      }
      // Outcome unknown: the reconciler asks the vendor by reference before trying again.
      log.warn({ err: error, reference }, 'payout outcome unknown; left for the reconciler');
      return false;
    }
    crash('after_provider');
    await database.db.execute(sql`update payouts set status = 'submitted',
        provider_reference = ${state.providerReference}, attempts = attempts + 1,
        updated_at = ${clock.now().toISOString()}
        where id = ${payout.id} and status = 'held'`);
    if (state.status === 'pending') return false;
    await settle(reference, state.status);
    return true;
  }

  /**
   * A final answer from the vendor, applied exactly once: success posts the hold (fee to
   * revenue), failed releases it, reversed releases it or, after a success, pays it back.
   */
  async function settle(reference: string, outcome: 'success' | 'failed' | 'reversed') {
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      const payout = await findPayout(tx, reference, true);
      if (!payout) return;
      const final =
        payout.status === 'success' || payout.status === 'failed' || payout.status === 'reversed';
      const amountMinor = BigInt(payout.amount_minor);
      const feeMinor = BigInt(payout.fee_minor);
      const settlement = await systemAccount(tx, 'provider_settlement', 'NGN');
      let status: 'successful' | 'failed' | 'reversed';
      if (outcome === 'success') {
        if (final) return;
        await postHold(tx, {
          holdId: payout.hold_id,
          toAccountId: settlement.id,
          kind: 'withdrawal',
          description: `Withdrawal ${reference}`,
          at: now,
        });
        if (feeMinor > 0n) {
          const fees = await systemAccount(tx, 'fees_revenue', 'NGN');
          await transfer(tx, {
            idempotencyKey: `withdraw-fee:${reference}`,
            kind: 'withdrawal_fee',
            description: `Withdrawal fee ${reference}`,
            currency: 'NGN',
            fromAccountId: settlement.id,
            toAccountId: fees.id,
            amountMinor: feeMinor,
            at: now,
          });
        }
        status = 'successful';
      } else if (payout.status === 'success' && outcome === 'reversed') {
        // The bank sent it back after paying: the amount and the fee return to the wallet. The
        // bank returns the amount (settlement); the fee was ours, so revenue gives it back.
        const wallet = await openWallet(tx, payout.user_id, 'NGN');
        const fees = await systemAccount(tx, 'fees_revenue', 'NGN');
        await postEntry(tx, {
          idempotencyKey: `withdraw-reversal:${reference}`,
          kind: 'withdrawal_reversal',
          description: `Withdrawal ${reference} reversed`,
          currency: 'NGN',
          postings: [
            { accountId: settlement.id, amountMinor: -amountMinor },
            ...(feeMinor > 0n ? [{ accountId: fees.id, amountMinor: -feeMinor }] : []),
            { accountId: wallet.id, amountMinor: amountMinor + feeMinor },
          ],
          at: now,
        });
        status = 'reversed';
      } else {
        if (final) return;
        await voidHold(tx, payout.hold_id, now);
        status = outcome === 'reversed' ? 'reversed' : 'failed';
      }
      await tx.execute(sql`update payouts set status = ${outcome}, settled_at = ${now.toISOString()},
          updated_at = ${now.toISOString()} where id = ${payout.id}`);
      await tx.execute(sql`update transactions set status = ${status},
          updated_at = ${now.toISOString()} where id = ${payout.transaction_id}`);
      const destination = `${payout.bank_name} ${payout.account_number}`;
      await insertNotification(tx, {
        userId: payout.user_id,
        ...(status === 'successful'
          ? {
              title: 'Withdrawal successful',
              body: `${naira(amountMinor)} was sent to ${destination}.`,
            }
          : status === 'failed'
            ? {
                title: 'Withdrawal failed',
                body: `Your withdrawal of ${naira(amountMinor)} to ${destination} failed. The money is back in your wallet.`,
              }
            : {
                title: 'Withdrawal reversed',
                body: `Your withdrawal of ${naira(amountMinor)} to ${destination} was reversed by the bank. The money is back in your wallet.`,
              }),
        now,
      });
    });
  }

  /**
   * Finishes what crashes and lost webhooks left: held payouts are submitted with their
   * reference (after asking the vendor whether it already has it), submitted ones re-queried.
   */
  async function reconcile(now: Date): Promise<number> {
    const heldBefore = new Date(now.getTime() - heldStaleMs).toISOString();
    const submittedBefore = new Date(now.getTime() - submittedStaleMs).toISOString();
    const open = await rows<{ reference: string; status: string }>(
      database.db,
      sql`select reference, status from payouts
           where (status = 'held' and updated_at < ${heldBefore})
              or (status = 'submitted' and updated_at < ${submittedBefore})
           order by updated_at limit 200`,
    );
    for (const { reference, status } of open) {
      if (status === 'held') {
        // A crash may have come after the vendor accepted: look before sending again.
        await database.db.execute(sql`update payouts set attempts = greatest(attempts, 1)
            where reference = ${reference} and status = 'held'`);
        await submit(reference);
        continue;
      }
      try {
        const state = await payouts.fetchTransfer(reference);
        await database.db.execute(sql`update payouts set updated_at = ${now.toISOString()}
            where reference = ${reference}`);
        if (state && state.status !== 'pending') await settle(reference, state.status);
      } catch (error) {
        log.warn({ err: error, reference }, 'payout re-query failed; will try again');
      }
    }
    return open.length;
  }

  return { quote, withdraw, submit, settle, reconcile };
}

export type WithdrawalsService = ReturnType<typeof withdrawalsService>;
