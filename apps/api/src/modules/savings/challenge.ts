import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import { openProductAccount } from '../../money/ledger/ledger.service.ts';
import { addDays, businessDate, type Clock, readableDate } from '../../platform/clock.ts';
import { rows, type Database, type Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { basisPoints } from './plan-terms.ts';
import * as repository from './savings.repository.ts';

interface TargetRow {
  id: string;
  product_id: string;
  name: string;
  amount_minor: string;
  start_on: string;
  end_on: string;
  meta: { image_url: string; collection_amount: string; collection_method: string; rate: number };
  total_users: number;
}

const targetColumns = sql`t.id, t.product_id, t.name, t.amount_minor::text, t.start_on::text,
  t.end_on::text, t.meta,
  (select count(*) from savings_plans p where p.predefined_target_id = t.id)::int as total_users`;

/** The first day of the challenge week `day` falls in (weeks count from the target's start). */
export function weekStart(startOn: string, day: string): string {
  const days = Math.floor((Date.parse(day) - Date.parse(startOn)) / 86_400_000);
  return addDays(startOn, Math.max(0, Math.floor(days / 7)) * 7);
}

/**
 * The challenge (the spec's predefined savings): group targets anyone can join, each member with
 * their own order (a manual target plan), topped up like any target (₦2,000 at least), with a
 * digital medal for every week a member saves the week's goal.
 */
export function challenge({ database, clock }: { database: Database; clock: Clock }) {
  async function productOf(productId: string) {
    const [product] = await rows<{ id: string; meta: Record<string, unknown> }>(
      database.db,
      sql`select id, meta from savings_products where id = ${productId}`,
    );
    if (!product?.meta.challenge) throw notFound('That challenge does not exist');
    return product;
  }

  async function medalsOf(planIds: readonly string[]) {
    if (planIds.length === 0) return new Map<string, { week_start: string; earned_at: string }[]>();
    const found = await rows<{ plan_id: string; week_start: string; earned_at: string | Date }>(
      database.db,
      sql`select plan_id, week_start::text, earned_at from savings_medals
           where plan_id in (${sql.join(
             planIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )}) order by week_start`,
    );
    const medals = new Map<string, { week_start: string; earned_at: string }[]>();
    for (const medal of found) {
      const list = medals.get(medal.plan_id) ?? [];
      list.push({
        week_start: medal.week_start,
        earned_at: new Date(medal.earned_at).toISOString(),
      });
      medals.set(medal.plan_id, list);
    }
    return medals;
  }

  /** The challenge's targets with their live member count and the user's own order, if any. */
  async function predefined(userId: string, productId: string) {
    await productOf(productId);
    const targets = await rows<TargetRow>(
      database.db,
      sql`select ${targetColumns} from savings_predefined_targets t
           where t.product_id = ${productId} order by t.position, t.name`,
    );
    const mine = (await repository.plansOf(database.db, userId)).filter(
      (plan) => plan.predefined_target_id !== null,
    );
    const medals = await medalsOf(mine.map((plan) => plan.id));
    const today = businessDate(clock.now());
    return targets.map((target) => {
      const order = mine.find((plan) => plan.predefined_target_id === target.id) ?? null;
      return {
        target,
        order,
        medals: order ? (medals.get(order.id) ?? []) : [],
        weekStart: weekStart(target.start_on, today),
      };
    });
  }

  /** Joins a target: the user's order, a manual target plan until the target's end. Once each. */
  async function join(userId: string, productId: string, targetId: string) {
    await productOf(productId);
    return database.unitOfWork(async (tx) => {
      const [target] = await rows<TargetRow>(
        tx,
        sql`select ${targetColumns} from savings_predefined_targets t
             where t.id = ${targetId} and t.product_id = ${productId} for update`,
      );
      if (!target) throw notFound('That challenge target does not exist');
      const existing = (await repository.plansOf(tx, userId)).find(
        (plan) => plan.predefined_target_id === target.id,
      );
      if (existing) return existing;
      const now = clock.now();
      const today = businessDate(now);
      if (target.end_on <= today) {
        throw new AppError('challenge_ended', 'This challenge has ended: join another one', 422);
      }
      const startOn = target.start_on > today ? target.start_on : today;
      const id = randomUUID();
      const account = await openProductAccount(tx, {
        userId,
        product: 'saving',
        productId: id,
        currency: 'NGN',
      });
      const collectionMinor = parseAmount(target.meta.collection_amount);
      const days = Math.round((Date.parse(target.end_on) - Date.parse(startOn)) / 86_400_000);
      await repository.insertPlan(tx, {
        id,
        userId,
        productId,
        reference: `AJO-CHL-${id.slice(0, 8).toUpperCase()}-${target.id.slice(0, 8).toUpperCase()}`,
        reason: target.name,
        currency: 'NGN',
        principalMinor: 0n,
        duration: { id: 'challenge', label: `${String(days)} days`, days, rate: target.meta.rate },
        rateBps: basisPoints(target.meta.rate),
        startOn,
        maturityOn: target.end_on,
        accruedThrough: addDays(startOn, -1),
        ledgerAccountId: account.id,
        at: now,
        target: {
          targetMinor: BigInt(target.amount_minor),
          categoryId: 'challenge',
          frequency: 'WEEKLY',
          collectionMethod: 'manual',
          collectionMinor,
          nextCollectionOn: null,
        },
        predefinedTargetId: target.id,
      });
      await insertNotification(tx, {
        userId,
        title: 'You joined the challenge',
        body: `${target.name}: save ${formatMoney(collectionMinor, 'NGN')} a week towards ${formatMoney(BigInt(target.amount_minor), 'NGN')} by ${readableDate(target.end_on)}. Each week you reach earns a medal.`,
        now,
      });
      const joined = (await repository.plansOf(tx, userId)).find((plan) => plan.id === id);
      if (!joined) throw new Error('the order just made could not be read');
      return joined;
    });
  }

  /**
   * After a challenge order's top-up: when what was saved this challenge week reaches the week's
   * goal, the member earns the week's medal (once).
   */
  async function awardMedal(tx: Tx, plan: repository.PlanRow) {
    if (plan.predefined_target_id === null) return;
    const now = clock.now();
    // Weeks count from the target's start, for every member alike (whenever they joined).
    const [target] = await rows<{ start_on: string }>(
      tx,
      sql`select start_on::text from savings_predefined_targets
           where id = ${plan.predefined_target_id}`,
    );
    const week = weekStart(target?.start_on ?? plan.start_on, businessDate(now));
    const [saved] = await rows<{ total: string }>(
      tx,
      sql`select coalesce(sum(amount_minor), 0)::text as total from transactions
           where user_id = ${plan.user_id} and type = 'saving' and direction = 'debit'
             and status = 'successful' and metadata->'saving'->>'order_id' = ${plan.id}
             and created_at >= (${week}::date::timestamp at time zone 'Africa/Lagos')
             and created_at < ((${week}::date + 7)::timestamp at time zone 'Africa/Lagos')`,
    );
    if (BigInt(saved?.total ?? '0') < BigInt(plan.collection_minor ?? '0')) return;
    const [earned] = await rows<{ week_start: string }>(
      tx,
      sql`insert into savings_medals (plan_id, week_start, earned_at)
          values (${plan.id}, ${week}, ${now.toISOString()})
          on conflict do nothing returning week_start::text`,
    );
    if (!earned) return;
    await insertNotification(tx, {
      userId: plan.user_id,
      title: 'Medal earned',
      body: `You reached this week's goal of ${formatMoney(BigInt(plan.collection_minor ?? '0'), 'NGN')} in ${plan.reason}. Keep it up next week!`,
      now,
    });
  }

  return { predefined, join, awardMedal };
}

export type Challenge = ReturnType<typeof challenge>;

export const targetView = (target: TargetRow) => ({
  id: target.id,
  name: target.name,
  amount: formatMinorAsDecimal(BigInt(target.amount_minor)),
  start_at: target.start_on,
  end_at: target.end_on,
  meta: {
    image_url: target.meta.image_url,
    total_users: target.total_users,
    collection_amount: target.meta.collection_amount,
    collection_method: target.meta.collection_method,
    rate: target.meta.rate,
  },
});
