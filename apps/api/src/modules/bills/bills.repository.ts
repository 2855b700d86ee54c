import { sql } from 'drizzle-orm';
import type { BillType } from '@ajo/contracts/bills';
import { FILTERED_COUNT_CAP } from '@ajo/contracts/wallet';
import { batchInput, rows, type Executor } from '../../platform/db.ts';
import { cachedRead } from '../../platform/read-cache.ts';
import type { ActivityRow } from '../../money/activity.ts';

export interface BillerRow {
  id: string;
  type: BillType;
  name: string;
  short_name: string;
  service_id: string;
  prefixes: string[];
  colour: string;
}

export interface PlanRow {
  code: string;
  name: string;
  amount_minor: string;
  validity: string;
}

export interface VerificationRow {
  biller_id: string;
  customer_id: string;
  meter_type: string;
  customer_name: string;
  address: string | null;
  verified_at: string | Date;
}

const billerColumns = sql`id, type, name, short_name, service_id, prefixes, colour`;

export async function listBillers(
  executor: Executor,
  filter: { type: BillType; page: number; size: number },
) {
  const found = await rows<BillerRow & { total: number }>(
    executor,
    sql`select ${billerColumns}, count(*) over ()::int as total from bill_billers
         where type = ${filter.type} and active
         order by position, id
         limit ${filter.size} offset ${filter.page * filter.size}`,
  );
  return { items: found, total: found[0]?.total ?? 0 };
}

/** Every active biller, in catalogue order: read on every purchase, so reused briefly. */
function activeBillers(executor: Executor) {
  return cachedRead(executor, 'bill_billers', (reader) =>
    rows<BillerRow>(
      reader,
      sql`select ${billerColumns} from bill_billers where active order by position, id`,
    ),
  );
}

export async function findBiller(executor: Executor, id: string) {
  return (await activeBillers(executor)).find((biller) => biller.id === id);
}

/** Every active biller of a type (the networks, to name the one a number belongs to). */
export async function billersOfType(executor: Executor, type: BillType) {
  return (await activeBillers(executor)).filter((biller) => biller.type === type);
}

export async function listPlans(executor: Executor, billerId: string) {
  return rows<PlanRow>(
    executor,
    sql`select code, name, amount_minor::text as amount_minor, validity from bill_plans
         where biller_id = ${billerId} and active order by position, code`,
  );
}

/**
 * A data biller's plans as the biller now sells them: new plans are added, prices and names
 * follow the biller, plans it no longer sells are switched off (kept for the history that names
 * them). A plan's validity stays as the catalogue has it unless the name states one.
 */
export async function replacePlans(
  executor: Executor,
  billerId: string,
  offers: readonly { code: string; name: string; amountMinor: bigint; validity: string }[],
) {
  const input = batchInput('offer_input', {
    code: ['text', offers.map((offer) => offer.code)],
    name: ['text', offers.map((offer) => offer.name)],
    amount_minor: ['bigint', offers.map((offer) => offer.amountMinor)],
    validity: ['text', offers.map((offer) => offer.validity)],
    position: ['int', offers.map((_, position) => position)],
  });
  await executor.execute(sql`with offer_input as (select * from ${input}),
      upserted as (
        insert into bill_plans (biller_id, code, name, amount_minor, validity, position, active)
        select ${billerId}, code, name, amount_minor, validity, position, true from offer_input
        on conflict (biller_id, code) do update
          set name = excluded.name, amount_minor = excluded.amount_minor,
              validity = coalesce(nullif(excluded.validity, ''), bill_plans.validity),
              position = excluded.position, active = true
        returning code
      )
      update bill_plans set active = false
       where biller_id = ${billerId} and active
         and code not in (select code from offer_input)`);
}

export async function findPlan(executor: Executor, billerId: string, code: string) {
  const [found] = await rows<PlanRow>(
    executor,
    sql`select code, name, amount_minor::text as amount_minor, validity from bill_plans
         where biller_id = ${billerId} and code = ${code} and active`,
  );
  return found;
}

/** The payer's KYC tier and profile phone (10 digits after +234). */
export async function findPayer(executor: Executor, userId: string) {
  const [found] = await rows<{ tier: number; phone: string }>(
    executor,
    sql`select tier, phone from users where id = ${userId}`,
  );
  return found ?? { tier: 0, phone: '' };
}

export async function saveVerification(
  executor: Executor,
  verification: {
    userId: string;
    billerId: string;
    customerId: string;
    meterType: string;
    customerName: string;
    address: string | null;
    at: Date;
  },
) {
  await executor.execute(sql`insert into bill_verifications (user_id, biller_id, customer_id,
        meter_type, customer_name, address, verified_at)
      values (${verification.userId}, ${verification.billerId}, ${verification.customerId},
              ${verification.meterType}, ${verification.customerName}, ${verification.address},
              ${verification.at.toISOString()})
      on conflict (user_id, biller_id, customer_id, meter_type) do update
        set customer_name = excluded.customer_name, address = excluded.address,
            verified_at = excluded.verified_at`);
}

/** A failed verification resets what was verified before (spec section 4). */
export async function forgetVerification(
  executor: Executor,
  key: { userId: string; billerId: string; customerId: string; meterType: string },
) {
  await executor.execute(sql`delete from bill_verifications
      where user_id = ${key.userId} and biller_id = ${key.billerId}
        and customer_id = ${key.customerId} and meter_type = ${key.meterType}`);
}

export async function findVerification(
  executor: Executor,
  key: { userId: string; billerId: string; customerId: string; meterType: string; since: Date },
) {
  const [found] = await rows<VerificationRow>(
    executor,
    sql`select biller_id, customer_id, meter_type, customer_name, address, verified_at
          from bill_verifications
         where user_id = ${key.userId} and biller_id = ${key.billerId}
           and customer_id = ${key.customerId} and meter_type = ${key.meterType}
           and verified_at >= ${key.since.toISOString()}`,
  );
  return found;
}

const billTypeFilter = (type: BillType | undefined) =>
  type === undefined ? sql`` : sql`and metadata->'destination'->>'type' = ${String(type)}`;

/** The user's bill payments, newest first; `total` counts at most FILTERED_COUNT_CAP. */
export async function listBillActivity(
  executor: Executor,
  filter: { userId: string; type?: BillType | undefined; page: number; size: number },
) {
  const items = await rows<ActivityRow>(
    executor,
    sql`select * from transactions
         where user_id = ${filter.userId} and type = 'bill' ${billTypeFilter(filter.type)}
         order by created_at desc, id desc
         limit ${filter.size + 1} offset ${filter.page * filter.size}`,
  );
  const [counted] = await rows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from (
          select 1 from transactions
           where user_id = ${filter.userId} and type = 'bill' ${billTypeFilter(filter.type)}
           limit ${FILTERED_COUNT_CAP}) capped`,
  );
  return {
    items: items.slice(0, filter.size),
    hasMore: items.length > filter.size,
    total: counted?.total ?? 0,
  };
}

export async function findBillActivity(executor: Executor, userId: string, id: string) {
  const [found] = await rows<ActivityRow>(
    executor,
    sql`select * from transactions where id = ${id} and user_id = ${userId} and type = 'bill'`,
  );
  return found;
}

/** The newest bill payments that did not fail, for the recent-recipients list. */
export async function recentBillActivity(
  executor: Executor,
  userId: string,
  type: BillType | undefined,
  limit: number,
) {
  return rows<ActivityRow>(
    executor,
    sql`select * from transactions
         where user_id = ${userId} and type = 'bill' and status in ('pending', 'successful')
               ${billTypeFilter(type)}
         order by created_at desc, id desc limit ${limit}`,
  );
}
