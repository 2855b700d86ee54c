import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  addMonths,
  automaticCollectionMinor,
  collectionDates,
  TARGET_MAXIMUM_MONTHS,
  TARGET_MINIMUM_MINOR,
  targetSavingsMessages,
  type SavingsDuration,
  type TargetSavingBody,
  type TopUpBody,
} from '@ajo/contracts/savings';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import { findActivityByReference, insertActivity } from '../../money/activity.ts';
import {
  move,
  openProductAccount,
  openWallet,
  systemAccount,
  transfer,
} from '../../money/ledger/ledger.service.ts';
import { addDays, businessDate, type Clock, readableDate } from '../../platform/clock.ts';
import { rows, type Database, type Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { basisPoints } from './plan-terms.ts';
import * as repository from './savings.repository.ts';
import { referenceForKey, replayedIf } from '../../platform/idempotency.ts';

const invalid = (path: string, message: string, code = 'invalid_target') =>
  new AppError(code, message, 422, [{ path, message }]);

/** The smallest top-up of a plan of one's own; a challenge's is the spec's ₦2,000. */
export const TOP_UP_MINIMUM_MINOR = 100_00n;

/** Breaking a target early bears 1% of the deposits (the spec's agreement text). */
export const breakChargeMinor = (depositsMinor: bigint) => (depositsMinor * 2n + 100n) / 200n;

/** The rate a term earns: the longest duration of the rate chart the term covers, else the first. */
export function durationFor(durations: readonly SavingsDuration[], days: number): SavingsDuration {
  const covered = durations.filter((duration) => duration.days <= days);
  const chosen = covered.at(-1) ?? durations[0];
  if (!chosen) throw new Error('a savings product has no rate chart');
  return chosen;
}

export interface TargetDependencies {
  database: Database;
  clock: Clock;
  productBySlug: (slug: string) => Promise<repository.ProductRow>;
}

/**
 * Target plans: made without moving money (the first instalment is collected on its due date, by
 * hand or by the collection job), topped up from the wallet, broken early for the deposits less
 * 1% with the interest forfeited. The spec's rules are checked here too, in its words.
 */
/** The plan a saving activity row belongs to (`metadata.saving.order_id`). */
function savingOrderOf(metadata: Record<string, unknown>): unknown {
  const saving = metadata.saving;
  return typeof saving === 'object' && saving !== null
    ? (saving as Record<string, unknown>).order_id
    : undefined;
}

export function targetSavings({ database, clock, productBySlug }: TargetDependencies) {
  function amountOf(input: string | number | undefined, path: string, empty: string) {
    if (input === undefined || input === '') throw invalid(path, empty);
    try {
      return parseAmount(input, { allowZero: true });
    } catch {
      throw invalid(path, 'Please enter a valid number', 'invalid_amount');
    }
  }

  async function createTarget(userId: string, body: TargetSavingBody, idempotencyKey: string) {
    const product = await productBySlug('target_saving');
    const categories = (product.meta.categories ?? []) as { id: string }[];
    if (!categories.some((category) => category.id === String(body.category))) {
      throw invalid('category', targetSavingsMessages.category);
    }
    const targetMinor = amountOf(body.amount, 'amount', targetSavingsMessages.amountEmpty);
    if (targetMinor < TARGET_MINIMUM_MINOR) {
      throw invalid('amount', targetSavingsMessages.amountMinimum, 'below_minimum');
    }
    const now = clock.now();
    const today = businessDate(now);
    const startOn = businessDate(new Date(body.start_date));
    const endOn = businessDate(new Date(body.end_date));
    if (startOn < today) {
      throw invalid('start_date', targetSavingsMessages.startElapsed, 'start_elapsed');
    }
    if (endOn <= startOn) {
      throw invalid('end_date', targetSavingsMessages.endNotBeyondStart, 'end_before_start');
    }
    if (endOn < addMonths(startOn, 1)) {
      throw invalid('end_date', targetSavingsMessages.durationUnderMonth, 'under_a_month');
    }
    if (endOn > addMonths(today, TARGET_MAXIMUM_MONTHS)) {
      throw invalid('end_date', targetSavingsMessages.endTooFar, 'end_too_far');
    }
    const automatic = body.collection_method === 'automatic';
    const collectionMinor = automatic
      ? automaticCollectionMinor(targetMinor, startOn, endOn, body.frequency)
      : amountOf(
          body.collection_amount,
          'collection_amount',
          targetSavingsMessages.collectionAmount,
        );
    if (collectionMinor < 1_00n) {
      throw invalid('collection_amount', targetSavingsMessages.collectionAmountPositive);
    }
    const termDays = Math.round((Date.parse(endOn) - Date.parse(startOn)) / 86_400_000);
    const duration = durationFor(product.meta.durations, termDays);
    const reference = referenceForKey('AJO-TGT', 'AJO-TGT', userId, idempotencyKey);
    const plan = await database.unitOfWork(async (tx) => {
      const existing = await repository.planByReference(tx, reference);
      if (existing) {
        return replayedIf(
          existing,
          existing.target_minor === targetMinor.toString() &&
            existing.reason === body.reason &&
            existing.frequency === body.frequency &&
            existing.collection_method === body.collection_method &&
            existing.collection_minor === collectionMinor.toString() &&
            existing.start_on === startOn &&
            existing.maturity_on === endOn,
        );
      }
      const id = randomUUID();
      const account = await openProductAccount(tx, {
        userId,
        product: 'saving',
        productId: id,
        currency: 'NGN',
      });
      await repository.insertPlan(tx, {
        id,
        userId,
        productId: product.id,
        reference,
        reason: body.reason,
        currency: 'NGN',
        principalMinor: 0n,
        duration: { ...duration, label: `${String(termDays)} days`, days: termDays },
        rateBps: basisPoints(duration.rate),
        startOn,
        maturityOn: endOn,
        accruedThrough: addDays(startOn, -1),
        ledgerAccountId: account.id,
        at: now,
        target: {
          targetMinor,
          categoryId: String(body.category),
          frequency: body.frequency,
          collectionMethod: body.collection_method,
          collectionMinor,
          nextCollectionOn: automatic
            ? (collectionDates(startOn, endOn, body.frequency)[0] ?? null)
            : null,
        },
      });
      const created = await repository.planByReference(tx, reference);
      if (!created) throw new Error('the plan just made could not be read');
      const every = body.frequency === 'WEEKLY' ? 'week' : 'month';
      await insertNotification(tx, {
        userId,
        title: 'Target created',
        body: automatic
          ? `${body.reason}: ${formatMoney(collectionMinor, 'NGN')} will be collected from your wallet every ${every} from ${readableDate(startOn)} until you reach ${formatMoney(targetMinor, 'NGN')} by ${readableDate(endOn)}.`
          : `${body.reason}: top it up with ${formatMoney(collectionMinor, 'NGN')} every ${every} to reach ${formatMoney(targetMinor, 'NGN')} by ${readableDate(endOn)}.`,
        now,
      });
      return created;
    });
    return plan;
  }

  /** The user's own plan, locked for a change of its balance. */
  async function lockedPlan(tx: Tx, userId: string, ids: { savingId: string; orderId: string }) {
    const [locked] = await rows<{ id: string }>(
      tx,
      sql`select id from savings_plans
           where id = ${ids.orderId} and saving_id = ${ids.savingId} and user_id = ${userId}
           for update`,
    );
    if (!locked) throw notFound('That savings plan does not exist');
    const plan = await repository.planOf(tx, userId, ids);
    if (!plan) throw notFound('That savings plan does not exist');
    return plan;
  }

  /** Wallet → plan: the plan's balance (and deposits) grow in the same transaction. */
  async function topUp(
    userId: string,
    ids: { savingId: string; orderId: string },
    body: TopUpBody,
    idempotencyKey: string,
    onToppedUp?: (tx: Tx, plan: repository.PlanRow, amountMinor: bigint) => Promise<void>,
  ) {
    const amountMinor = amountOf(body.amount, 'amount', 'Enter the amount');
    const reference = referenceForKey('AJO-TOP', 'AJO-TOP', userId, idempotencyKey);
    return database.unitOfWork(async (tx) => {
      const plan = await lockedPlan(tx, userId, ids);
      if (plan.target_minor === null) {
        throw new AppError(
          'not_top_up_able',
          'Only target savings can be topped up: a fixed or dollar plan keeps the amount it started with',
          422,
        );
      }
      if (plan.status !== 'active') {
        throw new AppError(
          'plan_ended',
          'This plan has ended: start a new one to keep saving',
          422,
        );
      }
      const minimum =
        plan.predefined_target_id === null ? TOP_UP_MINIMUM_MINOR : TARGET_MINIMUM_MINOR;
      if (amountMinor < minimum) {
        throw invalid('amount', `Top up at least ${formatMoney(minimum, 'NGN')}`, 'below_minimum');
      }
      // A key already used: the same top up of the same plan answers again; another is refused.
      const earlier = await findActivityByReference(tx, reference);
      if (earlier) {
        replayedIf(
          earlier,
          earlier.amount_minor === amountMinor.toString() &&
            savingOrderOf(earlier.metadata) === plan.id,
        );
      }
      const now = clock.now();
      const wallet = await openWallet(tx, userId, 'NGN');
      const moved = await transfer(tx, {
        idempotencyKey: reference,
        kind: 'saving',
        description: `Top up: ${plan.reason}`,
        currency: 'NGN',
        fromAccountId: wallet.id,
        toAccountId: plan.ledger_account_id,
        amountMinor,
        metadata: { plan_id: plan.id },
        at: now,
      });
      if (!moved.replayed) {
        await tx.execute(sql`update savings_plans
            set balance_minor = balance_minor + ${amountMinor.toString()},
                principal_minor = principal_minor + ${amountMinor.toString()}
          where id = ${plan.id}`);
        await insertActivity(tx, {
          userId,
          kind: 'saving',
          status: 'successful',
          direction: 'debit',
          channel: 'wallet',
          currency: 'NGN',
          amountMinor,
          feeMinor: 0n,
          reference,
          provider: null,
          providerReference: null,
          description: `Top up: ${plan.reason}`,
          metadata: {
            saving: {
              saving_id: plan.saving_id,
              order_id: plan.id,
              product: plan.product_slug,
              event: 'topped_up',
            },
          },
          at: now,
        });
        if (onToppedUp) await onToppedUp(tx, plan, amountMinor);
      }
      const after = await repository.planOf(tx, userId, ids);
      if (!after) throw new Error('the plan just topped up could not be read');
      return after;
    });
  }

  /** What breaking now gives back: the deposits less 1%, the interest so far forfeited. */
  function breakFigures(plan: repository.PlanRow) {
    const depositsMinor = BigInt(plan.balance_minor);
    const chargeMinor = breakChargeMinor(depositsMinor);
    return {
      depositsMinor,
      chargeMinor,
      forfeitedMinor: BigInt(plan.accrued_minor),
      payoutMinor: depositsMinor - chargeMinor,
    };
  }

  function assertBreakable(plan: repository.PlanRow) {
    if (plan.target_minor === null) {
      throw new AppError(
        'not_breakable',
        plan.product_slug === 'fixed'
          ? 'A fixed plan cannot be broken: its money is available on its maturity date'
          : 'This plan cannot be broken: its money is available on its due date',
        422,
      );
    }
    if (plan.status !== 'active') {
      throw new AppError('plan_ended', 'This plan has already ended', 422);
    }
  }

  async function breakQuote(userId: string, ids: { savingId: string; orderId: string }) {
    const plan = await repository.planOf(database.db, userId, ids);
    if (!plan) throw notFound('That savings plan does not exist');
    assertBreakable(plan);
    const figures = breakFigures(plan);
    return {
      deposits: formatMinorAsDecimal(figures.depositsMinor),
      charge: formatMinorAsDecimal(figures.chargeMinor),
      forfeited_interest: formatMinorAsDecimal(figures.forfeitedMinor),
      payout: formatMinorAsDecimal(figures.payoutMinor),
    };
  }

  /**
   * Breaks a target early, in one ledger entry keyed by the plan: the deposits leave its account,
   * 1% to fees revenue and the rest to the wallet, and the interest accrued goes back against the
   * expense (forfeited).
   */
  async function breakPlan(userId: string, ids: { savingId: string; orderId: string }) {
    return database.unitOfWork(async (tx) => {
      const plan = await lockedPlan(tx, userId, ids);
      if (plan.status === 'broken') return plan;
      assertBreakable(plan);
      const now = clock.now();
      const figures = breakFigures(plan);
      const wallet = await openWallet(tx, userId, 'NGN');
      const revenue = await systemAccount(tx, 'fees_revenue', 'NGN');
      const accrued = await systemAccount(tx, 'accrued_interest', 'NGN');
      const expense = await systemAccount(tx, 'interest_expense', 'NGN');
      const postings = [
        { accountId: plan.ledger_account_id, amountMinor: -figures.depositsMinor },
        { accountId: wallet.id, amountMinor: figures.payoutMinor },
        { accountId: revenue.id, amountMinor: figures.chargeMinor },
        { accountId: accrued.id, amountMinor: -figures.forfeitedMinor },
        { accountId: expense.id, amountMinor: figures.forfeitedMinor },
      ].filter((posting) => posting.amountMinor !== 0n);
      // An empty plan (nothing saved yet) is closed with no money to move: no entry.
      const [moved] =
        postings.length === 0
          ? []
          : await move(tx, [
              {
                idempotencyKey: `savings-break:${plan.id}`,
                kind: 'saving_break',
                description: `Target broken early: ${plan.reason}`,
                currency: 'NGN',
                postings,
                metadata: { plan_id: plan.id },
                at: now,
              },
            ]);
      if (moved?.outcome === 'insufficient_funds') {
        throw new Error('a plan being broken did not hold its deposits');
      }
      await tx.execute(sql`update savings_plans
          set status = 'broken', payout_minor = ${figures.payoutMinor.toString()},
              break_charge_minor = ${figures.chargeMinor.toString()},
              forfeited_minor = ${figures.forfeitedMinor.toString()}, withholding_tax_minor = 0,
              next_collection_on = null, matured_at = ${now.toISOString()}
        where id = ${plan.id}`);
      if (figures.depositsMinor > 0n) {
        const activity = await insertActivity(tx, {
          userId,
          kind: 'saving',
          status: 'successful',
          direction: 'credit',
          channel: 'wallet',
          currency: 'NGN',
          amountMinor: figures.payoutMinor,
          feeMinor: figures.chargeMinor,
          reference: `${plan.reference}-B`,
          provider: null,
          providerReference: null,
          description: `Target broken early: ${plan.reason}`,
          metadata: {
            saving: {
              saving_id: plan.saving_id,
              order_id: plan.id,
              product: plan.product_slug,
              event: 'broken',
              principal_minor: figures.depositsMinor.toString(),
              forfeited_interest_minor: figures.forfeitedMinor.toString(),
            },
          },
          at: now,
        });
        await insertNotification(tx, {
          userId,
          title: 'Target broken',
          body: `${formatMoney(figures.payoutMinor, 'NGN')} is back in your wallet: your ${formatMoney(figures.depositsMinor, 'NGN')} less the 1% charge of ${formatMoney(figures.chargeMinor, 'NGN')}. The ${formatMoney(figures.forfeitedMinor, 'NGN')} interest it had earned is forfeited.`,
          now,
          transactionId: activity?.id,
        });
      }
      const after = await repository.planOf(tx, userId, ids);
      if (!after) throw new Error('the plan just broken could not be read');
      return after;
    });
  }

  return { createTarget, topUp, breakQuote, breakPlan };
}

export type TargetSavings = ReturnType<typeof targetSavings>;
