import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from '../../platform/background.ts';
import { batcher, failed, succeeded, type Outcome } from '../../platform/batcher.ts';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { insertNotifications } from '../../platform/notifications.ts';
import {
  addActivityDetails,
  changeActivityStatuses,
  findActivityById,
  insertActivities,
} from '../activity.ts';
import { releaseOnHoldOf } from '../credits.ts';
import { releaseDailyTotal, reserveDailyTotals } from '../daily-totals.ts';
import type { SystemAccountName } from '../ledger/account-codes.ts';
import {
  move,
  placeHolds,
  postEntry,
  resolveHolds,
  systemAccount,
  walletsOf,
} from '../ledger/ledger.service.ts';
import type {
  FinalOutcome,
  MovementPolicy,
  MovementProvider,
  MovementRow,
  Placement,
  PlacementRequest,
  ProviderState,
  SettledStatus,
} from './provider-movement.ts';
import * as repository from './provider-movements.repository.ts';
import { crashIfAt } from '../../platform/test-crash.ts';

/** Steps a test may stop the process at (`TEST_CRASH_AT`): never honoured in production. */
export type CrashPoint = 'after_hold' | 'after_provider';

export interface ProviderMovementsDependencies {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where a placed movement is handed to the provider without keeping its request waiting. */
  background: BackgroundWork;
  /** Tests only: the configured crash point (this core stops at its own, `CrashPoint`). */
  crashAt?: string | undefined;
}

/** A held movement older than this was left by a crash before the provider was called. */
const heldStaleMs = 30_000;
/** A submitted movement is asked about when nothing has settled it within this time. */
const submittedStaleMs = 2 * 60_000;
/** Most items in one batch of any stage. */
const maxBatch = 64;

/** Movements in their users' order: rows of several users are locked in one order. */
const byUser = (a: { movement: MovementRow }, b: { movement: MovementRow }) =>
  a.movement.user_id < b.movement.user_id ? -1 : a.movement.user_id > b.movement.user_id ? 1 : 0;

/** A system account for each currency the movements are in. */
async function systemAccounts(
  tx: Tx,
  name: SystemAccountName,
  movements: readonly { movement: MovementRow }[],
) {
  const accounts = new Map<MovementRow['currency'], string>();
  for (const { movement } of movements) {
    if (!accounts.has(movement.currency)) {
      accounts.set(movement.currency, (await systemAccount(tx, name, movement.currency)).id);
    }
  }
  return accounts;
}

/**
 * Money handed to an outside party, written once for every product (decision 0016):
 *
 * 1. `place`: the daily limit reserved, amount + fee held on the wallet, a pending activity row and
 *    a `held` movement, all in one transaction; concurrent requests share it (group commit).
 * 2. The answer goes to the user; the movement is submitted to the provider in the background.
 * 3. `settle`: the provider's final word, applied once under the movement's lock: success posts
 *    the hold (the fee to revenue), failure releases it, a reversal after success pays it back.
 * 4. `reconcile` (a job): movements a crash or a lost webhook left open are finished by reference.
 *
 * The product brings its policy (activity, daily limit, wording) and its provider.
 */
export function providerMovements<Destination>(
  deps: ProviderMovementsDependencies,
  policy: MovementPolicy<Destination>,
  provider: MovementProvider<Destination>,
) {
  const { database, clock, log, background } = deps;

  const crash = (point: CrashPoint) => {
    crashIfAt(deps.crashAt, point, log);
  };

  const placements = batcher<PlacementRequest<Destination>, Placement>({
    maxBatch,
    // One movement per user in a batch: each user's wallet and daily total move once in it.
    conflictKey: (request) => request.userId,
    run: (requests) => database.unitOfWork((tx) => placeBatch(tx, requests)),
  });

  /** The stages of `place` for a batch, in its transaction. */
  async function placeBatch(
    tx: Tx,
    requests: readonly PlacementRequest<Destination>[],
  ): Promise<Outcome<Placement>[]> {
    const now = clock.now();
    const answers = new Map<number, Placement>();
    // The earlier movements of these references and every user's wallet, side by side (one round
    // trip; a replay's wallet goes unused).
    const [existing, wallets] = await Promise.all([
      repository.findMovements(
        tx,
        requests.map((request) => request.reference),
      ),
      walletsOf(
        tx,
        requests.map((request) => request.userId),
        requests[0]?.currency ?? 'NGN',
      ),
    ]);
    let fresh = requests.flatMap((request, ord) => {
      const committed = existing.get(request.reference);
      return committed ? [] : [{ ord, request }];
    });
    for (const [ord, request] of requests.entries()) {
      const committed = existing.get(request.reference);
      if (committed) answers.set(ord, await replayOf(tx, request, committed));
    }

    const day = businessDate(now);
    const reservations = await reserveDailyTotals(
      tx,
      fresh.map(({ request }) => ({
        userId: request.userId,
        operation: policy.limitedOperation,
        day,
        amountMinor: request.amountMinor,
        limitMinor: request.dailyLimitMinor,
      })),
    );
    fresh = fresh.filter(({ ord, request }, index) => {
      const reservation = reservations[index];
      if (reservation?.reserved !== false) return true;
      const limit = request.dailyLimitMinor ?? 0n;
      const remainingMinor = limit > reservation.usedMinor ? limit - reservation.usedMinor : 0n;
      answers.set(ord, { outcome: 'daily_limit', remainingMinor });
      return false;
    });

    const holds = await placeHolds(
      tx,
      fresh.map(({ request }) => ({
        idempotencyKey: `${policy.product}:${request.reference}`,
        accountId: wallets.get(request.userId) ?? '',
        amountMinor: request.amountMinor + request.feeMinor,
      })),
      now,
    );
    const held: { ord: number; request: PlacementRequest<Destination>; holdId: string }[] = [];
    for (const [index, { ord, request }] of fresh.entries()) {
      const hold = holds[index];
      if (hold?.outcome === 'placed' || hold?.outcome === 'replayed') {
        held.push({ ord, request, holdId: hold.holdId });
        continue;
      }
      // Not enough money: the day's limit it reserved is given back in the same transaction.
      await releaseDailyTotal(tx, {
        userId: request.userId,
        operation: policy.limitedOperation,
        day,
        amountMinor: request.amountMinor,
      });
      answers.set(ord, { outcome: 'insufficient_funds' });
    }

    const activities = await insertActivities(
      tx,
      held.map(({ request }) => ({
        userId: request.userId,
        kind: policy.kind,
        status: 'pending',
        direction: 'debit',
        channel: policy.channel,
        currency: request.currency,
        amountMinor: request.amountMinor,
        feeMinor: request.feeMinor,
        reference: request.reference,
        provider: provider.slug,
        providerReference: null,
        description: policy.describe(request.destination),
        metadata: { destination: request.destination },
        at: now,
      })),
    );
    const movements = await repository.insertMovements(
      tx,
      held.map(({ request, holdId }, index) => ({
        product: policy.product,
        reference: request.reference,
        userId: request.userId,
        transactionId: activities[index]?.id ?? '',
        holdId,
        currency: request.currency,
        amountMinor: request.amountMinor,
        feeMinor: request.feeMinor,
        destination: request.destination,
        provider: provider.slug,
      })),
      now,
    );
    for (const [index, { ord }] of held.entries()) {
      const activity = activities[index];
      const movement = movements[index];
      if (!activity || !movement) throw new Error('a placed movement lost its rows');
      answers.set(ord, { outcome: 'placed', activity, movement });
    }
    return requests.map((_, ord) => {
      const answer = answers.get(ord);
      return answer ? succeeded(answer) : failed(new Error('a placement got no answer'));
    });
  }

  /** The same reference again: the movement placed then, if it is the same request. */
  async function replayOf(
    tx: Tx,
    request: PlacementRequest<Destination>,
    committed: MovementRow,
  ): Promise<Placement> {
    const same =
      BigInt(committed.amount_minor) === request.amountMinor &&
      isDeepStrictEqual(policy.parseDestination(committed.destination), request.destination);
    if (!same) return { outcome: 'different_request' };
    const activity = await findActivityById(tx, committed.transaction_id);
    if (!activity) throw new Error('a provider movement lost its activity row');
    return { outcome: 'replayed', activity, movement: committed };
  }

  /**
   * Places one movement (in a batch with whatever arrives at the same time) and, once it is
   * committed, hands it to the provider in the background: the caller answers the user at once.
   * A replay is answered without submitting again (the reconciler finishes it if it must).
   */
  async function place(request: PlacementRequest<Destination>): Promise<Placement> {
    const placed = await placements(request);
    if (placed.outcome === 'placed') {
      crash('after_hold');
      background.start('provider submission', () => submit(request.reference, placed.movement));
    }
    return placed;
  }

  /** Movements handed over together: the provider's bulk call when it has one. */
  const submissions = batcher<
    {
      reference: string;
      amountMinor: bigint;
      currency: MovementRow['currency'];
      destination: Destination;
      placedAt: Date;
    },
    ProviderState
  >({
    maxBatch,
    concurrency: provider.submitsInFlight ?? 1,
    conflictKey: (movement) => movement.reference,
    run: async (movements) => {
      try {
        return await provider.submit(movements);
      } catch (error) {
        // An error of the whole call is an unknown outcome for each: ask before sending again.
        return movements.map(() => failed(error));
      }
    },
  });

  /** The provider's acceptances recorded together. */
  const acceptances = batcher<{ movementId: string; providerReference: string | null }, undefined>({
    maxBatch,
    run: async (accepted) => {
      await repository.markSubmitted(database.db, accepted, clock.now());
      return accepted.map(() => succeeded(undefined));
    },
  });

  /**
   * Hands a held movement to the provider (the first time, or again after a crash: the same
   * reference). Answers true when it was settled (paid or failed) on the way.
   */
  async function submit(reference: string, known?: MovementRow): Promise<boolean> {
    const movement = known ?? (await repository.findMovement(database.db, reference));
    if (movement?.status !== 'held') return false;
    let state: ProviderState;
    const placedAt = new Date(movement.created_at);
    try {
      state =
        (movement.attempts > 0 ? await provider.fetch(reference, placedAt) : undefined) ??
        (await submissions({
          reference,
          amountMinor: BigInt(movement.amount_minor),
          currency: movement.currency,
          destination: policy.parseDestination(movement.destination),
          placedAt,
        }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repository.recordAttemptFailure(database.db, movement.id, message, clock.now());
      if (provider.isRefusal(error)) {
        await settle(reference, 'failed');
        return true;
      }
      log.warn({ err: error, reference }, 'provider outcome unknown; left for the reconciler');
      return false;
    }
    crash('after_provider');
    await acceptances({ movementId: movement.id, providerReference: state.providerReference });
    if (state.status === 'pending') return false;
    await settle(reference, state.status, state.delivered);
    return true;
  }

  /** The provider's final word on one movement, with what it delivered with a success. */
  interface Settlement {
    reference: string;
    outcome: FinalOutcome;
    delivered?: Record<string, string> | undefined;
  }

  /** Settlements that arrive together share one transaction (group commit). */
  const settlements = batcher<Settlement, undefined>({
    maxBatch,
    conflictKey: (settlement) => settlement.reference,
    run: (batch) =>
      database.unitOfWork(async (tx) => {
        await settleBatch(tx, batch);
        return batch.map(() => succeeded(undefined));
      }),
  });

  /**
   * The provider's final word, applied exactly once under the movement's row lock (in a batch
   * with whatever settles at the same time). A reversal after a success pays the money back; any
   * other repeat changes nothing. What the provider `delivered` with a success (an electricity
   * token) is kept on the activity row.
   */
  async function settle(
    reference: string,
    outcome: FinalOutcome,
    delivered?: Record<string, string>,
  ): Promise<void> {
    await settlements({ reference, outcome, delivered });
  }

  /**
   * The stages of `settle` for a batch, in its transaction: success posts the hold to provider
   * settlement and the fee on to revenue; failure releases the hold; a reversal after a success
   * pays amount and fee back. Money that comes back stops counting towards its day's limit. The
   * movements, the activity rows and the product's notices are written first and the ledger
   * last, so the wallets are locked for as short a time as the commit allows.
   */
  async function settleBatch(tx: Tx, batch: readonly Settlement[]) {
    const now = clock.now();
    const movements = await repository.lockMovements(
      tx,
      batch.map((settlement) => settlement.reference),
    );
    const applied = batch.flatMap(({ reference, outcome, delivered }) => {
      const movement = movements.get(reference);
      if (!movement) return [];
      const open = movement.status === 'held' || movement.status === 'submitted';
      const reversedAfterSuccess = movement.status === 'success' && outcome === 'reversed';
      if (!open && !reversedAfterSuccess) return [];
      const status: SettledStatus =
        outcome === 'success' ? 'successful' : outcome === 'reversed' ? 'reversed' : 'failed';
      return [
        { movement, outcome, status, delivered: outcome === 'success' ? delivered : undefined },
      ];
    });
    if (applied.length === 0) return;
    const paid = applied.filter(({ outcome }) => outcome === 'success');
    const paidBack = applied.filter(({ movement }) => movement.status === 'success');

    const cameBack = applied.filter(({ outcome }) => outcome !== 'success');
    for (const { movement } of cameBack.sort(byUser)) {
      await releaseDailyTotal(tx, {
        userId: movement.user_id,
        operation: policy.limitedOperation,
        day: businessDate(new Date(movement.created_at)),
        amountMinor: BigInt(movement.amount_minor),
      });
    }

    await repository.setMovementStatuses(
      tx,
      applied.map(({ movement, outcome }) => ({ movementId: movement.id, status: outcome })),
      now,
    );
    await changeActivityStatuses(
      tx,
      applied.map(({ movement, status }) => ({
        id: movement.transaction_id,
        to: status,
        from: status === 'reversed' ? ['pending', 'successful'] : ['pending'],
        at: now,
      })),
    );
    await insertNotifications(
      tx,
      applied.map(({ movement, status, delivered }) => ({
        userId: movement.user_id,
        ...policy.notice(status, {
          amountMinor: BigInt(movement.amount_minor),
          destination: policy.parseDestination(movement.destination),
          delivered,
        }),
        now,
        transactionId: movement.transaction_id,
      })),
    );
    await addActivityDetails(
      tx,
      paid.flatMap(({ movement, delivered }) =>
        delivered ? [{ id: movement.transaction_id, details: { delivered } }] : [],
      ),
    );

    // The ledger last: from here to the commit the wallets' rows stay locked, and the next
    // placements of the same users wait on them (measured: most of a settlement batch's time).
    const settlementAccounts = await systemAccounts(tx, 'provider_settlement', applied);
    await resolveHolds(
      tx,
      applied
        .filter(({ movement }) => movement.status !== 'success')
        .map(({ movement, outcome }) =>
          outcome === 'success'
            ? {
                holdId: movement.hold_id,
                postTo: {
                  accountId: settlementAccounts.get(movement.currency) ?? '',
                  kind: policy.product,
                  description: `${policy.product} ${movement.reference}`,
                },
              }
            : { holdId: movement.hold_id },
        ),
      now,
    );
    const charged = paid.filter(({ movement }) => BigInt(movement.fee_minor) > 0n);
    const revenue = await systemAccounts(tx, 'fees_revenue', charged);
    await move(
      tx,
      charged.map(({ movement }) => ({
        idempotencyKey: `${policy.product}-fee:${movement.reference}`,
        kind: `${policy.product}_fee`,
        description: `${policy.product} fee ${movement.reference}`,
        currency: movement.currency,
        postings: [
          {
            accountId: settlementAccounts.get(movement.currency) ?? '',
            amountMinor: -BigInt(movement.fee_minor),
          },
          {
            accountId: revenue.get(movement.currency) ?? '',
            amountMinor: BigInt(movement.fee_minor),
          },
        ],
        at: now,
      })),
    );
    // The wallets are lower now: money kept on hold above the balance cap may fit.
    await releaseOnHoldOf(
      tx,
      paid.flatMap(({ movement }) => (movement.currency === 'NGN' ? [movement.user_id] : [])),
      now,
    );
    for (const { movement } of paidBack) await payBack(tx, movement, now);
  }

  /**
   * The provider sent it back after paying: the amount and the fee return to the wallet. The
   * provider returns the amount (settlement); the fee was ours, so revenue gives it back.
   */
  async function payBack(tx: Tx, movement: MovementRow, now: Date) {
    const amountMinor = BigInt(movement.amount_minor);
    const feeMinor = BigInt(movement.fee_minor);
    const settlement = await systemAccount(tx, 'provider_settlement', movement.currency);
    const wallets = await walletsOf(tx, [movement.user_id], movement.currency);
    const fees = await systemAccount(tx, 'fees_revenue', movement.currency);
    await postEntry(tx, {
      idempotencyKey: `${policy.product}-reversal:${movement.reference}`,
      kind: `${policy.product}_reversal`,
      description: `${policy.product} ${movement.reference} reversed`,
      currency: movement.currency,
      postings: [
        { accountId: settlement.id, amountMinor: -amountMinor },
        ...(feeMinor > 0n ? [{ accountId: fees.id, amountMinor: -feeMinor }] : []),
        { accountId: wallets.get(movement.user_id) ?? '', amountMinor: amountMinor + feeMinor },
      ],
      at: now,
    });
  }

  /**
   * Finishes what crashes and lost webhooks left: held movements are submitted with their
   * reference (after asking the provider whether it already has it), submitted ones asked about.
   */
  async function reconcile(now: Date): Promise<number> {
    const open = await openMovements(now);
    for (const movement of open) await reconcileOne(movement, now);
    return open.length;
  }

  /**
   * The reconciler's work for one movement, now (an operator's re-query from the console): it
   * answers false when the movement is settled or was asked about too recently to ask again.
   */
  async function requery(reference: string, now: Date): Promise<boolean> {
    const [movement] = await openMovements(now, reference);
    if (!movement) return false;
    await reconcileOne(movement, now);
    return true;
  }

  /** Held movements left for 30 seconds, and submitted ones not asked about for 2 minutes. */
  function openMovements(now: Date, reference?: string) {
    return repository.openMovements(database.db, {
      product: policy.product,
      heldBefore: new Date(now.getTime() - heldStaleMs),
      submittedBefore: new Date(now.getTime() - submittedStaleMs),
      limit: 200,
      ...(reference === undefined ? {} : { reference }),
    });
  }

  async function reconcileOne(
    movement: { reference: string; status: string; created_at: string | Date },
    now: Date,
  ) {
    const { reference, status, created_at: createdAt } = movement;
    if (status === 'held') {
      // A crash may have come after the provider accepted: look before sending again.
      await repository.markAttempted(database.db, reference);
      await submit(reference);
      return;
    }
    try {
      const state = await provider.fetch(reference, new Date(createdAt));
      await repository.touchMovement(database.db, reference, now);
      if (state && state.status !== 'pending') {
        await settle(reference, state.status, state.delivered);
      }
    } catch (error) {
      log.warn({ err: error, reference }, 'provider re-query failed; will try again');
    }
  }

  /** Every minute: the reconciler of this product's movements. */
  const reconcileJob: JobDefinition = {
    name: `${policy.product}-movements-reconcile`,
    schedule: { everyMinutes: 1 },
    maxAttempts: 3,
    run: async ({ now }) => {
      await reconcile(now);
    },
  };

  return { place, submit, settle, reconcile, requery, reconcileJob };
}

export type ProviderMovements<Destination> = ReturnType<typeof providerMovements<Destination>>;
