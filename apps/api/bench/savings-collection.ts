import { sql } from 'drizzle-orm';
import { checkLedger } from '../src/money/ledger/ledger-check.ts';
import { collectDue } from '../src/modules/savings/collections.ts';
import { addDays } from '../src/platform/clock.ts';
import { rows, type Database } from '../src/platform/db.ts';

/**
 * Row t: automatic collection of many target plans due on one day (QUALITY.md: 100,000 plans at
 * ≥ 5 × row a's transfers per second), through the job's own `collectDue`, exact.
 *
 * Each plan has its own user with a funded wallet (one in every hundred is short, so the retry
 * path runs too), loaded in bulk as a fixture: users, wallets and plan accounts, each wallet's
 * funding its own two-posting entry, triggers off for the load (pg_restore's way); the whole
 * ledger check runs over it afterwards.
 */

const setupChunk = 50_000;
/** Plan i's instalment, and whether its wallet is short (every hundredth). */
const instalmentSql = sql.raw(`(50000 + (g % 97) * 1000)`);
const instalmentOf = (index: number) => 50_000n + BigInt(index % 97) * 1_000n;
const shortWallet = (index: number) => index % 100 === 0;

export interface CollectionSetup {
  plans: number;
  today: string;
  runId: string;
}

export async function prepareCollectionPlans(
  db: Database,
  runId: string,
  plans: number,
  today: string,
  say: (text: string) => void,
): Promise<CollectionSetup> {
  const [target] = await rows<{ id: string }>(
    db.db,
    sql`select id from savings_products where slug = 'target_saving'`,
  );
  const [funding] = await rows<{ id: string }>(
    db.db,
    sql`select id from ledger_accounts where code = 'system:sandbox_funding:NGN'`,
  );
  if (!target || !funding) throw new Error('row t: the catalogue is not seeded');
  const start = addDays(today, -7);
  for (let from = 0; from < plans; from += setupChunk) {
    const to = Math.min(plans, from + setupChunk) - 1;
    await db.unitOfWork(async (tx) => {
      // A fixture loaded as pg_restore loads one (see savings-accrual.ts); row t2 checks it.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`create temporary table bench_savers on commit drop as
          select g, gen_random_uuid() as user_id, gen_random_uuid() as wallet_id,
                 gen_random_uuid() as plan_id, gen_random_uuid() as account_id,
                 gen_random_uuid() as entry_id, ${instalmentSql}::bigint as instalment,
                 case when g % 100 = 0 then ${instalmentSql}::bigint - 1
                      else ${instalmentSql}::bigint * 3 end as funded
            from generate_series(${from}::int, ${to}::int) g`);
      await tx.execute(sql`insert into users (id, email, password_hash, first_name, last_name,
            phone, status, tier, referral_code, email_confirmed_at)
          select user_id, 'collector-' || ${runId} || '-' || g || '@ajo.test', 'x', 'Bench',
                 'Saver', '8000000000', 'ACTIVE', 2, 'C' || ${runId} || g, now()
            from bench_savers`);
      await tx.execute(sql`insert into ledger_accounts (id, code, owner_user_id, kind, currency,
            allow_negative, balance_minor)
          select wallet_id, 'user:' || user_id || ':wallet:NGN', user_id, 'user_wallet', 'NGN',
                 false, funded from bench_savers
          union all
          select account_id, 'user:' || user_id || ':saving:' || plan_id || ':NGN', user_id,
                 'user_saving', 'NGN', false, 0 from bench_savers`);
      await tx.execute(sql`insert into journal_entries (id, idempotency_key, kind, description)
          select entry_id, 'bench-saver-funding:' || user_id, 'sandbox_funding',
                 'Bench wallet funding' from bench_savers`);
      await tx.execute(sql`insert into postings (entry_id, account_id, currency, amount_minor)
          select entry_id, wallet_id, 'NGN', funded from bench_savers
          union all
          select entry_id, ${funding.id}::uuid, 'NGN', -funded from bench_savers`);
      await tx.execute(sql`insert into savings_plans (id, user_id, product_id, reference, reason,
            currency, principal_minor, balance_minor, duration_id, duration_label, duration_days,
            rate_bps, start_on, maturity_on, ledger_account_id, accrued_through, target_minor,
            category_id, frequency, collection_method, collection_minor, next_collection_on)
          select plan_id, user_id, ${target.id}, 'BENCH-T-' || plan_id, 'My House Rent', 'NGN',
                 0, 0, '180d', '182 days', 182, 800, ${start}::date, ${start}::date + 182,
                 account_id, ${today}::date - 1, instalment * 26, '2', 'WEEKLY', 'automatic',
                 instalment, ${today}::date
            from bench_savers`);
    });
    say(`(t) ${String(to + 1)} plans made`);
  }
  await db.db.execute(sql`analyze`);
  return { plans, today, runId };
}

export interface CollectionFigures {
  collected: number;
  retrying: number;
  seconds: number;
  plansPerSecond: number;
  collectedMinor: bigint;
  expectedMinor: bigint;
  expectedCollected: number;
  secondRunCollected: number;
  ledgerProblems: number;
}

export async function runCollection(
  db: Database,
  setup: CollectionSetup,
): Promise<CollectionFigures> {
  const started = performance.now();
  const run = await collectDue(db, setup.today, new Date());
  const seconds = (performance.now() - started) / 1000;
  const again = await collectDue(db, setup.today, new Date());
  let expectedMinor = 0n;
  let expectedCollected = 0;
  for (let index = 0; index < setup.plans; index += 1) {
    if (shortWallet(index)) continue;
    expectedMinor += instalmentOf(index);
    expectedCollected += 1;
  }
  const [collected] = await rows<{ total: string }>(
    db.db,
    sql`select coalesce(sum(c.amount_minor), 0)::text as total from savings_collections c
         where c.due_on = ${setup.today}::date and c.status = 'collected'`,
  );
  const problems = await checkLedger(db.db);
  return {
    collected: run.collected,
    retrying: run.retrying,
    seconds,
    plansPerSecond: (run.collected + run.retrying) / seconds,
    collectedMinor: BigInt(collected?.total ?? '0'),
    expectedMinor,
    expectedCollected,
    secondRunCollected: again.collected + again.retrying,
    ledgerProblems: problems.length,
  };
}
