import { sql } from 'drizzle-orm';
import { move, systemAccount } from '../../money/ledger/ledger.service.ts';
import { accrualSql } from '../../money/ledger/interest.ts';
import { addDays } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';

/** Plans accrued per transaction: one statement each, small enough not to hold a lock for long. */
export const accrualChunkSize = 20_000;

export interface AccrualRun {
  /** Plan-days booked (a plan caught up over three days counts three). */
  planDays: number;
  /** Interest booked, in minor units, per currency. */
  interestMinor: Map<string, bigint>;
}

/**
 * Daily interest of every active plan, set-based: for each Lagos business date that has ended
 * and that some plan has not booked yet (oldest first, so a day missed while the process was down
 * is caught up the next time, each day once), the plans whose next day it is are accrued in
 * chunks of `accrualChunkSize`. One chunk is one transaction and one statement: it locks its
 * plans (skipping any another worker holds), books each plan's day by `accrualSql` (balance ×
 * rate / 365, half up on the running total with the remainder carried, money/ledger/interest.ts),
 * records the day in `savings_accruals` (its primary key makes a second booking of a day
 * impossible) and moves the chunk's sum from interest expense to accrued interest in one ledger
 * entry. A plan earns for each day from its start date to the day before it matures.
 */
export async function accrueInterest(
  database: Database,
  today: string,
  at: Date,
): Promise<AccrualRun> {
  const run: AccrualRun = { planDays: 0, interestMinor: new Map() };
  for (;;) {
    const [next] = await rows<{ day: string | null }>(
      database.db,
      sql`select (min(accrued_through) + 1)::text as day from savings_plans
           where status = 'active' and accrued_through + 1 < maturity_on
             and accrued_through + 1 < ${today}::date`,
    );
    const day = next?.day;
    if (!day) return run;
    let after = '00000000-0000-0000-0000-000000000000';
    const before = run.planDays;
    for (;;) {
      const chunk = await accrueChunk(database, day, after, at);
      if (!chunk) break;
      run.planDays += chunk.plans;
      for (const [currency, amount] of chunk.interestMinor) {
        run.interestMinor.set(currency, (run.interestMinor.get(currency) ?? 0n) + amount);
      }
      after = chunk.lastPlanId;
    }
    // Another worker holds what is left of this day: it books it, and the next run goes on.
    if (run.planDays === before) return run;
  }
}

interface ChunkResult {
  plans: number;
  lastPlanId: string;
  interestMinor: Map<string, bigint>;
}

async function accrueChunk(
  database: Database,
  day: string,
  after: string,
  at: Date,
): Promise<ChunkResult | undefined> {
  const previous = addDays(day, -1);
  return database.unitOfWork(async (tx) => {
    const accrual = accrualSql(sql`p.balance_minor`, sql`p.rate_bps`, sql`p.accrual_carry`);
    const booked = await rows<{
      currency: string;
      plans: string;
      interest: string;
      first_id: string;
      last_id: string;
    }>(
      tx,
      sql`with chunk as (
            select p.id, p.currency, p.accrued_minor,
                   ${accrual.interestMinor} as interest, ${accrual.carry} as carry
              from savings_plans p
             where p.id > ${after}::uuid and p.status = 'active'
               and p.accrued_through = ${previous}::date and p.maturity_on > ${day}::date
             order by p.id limit ${accrualChunkSize}
             for update skip locked),
          booked as (
            update savings_plans p
               set accrued_minor = chunk.accrued_minor + chunk.interest,
                   accrual_carry = chunk.carry,
                   accrued_through = ${day}::date
              from chunk where p.id = chunk.id
            returning p.id, p.currency, chunk.interest, p.accrued_minor),
          recorded as (
            insert into savings_accruals (plan_id, accrued_on, interest_minor, total_minor)
            select id, ${day}::date, interest, accrued_minor from booked)
          select currency, count(*)::text as plans, sum(interest)::text as interest,
                 min(id::text) as first_id, max(id::text) as last_id
            from booked group by currency`,
    );
    if (booked.length === 0) return undefined;
    const interestMinor = new Map<string, bigint>();
    let plans = 0;
    let lastPlanId = after;
    for (const row of booked) {
      plans += Number(row.plans);
      if (row.last_id > lastPlanId) lastPlanId = row.last_id;
      const amount = BigInt(row.interest);
      interestMinor.set(row.currency, amount);
      if (amount === 0n) continue;
      const currency = row.currency === 'USD' ? 'USD' : 'NGN';
      const expense = await systemAccount(tx, 'interest_expense', currency);
      const accrued = await systemAccount(tx, 'accrued_interest', currency);
      // Chunks are disjoint, so the first plan of a chunk names its entry for that day.
      const [result] = await move(tx, [
        {
          idempotencyKey: `savings-accrual:${day}:${currency}:${row.first_id}`,
          kind: 'interest_accrual',
          description: `Savings interest for ${day}`,
          currency,
          postings: [
            { accountId: expense.id, amountMinor: -amount },
            { accountId: accrued.id, amountMinor: amount },
          ],
          metadata: { business_date: day, plans: Number(row.plans) },
          at,
        },
      ]);
      if (result?.outcome !== 'posted') {
        throw new Error(`the accrual entry of ${day} from plan ${row.first_id} was not posted`);
      }
    }
    return { plans, lastPlanId, interestMinor };
  });
}
