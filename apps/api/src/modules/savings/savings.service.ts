import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  fixedSavingsMessages,
  type CreateFixedSavingBody,
  type SavingOrder,
  type SavingOrderDetail,
  type SavingRecord,
  type SavingsProduct,
  type PredefinedTarget,
  type TargetSavingBody,
  type TopUpBody,
} from '@ajo/contracts/savings';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import { insertActivity } from '../../money/activity.ts';
import { closedFormInterestMinor } from '../../money/ledger/interest.ts';
import { openProductAccount, openWallet, transfer } from '../../money/ledger/ledger.service.ts';
import { addDays, businessDate, type Clock, readableDate } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hourlyCatchUp } from '../../platform/jobs.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { challenge, targetView } from './challenge.ts';
import { collectDue } from './collections.ts';
import { accrueInterest } from './interest-accrual.ts';
import { targetSavings } from './target-savings.ts';
import { maturityFigures, matureDuePlans } from './maturity.ts';
import { basisPoints } from './plan-terms.ts';
import * as repository from './savings.repository.ts';
import { crashIfAt } from '../../platform/test-crash.ts';
import { referenceForKey, replayedIf } from '../../platform/idempotency.ts';

export interface SavingsDependencies {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Tests only: stop the process between the day's interest and the maturities. */
  crashAt?: string | undefined;
}

interface PlanIds {
  savingId: string;
  orderId: string;
}

const invalid = (path: string, message: string, code = 'invalid_saving') =>
  new AppError(code, message, 422, [{ path, message }]);

const toProduct = (row: repository.ProductRow): SavingsProduct => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  currency: row.currency,
  minimum: formatMinorAsDecimal(BigInt(row.minimum_minor)),
  active: row.active,
  meta: row.meta,
});

/** What an ended plan paid: its payout, and the interest it kept (none when forfeited). */
function endedFigures(plan: repository.PlanRow) {
  const forfeited = BigInt(plan.forfeited_minor ?? '0');
  const figure = maturityFigures(
    BigInt(plan.balance_minor),
    BigInt(plan.accrued_minor) - forfeited,
  );
  return { ...figure, payoutMinor: BigInt(plan.payout_minor ?? figure.payoutMinor.toString()) };
}

function targetOf(plan: repository.PlanRow): SavingOrder['target'] {
  if (plan.target_minor === null || plan.frequency === null || plan.collection_method === null) {
    return null;
  }
  const targetMinor = BigInt(plan.target_minor);
  const balanceMinor = BigInt(plan.balance_minor);
  const collectionMinor = BigInt(plan.collection_minor ?? '0');
  // Collection stops once the target is reached and never takes more than is left of it
  // (collections.ts).
  const leftMinor = targetMinor - balanceMinor;
  const nextOn = plan.status === 'active' && leftMinor > 0n ? plan.next_collection_on : null;
  return {
    amount: formatMinorAsDecimal(targetMinor),
    category: plan.category_id ?? '',
    frequency: plan.frequency,
    collection_method: plan.collection_method,
    collection_amount: formatMinorAsDecimal(collectionMinor),
    next_collection_date: nextOn,
    next_collection_amount:
      nextOn === null
        ? null
        : formatMinorAsDecimal(collectionMinor < leftMinor ? collectionMinor : leftMinor),
    progress_percent: targetMinor === 0n ? 0 : Number((balanceMinor * 100n) / targetMinor),
    missed_instalments: plan.missed_instalments,
  };
}

export function toOrder(plan: repository.PlanRow): SavingOrder {
  const balanceMinor = BigInt(plan.balance_minor);
  const projected = maturityFigures(
    balanceMinor,
    closedFormInterestMinor(balanceMinor, BigInt(plan.rate_bps), BigInt(plan.duration_days)),
  );
  const ended = plan.status !== 'active' && plan.matured_at !== null;
  const paid = ended ? endedFigures(plan) : null;
  const rate = plan.rate_bps / 100;
  const figures = (figure: ReturnType<typeof maturityFigures>) => ({
    gross_interest: formatMinorAsDecimal(figure.grossMinor),
    withholding_tax: formatMinorAsDecimal(figure.taxMinor),
    net_interest: formatMinorAsDecimal(figure.netMinor),
    payout: formatMinorAsDecimal(figure.payoutMinor),
  });
  return {
    id: plan.id,
    // The principal (fixed and dollar) or the target (target plans), as the spec's order has it.
    amount: formatMinorAsDecimal(BigInt(plan.target_minor ?? plan.principal_minor)),
    currency: plan.currency,
    status: plan.status,
    meta: {
      reason: plan.reason,
      start_date: plan.start_on,
      maturity_date: plan.maturity_on,
      duration: plan.duration_label,
      duration_id: plan.duration_id,
      duration_days: plan.duration_days,
      percentage_yield: rate,
    },
    saving: {
      id: plan.product_id,
      name: plan.product_name,
      slug: plan.product_slug,
      active: plan.status === 'active',
      rate,
    },
    accrued_interest: formatMinorAsDecimal(BigInt(plan.accrued_minor)),
    projected: figures(projected),
    target: targetOf(plan),
    predefined_target_id: plan.predefined_target_id,
    paid:
      paid && plan.matured_at !== null
        ? {
            ...figures(paid),
            charge: formatMinorAsDecimal(BigInt(plan.break_charge_minor ?? '0')),
            forfeited_interest: formatMinorAsDecimal(BigInt(plan.forfeited_minor ?? '0')),
            matured_at: isoTimestamp(plan.matured_at),
          }
        : null,
    created_at: isoTimestamp(plan.created_at),
  };
}

export const toRecord = (plan: repository.PlanRow): SavingRecord => ({
  id: plan.saving_id,
  amount: formatMinorAsDecimal(BigInt(plan.balance_minor)),
  saving_order: toOrder(plan),
});

export function savingsService({ database, clock, log, crashAt }: SavingsDependencies) {
  async function productBySlug(slug: string) {
    const product = (await repository.products(database.db)).find((row) => row.slug === slug);
    if (!product?.active) {
      throw new AppError('product_unavailable', 'This savings product is not available now', 422);
    }
    return product;
  }

  /**
   * A fixed plan: the amount leaves the wallet for the plan's own account in one ledger entry,
   * with the plan (its rate, dates and maturity instruction fixed now), its activity row and a
   * notice, in one transaction. The same Idempotency-Key answers the same plan.
   */
  async function createFixed(userId: string, body: CreateFixedSavingBody, idempotencyKey: string) {
    const product = await productBySlug('fixed');
    let amountMinor: bigint;
    try {
      amountMinor = parseAmount(body.amount, { allowZero: true });
    } catch {
      throw invalid('amount', fixedSavingsMessages.notANumber, 'invalid_amount');
    }
    if (amountMinor < BigInt(product.minimum_minor)) {
      throw invalid('amount', fixedSavingsMessages.belowMinimumOnContinue, 'below_minimum');
    }
    const duration = product.meta.durations.find((option) => option.id === body.duration);
    if (!duration) throw invalid('duration', fixedSavingsMessages.noDuration, 'invalid_duration');
    const reference = referenceForKey('AJO-SAV', 'AJO-SAV', userId, idempotencyKey);
    const now = clock.now();
    const startOn = businessDate(now);
    const plan = await database.unitOfWork(async (tx) => {
      const existing = await repository.planByReference(tx, reference);
      if (existing) {
        return replayedIf(
          existing,
          BigInt(existing.principal_minor) === amountMinor && existing.duration_id === duration.id,
        );
      }
      const id = randomUUID();
      const currency = product.currency;
      const account = await openProductAccount(tx, {
        userId,
        product: 'saving',
        productId: id,
        currency,
      });
      const wallet = await openWallet(tx, userId, currency);
      const description = `Fixed plan (${duration.label} at ${String(duration.rate)}% p.a.)`;
      await transfer(tx, {
        idempotencyKey: reference,
        kind: 'saving',
        description,
        currency,
        fromAccountId: wallet.id,
        toAccountId: account.id,
        amountMinor,
        metadata: { plan_id: id },
        at: now,
      });
      const maturityOn = addDays(startOn, duration.days);
      await repository.insertPlan(tx, {
        id,
        userId,
        productId: product.id,
        reference,
        reason: 'Fixed savings',
        currency,
        principalMinor: amountMinor,
        duration,
        rateBps: basisPoints(duration.rate),
        startOn,
        maturityOn,
        accruedThrough: addDays(startOn, -1),
        ledgerAccountId: account.id,
        at: now,
      });
      const created = await repository.planByReference(tx, reference);
      if (!created) throw new Error('the plan just made could not be read');
      const activity = await insertActivity(tx, {
        userId,
        kind: 'saving',
        status: 'successful',
        direction: 'debit',
        channel: 'wallet',
        currency,
        amountMinor,
        feeMinor: 0n,
        reference,
        provider: null,
        providerReference: null,
        description,
        metadata: {
          saving: {
            saving_id: created.saving_id,
            order_id: id,
            product: 'fixed',
            event: 'created',
            maturity_date: maturityOn,
          },
        },
        at: now,
      });
      await insertNotification(tx, {
        userId,
        title: 'Fixed plan started',
        body: `${formatMoney(amountMinor, currency)} is fixed for ${duration.label} at ${String(duration.rate)}% p.a. It matures on ${readableDate(maturityOn)} and comes back to your wallet with its interest.`,
        now,
        transactionId: activity?.id,
      });
      return created;
    });
    return toRecord(plan);
  }

  async function catalogue(): Promise<SavingsProduct[]> {
    return (await repository.products(database.db)).map(toProduct);
  }

  async function savings(userId: string, filter: repository.PlanFilter): Promise<SavingRecord[]> {
    return (await repository.plansOf(database.db, userId, filter)).map(toRecord);
  }

  async function orders(userId: string, filter: repository.PlanFilter): Promise<SavingOrder[]> {
    return (await repository.plansOf(database.db, userId, filter)).map(toOrder);
  }

  async function detail(
    userId: string,
    ids: { savingId: string; orderId: string },
  ): Promise<SavingOrderDetail> {
    const plan = await repository.planOf(database.db, userId, ids);
    if (!plan) throw notFound('That savings plan does not exist');
    const accruals = await repository.accrualsOf(database.db, plan.id);
    return {
      ...toRecord(plan),
      accruals: accruals.map((accrual) => ({
        date: accrual.accrued_on,
        interest: formatMinorAsDecimal(BigInt(accrual.interest_minor)),
        total: formatMinorAsDecimal(BigInt(accrual.total_minor)),
      })),
    };
  }

  const targets = targetSavings({ database, clock, productBySlug });
  const challenges = challenge({ database, clock });

  async function predefined(userId: string, productId: string): Promise<PredefinedTarget[]> {
    return (await challenges.predefined(userId, productId)).map((entry) => ({
      ...targetView(entry.target),
      order: entry.order ? toRecord(entry.order) : null,
      current_week_start: entry.weekStart,
      medals: entry.medals,
    }));
  }

  async function joinChallenge(userId: string, productId: string, targetId: string) {
    const order = await challenges.join(userId, productId, targetId);
    const joined = (await predefined(userId, productId)).find(
      (entry) => entry.order?.saving_order.id === order.id,
    );
    if (!joined) throw new Error('the challenge just joined could not be read');
    return joined;
  }

  /**
   * What fell due by the clock's business date: every ended day's interest, on the balances the
   * days ended with, then today's instalments, then maturities. Interest comes first so that an
   * instalment earns from its own due date, not from the day before.
   */
  async function runDue() {
    const now = clock.now();
    const today = businessDate(now);
    const accrued = await accrueInterest(database, today, now);
    crashIfAt(crashAt, 'savings_after_accrual', log);
    const collected = await collectDue(database, today, now);
    const matured = await matureDuePlans(database, today, now);
    return {
      collectedInstalments: collected.collected,
      accruedPlanDays: accrued.planDays,
      maturedPlans: matured,
    };
  }

  const interestJob = hourlyCatchUp('savings-interest', runDue);

  return {
    catalogue,
    createFixed,
    createTarget: async (userId: string, body: TargetSavingBody, key: string) =>
      toRecord(await targets.createTarget(userId, body, key)),
    topUp: async (userId: string, ids: PlanIds, body: TopUpBody, key: string) =>
      toRecord(
        await targets.topUp(userId, ids, body, key, (tx, plan) => challenges.awardMedal(tx, plan)),
      ),
    predefined,
    joinChallenge,
    breakQuote: targets.breakQuote,
    breakPlan: async (userId: string, ids: PlanIds) =>
      toRecord(await targets.breakPlan(userId, ids)),
    savings,
    orders,
    detail,
    runDue,
    interestJob,
  };
}

export type SavingsService = ReturnType<typeof savingsService>;
