import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from '../../platform/background.ts';
import { batcher, failed, succeeded, type Outcome } from '../../platform/batcher.ts';
import { businessDate, type Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import {
  PayoutProviderError,
  type PayoutsProvider,
  type TransferRequest,
  type TransferState,
} from '../../providers/payouts/payouts.port.ts';
import { amountFromInput, feeFor } from '../wallets/limits.ts';
import { payoutSettlement } from './payout-settlement.ts';
import {
  placeWithdrawals,
  withdrawalLimitsToday,
  type HeldWithdrawal,
  type WithdrawalRequest,
} from './withdrawal-holds.ts';
import {
  findPayout,
  markSubmitted,
  type PayoutRow,
  type Withdrawer,
} from './withdrawals.repository.ts';

/** Steps a test may stop the process at (see `TEST_CRASH_AT`): never honoured in production. */
export type CrashPoint = 'after_hold' | 'after_provider';

export interface WithdrawalsDependencies {
  database: Database;
  clock: Clock;
  payouts: PayoutsProvider;
  log: FastifyBaseLogger;
  /** Where a committed withdrawal is handed to the bank without keeping its request waiting. */
  background: BackgroundWork;
  crashAt?: CrashPoint | undefined;
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

export function withdrawalsService(deps: WithdrawalsDependencies) {
  const { database, clock, payouts, log, background } = deps;
  const settle = payoutSettlement(database, clock);

  const crash = (point: CrashPoint) => {
    if (deps.crashAt === point) {
      log.fatal({ point }, 'TEST_CRASH_AT: stopping the process on purpose');
      process.kill(process.pid, 'SIGKILL');
    }
  };

  /**
   * Withdrawals placed together: each batch is checked in one statement and written in another
   * (see `placeWithdrawals`), one withdrawal per user in it. (Two stages side by side, one batch
   * written while the next is checked, measured slower: smaller batches, one more wait.)
   */
  const placeWithdrawal = batcher<WithdrawalRequest, HeldWithdrawal>({
    maxBatch: 64,
    conflictKey: (request) => request.userId,
    run: (requests) => placeWithdrawals(database, clock, payouts.slug, requests),
  });

  /**
   * Transfers sent together: the vendor's bulk call when it has one. Whatever happens, each
   * transfer gets its own outcome, and an error of the whole call is an unknown outcome for each
   * (the reconciler asks the vendor by reference before sending again).
   */
  const sendTransfer = batcher<TransferRequest, TransferState>({
    maxBatch: 64,
    conflictKey: (request) => request.reference,
    run: async (requests): Promise<Outcome<TransferState>[]> => {
      try {
        if (payouts.createTransfers) return await payouts.createTransfers(requests);
        return await Promise.all(
          requests.map((request) => payouts.createTransfer(request).then(succeeded, failed)),
        );
      } catch (error) {
        return requests.map(() => failed(error));
      }
    },
  });

  /** The vendor's acceptances recorded together. */
  const recordSubmitted = batcher<
    { payoutId: string; providerReference: string | null },
    undefined
  >({
    maxBatch: 64,
    run: async (submitted) => {
      await markSubmitted(database.db, submitted, clock.now());
      return submitted.map(() => succeeded(undefined));
    },
  });

  async function quote(userId: string, amountInput: string | number) {
    const amountMinor = amountFromInput(amountInput);
    const [user] = await rows<Pick<Withdrawer, 'tier' | 'withdrawal_day' | 'withdrawn_minor'>>(
      database.db,
      sql`select tier, withdrawal_day::text as withdrawal_day, withdrawn_minor::text as withdrawn_minor
            from users where id = ${userId}`,
    );
    const limits = await withdrawalLimitsToday(
      database.db,
      amountMinor,
      user ?? { tier: 0, withdrawal_day: null, withdrawn_minor: '0' },
      businessDate(clock.now()),
    );
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
   * the reconciler can finish with the same reference. The answer comes once the hold is
   * committed: the transfer is handed to the bank in the background (decision 0013), and the
   * transaction's status follows what the bank says.
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
    const { pending, payout, replayed } = await placeWithdrawal({
      userId,
      reference,
      amountMinor,
      feeMinor,
      bankAccountId: body.bank_account_id,
    });
    if (replayed) return { transaction: pending, amountMinor, feeMinor: BigInt(pending.fee_minor) };
    crash('after_hold');
    background.start('payout submission', () => submit(reference, payout));
    return { transaction: pending, amountMinor, feeMinor };
  }

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
        (await sendTransfer({
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
    await recordSubmitted({ payoutId: payout.id, providerReference: state.providerReference });
    if (state.status === 'pending') return false;
    await settle(reference, state.status);
    return true;
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
