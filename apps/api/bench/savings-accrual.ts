import { sql } from 'drizzle-orm';
import { dailyInterestMinor } from '../src/money/ledger/interest.ts';
import { checkLedger } from '../src/money/ledger/ledger-check.ts';
import { accrueInterest } from '../src/modules/savings/interest-accrual.ts';
import { addDays } from '../src/platform/clock.ts';
import { rows, type Database } from '../src/platform/db.ts';

/**
 * Row s: one night's interest on many active fixed plans (QUALITY.md: 1,000,000 plans at ≥ 10 ×
 * row a's transfers per second), through the job's own `accrueInterest`, checked to the kobo
 * against a bigint oracle of the same plans.
 *
 * The plans are made as `POST /savings/fixed` leaves them, but in bulk SQL: a user, and per plan
 * a funded account (its own two-posting journal entry from sandbox funding, as the ledger's
 * triggers require) and the plan row, started yesterday so tonight's run books one day.
 */

/** Plan i's principal and rate: varied and reproducible, so the oracle can recompute them. */
const principalSql = sql.raw(`(100000 + (g::bigint * 7919) % 500000000)`);
const rateSql = sql.raw(`(300 + (g % 15) * 50)`);
const principalOf = (index: number) => 100_000n + ((BigInt(index) * 7_919n) % 500_000_000n);
const rateOf = (index: number) => 300n + BigInt(index % 15) * 50n;

const setupChunk = 100_000;

export interface AccrualSetup {
  plans: number;
  /** The business date the plans' first day of interest is booked on. */
  day: string;
  today: string;
}

export async function prepareAccrualPlans(
  db: Database,
  runId: string,
  plans: number,
  today: string,
  say: (text: string) => void,
): Promise<AccrualSetup> {
  const day = addDays(today, -1);
  const [user] = await rows<{ id: string }>(
    db.db,
    sql`insert into users (email, password_hash, first_name, last_name, phone, status, tier,
          referral_code, email_confirmed_at)
        values (${`saver-${runId}@ajo.test`}, 'x', 'Bench', 'Saver', '8000000000', 'ACTIVE', 2,
                ${`S${runId}`}, now())
        returning id`,
  );
  const [fixed] = await rows<{ id: string }>(
    db.db,
    sql`select id from savings_products where slug = 'fixed'`,
  );
  const [funding] = await rows<{ id: string }>(
    db.db,
    sql`select id from ledger_accounts where code = 'system:sandbox_funding:NGN'`,
  );
  if (!user || !fixed || !funding) throw new Error('row s: the catalogue is not seeded');
  for (let from = 0; from < plans; from += setupChunk) {
    const to = Math.min(plans, from + setupChunk) - 1;
    await db.unitOfWork(async (tx) => {
      // A fixture loaded as pg_restore loads one: triggers and foreign-key checks off for this
      // transaction (the bench connects as a superuser). Every row is right by construction, and
      // row s2 runs the whole ledger check over them afterwards.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`create temporary table bench_plans on commit drop as
          select g, gen_random_uuid() as plan_id, gen_random_uuid() as account_id,
                 gen_random_uuid() as entry_id, ${principalSql}::bigint as principal,
                 ${rateSql}::int as rate_bps
            from generate_series(${from}::int, ${to}::int) g`);
      await tx.execute(sql`insert into ledger_accounts (id, code, owner_user_id, kind, currency,
            allow_negative, balance_minor)
          select account_id, 'user:' || ${user.id} || ':saving:' || plan_id || ':NGN', ${user.id},
                 'user_saving', 'NGN', false, principal from bench_plans`);
      await tx.execute(sql`insert into journal_entries (id, idempotency_key, kind, description)
          select entry_id, 'bench-plan-funding:' || plan_id, 'sandbox_funding',
                 'Bench plan funding' from bench_plans`);
      await tx.execute(sql`insert into postings (entry_id, account_id, currency, amount_minor)
          select entry_id, account_id, 'NGN', principal from bench_plans
          union all
          select entry_id, ${funding.id}::uuid, 'NGN', -principal from bench_plans`);
      await tx.execute(sql`insert into savings_plans (id, user_id, product_id, reference, reason,
            currency, principal_minor, balance_minor, duration_id, duration_label, duration_days,
            rate_bps, start_on, maturity_on, ledger_account_id, accrued_through)
          select plan_id, ${user.id}, ${fixed.id}, 'BENCH-' || plan_id, 'Fixed savings', 'NGN',
                 principal, principal, '365d', '1 year', 365, rate_bps, ${day}::date,
                 ${day}::date + 365, account_id, ${day}::date - 1
            from bench_plans`);
    });
    say(`(s) ${String(to + 1)} plans made`);
  }
  await db.db.execute(sql`analyze savings_plans`);
  return { plans, day, today };
}

export interface AccrualFigures {
  plans: number;
  seconds: number;
  plansPerSecond: number;
  bookedMinor: bigint;
  expectedMinor: bigint;
  ledgerMinor: bigint;
  accrualRows: number;
  secondRunPlanDays: number;
  ledgerProblems: number;
}

/** Runs the night's accrual, then checks it: the oracle's sum, the ledger's, one row per plan. */
export async function runAccrual(db: Database, setup: AccrualSetup): Promise<AccrualFigures> {
  const started = performance.now();
  const run = await accrueInterest(db, setup.today, new Date());
  const seconds = (performance.now() - started) / 1000;
  const again = await accrueInterest(db, setup.today, new Date());
  let expectedMinor = 0n;
  for (let index = 0; index < setup.plans; index += 1) {
    expectedMinor += dailyInterestMinor(principalOf(index), rateOf(index));
  }
  const [booked] = await rows<{ total: string; count: string }>(
    db.db,
    sql`select coalesce(sum(interest_minor), 0)::text as total, count(*)::text as count
          from savings_accruals where accrued_on = ${setup.day}::date`,
  );
  const [ledger] = await rows<{ total: string }>(
    db.db,
    sql`select coalesce(sum(p.amount_minor), 0)::text as total from postings p
          join journal_entries e on e.id = p.entry_id
          join ledger_accounts a on a.id = p.account_id
         where e.kind = 'interest_accrual' and a.code = 'system:accrued_interest:NGN'`,
  );
  const problems = await checkLedger(db.db);
  return {
    ledgerProblems: problems.length,
    plans: run.planDays,
    seconds,
    plansPerSecond: run.planDays / seconds,
    bookedMinor: BigInt(booked?.total ?? '0'),
    expectedMinor,
    ledgerMinor: BigInt(ledger?.total ?? '0'),
    accrualRows: Number(booked?.count ?? '0'),
    secondRunPlanDays: again.planDays,
  };
}
