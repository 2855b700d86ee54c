import pg from 'pg';
import { hashPassword } from '../src/platform/passwords.ts';
import type { BenchUser } from './bench-users.ts';
import { runLoad, type LoadResult } from './load.ts';
import type { ReportRow } from './report.ts';
import type { LoadFigures } from './stats.ts';

/**
 * Row p: `GET /v1/portfolios/total-amount` for users with 10,000 daily snapshots each among
 * 1,000,000 (QUALITY.md's read budget, against row f). The total is valued live from the
 * ledger; the history only gives "the change since the last snapshot", one backward step on
 * the snapshots' primary key (user_id, on_date), so the read must not slow as history grows.
 */
export const snapshotUsers = 100;
export const snapshotDaysPerUser = 10_000;

/**
 * Fills `portfolio_snapshots` with `snapshotUsers` × `snapshotDaysPerUser` rows, set-based with
 * `generate_series`: the bench users first (they sign in during the measurement), then filler
 * users up to `snapshotUsers`. Each row is a day before today, in (user_id, on_date) order as
 * the daily job would have appended them, then VACUUM ANALYZE as autovacuum would.
 */
export async function loadPortfolioSnapshots(
  url: string,
  runId: string,
  users: readonly BenchUser[],
): Promise<{ rows: number; seconds: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set lock_timeout = '20s'`);
    const benchIds = users.slice(0, snapshotUsers).map((user) => user.userId);
    const passwordHash = await hashPassword(`portfolio-filler-${runId}-${String(Math.random())}`);
    const fillers = await client.query<{ id: string }>(
      `insert into users (email, password_hash, first_name, last_name, phone, status, tier,
          referral_code, email_confirmed_at)
        select 'portfolio-' || $1::text || '-' || g || '@ajo.test', $2, 'Filler', 'Investor',
               '8000000000', 'ACTIVE', 1, 'P' || $1::text || g, now()
          from generate_series(1, $3::int) g
        returning id`,
      [runId, passwordHash, Math.max(0, snapshotUsers - benchIds.length)],
    );
    const owners = [...benchIds, ...fillers.rows.map((row) => row.id)];
    await client.query(
      `insert into portfolio_snapshots (user_id, on_date, total_minor, breakdown, taken_at)
       select o.user_id, (now() at time zone 'Africa/Lagos')::date - g,
              1000000 + (g % 997) * 100,
              jsonb_build_object('wallet', (1000000 + (g % 997) * 100)::text),
              now() - g * interval '1 day'
         from unnest($1::uuid[]) as o(user_id)
        cross join lateral generate_series(1, $2::int) as g
        order by o.user_id, g desc`,
      [owners, snapshotDaysPerUser],
    );
    await client.query('vacuum analyze portfolio_snapshots');
    const count = await client.query<{ count: string }>(
      'select count(*) as count from portfolio_snapshots',
    );
    return {
      rows: Number(count.rows[0]?.count ?? 0),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await client.end();
  }
}

export interface PortfolioReadOptions {
  url: string;
  baseUrl: string;
  runId: string;
  users: BenchUser[];
  /** Row f, the read yardstick. */
  f: LoadFigures;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  budgets: { readP99TimesF: number; readThroughputOfF: number };
  say: (text: string) => void;
}

/**
 * Loads the snapshots, warms up, then measures `GET /v1/portfolios/total-amount` with autocannon
 * (each connection signed in as one bench user), and judges it as rows c1 and c2 are: p99 and
 * throughput against row f.
 */
export async function measurePortfolioReads(
  options: PortfolioReadOptions,
): Promise<{ rows: ReportRow[]; snapshots: { rows: number; seconds: number }; load: LoadResult }> {
  const { url, baseUrl, runId, users, f, connections, seconds, warmupSeconds, budgets, say } =
    options;
  say(`(p) loading ${(snapshotUsers * snapshotDaysPerUser).toLocaleString('en-US')} snapshots`);
  const snapshots = await loadPortfolioSnapshots(url, runId, users);
  say(`(p) ${snapshots.rows.toLocaleString('en-US')} rows in ${snapshots.seconds.toFixed(1)} s`);
  const path = '/v1/portfolios/total-amount';
  const read = { baseUrl, users, connections, method: 'GET' as const, path };
  await runLoad({ ...read, seconds: warmupSeconds });
  const load = await runLoad({ ...read, seconds });
  const p99Times = load.latencyMs.p99 / f.latencyMs.p99;
  const share = load.throughputPerSecond / f.throughputPerSecond;
  const perSecond = (figures: LoadFigures) =>
    Math.round(figures.throughputPerSecond).toLocaleString('en-US');
  say(`(p) GET ${path}: ${perSecond(load)}/s, p99 ${load.latencyMs.p99.toFixed(1)} ms`);
  const ok =
    p99Times <= budgets.readP99TimesF && share >= budgets.readThroughputOfF && load.failures === 0;
  return {
    snapshots,
    load,
    rows: [
      {
        id: 'p',
        what: `GET ${path} (${String(snapshots.rows / 1_000_000)}M snapshot rows, ${snapshotDaysPerUser.toLocaleString('en-US')} per user, ${String(connections)} conns)`,
        figure: `p99 ${load.latencyMs.p99.toFixed(1)} ms = ${p99Times.toFixed(2)}× f; ${perSecond(load)} req/s = ${(share * 100).toFixed(0)}% of f (f: p99 ${f.latencyMs.p99.toFixed(1)} ms, ${perSecond(f)}/s)`,
        budget: `p99 <= ${budgets.readP99TimesF.toFixed(2)}× f; >= ${(budgets.readThroughputOfF * 100).toFixed(0)}% of f`,
        verdict: ok ? 'PASS' : 'FAIL',
        ...(load.failures === 0 ? {} : { note: `${String(load.failures)} failed` }),
      },
    ],
  };
}
