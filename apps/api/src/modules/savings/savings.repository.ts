import { sql } from 'drizzle-orm';
import type { SavingsDuration } from '@ajo/contracts/savings';
import { rows, type Executor } from '../../platform/db.ts';
import { cachedRead } from '../../platform/read-cache.ts';

export interface ProductRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  currency: 'NGN' | 'USD';
  minimum_minor: string;
  active: boolean;
  meta: { durations: SavingsDuration[] } & Record<string, unknown>;
}

/** The catalogue, in its order (read through the short cache: every plan made reads it). */
export function products(executor: Executor): Promise<ProductRow[]> {
  return cachedRead(executor, 'savings_products', (reader) =>
    rows<ProductRow>(
      reader,
      sql`select id, slug, name, description, currency, minimum_minor::text, active, meta
            from savings_products order by position, slug`,
    ),
  );
}

export interface PlanRow {
  id: string;
  saving_id: string;
  user_id: string;
  reference: string;
  reason: string;
  currency: 'NGN' | 'USD';
  principal_minor: string;
  balance_minor: string;
  duration_id: string;
  duration_label: string;
  duration_days: number;
  rate_bps: number;
  start_on: string;
  maturity_on: string;
  status: 'active' | 'matured' | 'broken';
  ledger_account_id: string;
  accrued_minor: string;
  accrued_through: string;
  withholding_tax_minor: string | null;
  payout_minor: string | null;
  matured_at: string | Date | null;
  created_at: string | Date;
  product_id: string;
  product_slug: string;
  product_name: string;
  target_minor: string | null;
  category_id: string | null;
  frequency: 'WEEKLY' | 'MONTHLY' | null;
  collection_method: 'automatic' | 'manual' | null;
  collection_minor: string | null;
  next_collection_on: string | null;
  predefined_target_id: string | null;
  break_charge_minor: string | null;
  forfeited_minor: string | null;
  missed_instalments: number;
}

const planColumns = sql`p.id, p.saving_id, p.user_id, p.reference, p.reason, p.currency,
  p.principal_minor::text, p.balance_minor::text, p.duration_id, p.duration_label,
  p.duration_days, p.rate_bps, p.start_on::text, p.maturity_on::text, p.status,
  p.ledger_account_id, p.accrued_minor::text, p.accrued_through::text,
  p.withholding_tax_minor::text, p.payout_minor::text, p.matured_at, p.created_at,
  p.product_id, s.slug as product_slug, s.name as product_name, p.target_minor::text,
  p.category_id, p.frequency, p.collection_method, p.collection_minor::text,
  p.next_collection_on::text, p.predefined_target_id, p.break_charge_minor::text,
  p.forfeited_minor::text,
  (select count(*) from savings_collections c
    where c.plan_id = p.id and c.status = 'missed')::int as missed_instalments`;

export interface PlanFilter {
  slug?: string | undefined;
  status?: 'active' | 'matured' | 'broken' | undefined;
}

/** A user's plans, newest first. */
export function plansOf(executor: Executor, userId: string, filter: PlanFilter = {}) {
  return rows<PlanRow>(
    executor,
    sql`select ${planColumns} from savings_plans p join savings_products s on s.id = p.product_id
         where p.user_id = ${userId}
           and (${filter.slug ?? null}::text is null or s.slug = ${filter.slug ?? null})
           and (${filter.status ?? null}::text is null or p.status = ${filter.status ?? null})
         order by p.created_at desc, p.id desc`,
  );
}

export async function planOf(
  executor: Executor,
  userId: string,
  ids: { savingId: string; orderId: string },
): Promise<PlanRow | undefined> {
  const [plan] = await rows<PlanRow>(
    executor,
    sql`select ${planColumns} from savings_plans p join savings_products s on s.id = p.product_id
         where p.user_id = ${userId} and p.saving_id = ${ids.savingId} and p.id = ${ids.orderId}`,
  );
  return plan;
}

export async function planByReference(
  executor: Executor,
  reference: string,
): Promise<PlanRow | undefined> {
  const [plan] = await rows<PlanRow>(
    executor,
    sql`select ${planColumns} from savings_plans p join savings_products s on s.id = p.product_id
         where p.reference = ${reference}`,
  );
  return plan;
}

export interface NewPlan {
  id: string;
  userId: string;
  productId: string;
  reference: string;
  reason: string;
  currency: string;
  principalMinor: bigint;
  duration: SavingsDuration;
  rateBps: number;
  startOn: string;
  maturityOn: string;
  /** The day before the start: nothing booked yet. */
  accruedThrough: string;
  ledgerAccountId: string;
  at: Date;
  /** A target plan's goal and collection. */
  target?: {
    targetMinor: bigint;
    categoryId: string;
    frequency: string;
    collectionMethod: string;
    collectionMinor: bigint;
    nextCollectionOn: string | null;
  };
  predefinedTargetId?: string;
  fundingQuoteId?: string;
}

export async function insertPlan(executor: Executor, plan: NewPlan) {
  await executor.execute(sql`insert into savings_plans (id, user_id, product_id, reference, reason,
      currency, principal_minor, balance_minor, duration_id, duration_label, duration_days,
      rate_bps, start_on, maturity_on, ledger_account_id, accrued_through, created_at,
      target_minor, category_id, frequency, collection_method, collection_minor,
      next_collection_on, predefined_target_id, funding_quote_id)
    values (${plan.id}, ${plan.userId}, ${plan.productId}, ${plan.reference}, ${plan.reason},
      ${plan.currency}, ${plan.principalMinor.toString()}, ${plan.principalMinor.toString()},
      ${plan.duration.id}, ${plan.duration.label}, ${plan.duration.days}, ${plan.rateBps},
      ${plan.startOn}, ${plan.maturityOn}, ${plan.ledgerAccountId}, ${plan.accruedThrough},
      ${plan.at.toISOString()}, ${plan.target?.targetMinor.toString() ?? null},
      ${plan.target?.categoryId ?? null}, ${plan.target?.frequency ?? null},
      ${plan.target?.collectionMethod ?? null},
      ${plan.target?.collectionMinor.toString() ?? null},
      ${plan.target?.nextCollectionOn ?? null}, ${plan.predefinedTargetId ?? null},
      ${plan.fundingQuoteId ?? null})`);
}

/** A plan's daily interest, newest first. */
export function accrualsOf(executor: Executor, planId: string) {
  return rows<{ accrued_on: string; interest_minor: string; total_minor: string }>(
    executor,
    sql`select accrued_on::text, interest_minor::text, total_minor::text from savings_accruals
         where plan_id = ${planId} order by accrued_on desc`,
  );
}
