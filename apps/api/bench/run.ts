/**
 * `npm run bench`: the speed figures of QUALITY.md ("Speed") on PostgreSQL, measured in one run
 * on this machine, each printed beside its budget with PASS or FAIL, and written as JSON to
 * `bench/reports/`. See docs/bench.md.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import { seed, seedCatalogueOnly } from '../src/db/seed.ts';
import { checkLedger } from '../src/money/ledger/ledger-check.ts';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { AdjustableClock, businessDate } from '../src/platform/clock.ts';
import { openDatabase, rows, type Database } from '../src/platform/db.ts';
import { benchAppSecret, repositoryRoot, startApiServer, type ApiServer } from './api-server.ts';
import { prepareBaselineAccounts, runBaseline } from './baseline.ts';
import { prepareBenchUsers, type BenchUser } from './bench-users.ts';
import { measureFloor } from './floor.ts';
import { historyRows, loadHistory } from './history.ts';
import { checkWithdrawIntegrity, checkBillIntegrity } from './integrity.ts';
import { measureLighthouse, type LighthousePage } from './lighthouse.ts';
import { runLoad, type LoadResult } from './load.ts';
import {
  adminQuery,
  assertLocal,
  createDatabase,
  databaseUrl,
  dropDatabase,
  serverUrl,
} from './pg-admin.ts';
import { renderTable, writeReport, type ReportRow } from './report.ts';
import { prepareAccrualPlans, runAccrual } from './savings-accrual.ts';
import { checkCommodityBuyIntegrity, runCommodityBuys, stockQuotes } from './commodity-buys.ts';
import { measurePortfolioReads } from './portfolio-reads.ts';
import { prepareCollectionPlans, runCollection } from './savings-collection.ts';
import type { LoadFigures } from './stats.ts';
import { buildWebApp, chromiumMissing, chromiumPath, measureFirstLoad } from './web-first-load.ts';
import { measureColdStarts } from './cold-start.ts';

const clients = 50;

/** A positive number of seconds from the environment, or the default. */
function seconds(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0 || value > 60) {
    throw new Error(`${name} must be a number of seconds between 0 and 60`);
  }
  return value;
}

const measureSeconds = seconds('BENCH_SECONDS', 10);
/** Row s: how many active plans one night's accrual runs over (QUALITY.md: a million). */
const accrualPlans = Number(process.env.BENCH_ACCRUAL_PLANS ?? 1_000_000);
/** Row t: how many automatic plans fall due on one day (QUALITY.md: 100,000). */
const collectionPlans = Number(process.env.BENCH_COLLECTION_PLANS ?? 100_000);
const warmupSeconds = seconds('BENCH_WARMUP_SECONDS', 3);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1 || lighthouseRuns > 9) {
  throw new Error('BENCH_LIGHTHOUSE_RUNS must be a whole number from 1 to 9');
}
/** The run stops and cleans up past this, whatever it is doing (a run takes about 5 minutes). */
const hardLimitMs = 10 * 60_000;

/**
 * QUALITY.md, "Speed": every time budget is a ratio to a yardstick measured in the same run (row a
 * for the money POSTs, row f for the reads), because these shared machines move absolute figures.
 */
const budgets = {
  moneyThroughputOfA: 0.6,
  moneyP99TimesA: 1.5,
  readP99TimesF: 2.5,
  readThroughputOfF: 0.3,
  firstLoadGzipKb: 120,
  lighthousePerformance: 0.95,
  lighthouseAccessibility: 1,
  accrualTimesA: 10,
  collectionTimesA: 5,
  coldStartSeconds: 10,
  coldStartRuns: 3,
} as const;

const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const databaseName = `ajo_bench_${stamp.replace('-', '_')}_${randomBytes(2).toString('hex')}`;
const runId = randomBytes(4).toString('hex');

const say = (text: string) => {
  const seconds = ((Date.now() - startedAt.getTime()) / 1000).toFixed(1).padStart(6);
  process.stdout.write(`[${seconds}s] ${text}\n`);
};

const figures = (load: LoadFigures) =>
  `${Math.round(load.throughputPerSecond).toLocaleString('en-US')}/s, p50 ${load.latencyMs.p50.toFixed(1)} ms, p99 ${load.latencyMs.p99.toFixed(1)} ms`;

let database: Database | undefined;
let server: ApiServer | undefined;
let databaseCreated = false;
let cleaning: Promise<void> | undefined;

async function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await server?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    if (databaseCreated && process.env.BENCH_KEEP_DATABASE) {
      process.stdout.write(`kept ${databaseName} (BENCH_KEEP_DATABASE); drop it when done\n`);
    } else if (databaseCreated) {
      await dropDatabase(databaseName).catch((error: unknown) => {
        process.stderr.write(`could not drop ${databaseName}: ${String(error)}\n`);
      });
    }
  })();
  return cleaning;
}

const watchdog = setTimeout(() => {
  process.stderr.write(`bench: over ${String(hardLimitMs / 60_000)} minutes; stopping\n`);
  void cleanUp().finally(() => process.exit(2));
}, hardLimitMs);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

const twoXx = (load: LoadResult) =>
  Object.entries(load.statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);

const perSecond = (load: LoadFigures) =>
  Math.round(load.throughputPerSecond).toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
const times = (ratio: number) => `${ratio.toFixed(2)}×`;

/**
 * `BENCH_ROWS=a,b` runs only some rows (while working on one); the default is all of them. A row
 * judged against a yardstick brings it along: b, d, e, g, s and t need a; c and p need f.
 */
const selected = new Set(
  (process.env.BENCH_ROWS ?? 'a,f,n,w,l,b,d,e,g,c,p,s,t').split(',').map((row) => row.trim()),
);
if (['b', 'd', 'e', 'g', 's', 't'].some((row) => selected.has(row))) selected.add('a');
if (selected.has('c') || selected.has('p')) selected.add('f');

async function main(): Promise<number> {
  assertLocal(serverUrl);
  const url = databaseUrl(databaseName);
  say(`PostgreSQL ${new URL(serverUrl).host}: creating ${databaseName}`);
  await createDatabase(databaseName);
  databaseCreated = true;
  const db = await openDatabase({ databaseUrl: url, poolSize: 4 });
  database = db;
  await db.migrate();
  await seedCatalogueOnly(db);
  const [version] = (await adminQuery('show server_version')).rows as { server_version: string }[];
  const reportRows: ReportRow[] = [];
  const measurements: Record<string, unknown> = {};

  const { a, f } = await yardsticks(db, url, reportRows, measurements);
  if (selected.has('n')) reportRows.push(await coldStartRow(measurements));
  if (['w', 'l', 'b', 'c', 'd', 'e', 'g', 'p'].some((row) => selected.has(row))) {
    reportRows.push(...(await apiRows(db, url, a, f, measurements)));
  }
  // Last: their plans would otherwise be in the tables the other rows write and read.
  if (selected.has('t') && a) reportRows.push(...(await collectionRows(db, a, measurements)));
  if (selected.has('s') && a) reportRows.push(...(await accrualRows(db, a, measurements)));
  return finish(reportRows, measurements, version);
}

/** The rows that need the API running: w, l, b, d, e, g, c and p. */
async function apiRows(
  db: Database,
  url: string,
  a: LoadFigures | undefined,
  f: LoadFigures | undefined,
  measurements: Record<string, unknown>,
): Promise<ReportRow[]> {
  const reportRows: ReportRow[] = [];

  if (selected.has('w') || selected.has('l')) {
    say('(w, l) building the web app (npm run build)');
    buildWebApp();
  }
  if (selected.has('l')) {
    // Row l opens Home and /wallet as the demo user, with the wallet `npm start` seeds for it.
    await seed(db, { demo: true, clock: new AdjustableClock(), appSecret: benchAppSecret });
  }
  say('starting the API (node apps/api/src/main.ts)');
  const api = await startApiServer(url);
  server = api;
  say(`API ready at ${api.baseUrl}`);
  if (selected.has('w')) reportRows.push(await webFirstLoadRow(api.baseUrl, measurements));
  if (selected.has('l')) reportRows.push(...(await lighthouseRows(api.baseUrl, measurements)));
  if (!['b', 'c', 'd', 'e', 'g', 'p'].some((row) => selected.has(row))) {
    await api.stop();
    server = undefined;
    return reportRows;
  }
  say(`signing up ${String(clients)} users through the API`);
  const users: BenchUser[] = await prepareBenchUsers(api.baseUrl, db, runId, clients);

  if (selected.has('b') && a) {
    reportRows.push(...(await moneyRows(db, api.baseUrl, users, a, measurements)));
  }
  if (selected.has('d') && a) {
    reportRows.push(...(await creditRows(db, api.baseUrl, users, a, measurements)));
  }
  if (selected.has('e') && a) {
    reportRows.push(...(await billRows(db, api.baseUrl, users, a, measurements)));
  }
  if (selected.has('g') && a) {
    reportRows.push(...(await commodityRows(db, api.baseUrl, users, a, measurements)));
  }
  if (selected.has('c') && f) {
    reportRows.push(...(await readRows(url, api.baseUrl, users, f, measurements)));
  }
  if (selected.has('p') && f) {
    const portfolio = await measurePortfolioReads({
      url,
      baseUrl: api.baseUrl,
      runId,
      users,
      f,
      connections: clients,
      seconds: measureSeconds,
      warmupSeconds,
      budgets,
      say,
    });
    measurements.portfolio = { snapshots: portfolio.snapshots, load: portfolio.load };
    reportRows.push(...portfolio.rows);
  }
  await api.stop();
  server = undefined;
  return reportRows;
}

/** Row t: automatic collection of 100,000 plans due on one day, exact, against row a. */
async function collectionRows(
  db: Database,
  a: LoadFigures,
  measurements: Record<string, unknown>,
): Promise<ReportRow[]> {
  const today = businessDate(new Date());
  say(`(t) making ${collectionPlans.toLocaleString('en-US')} automatic target plans due today`);
  const setup = await prepareCollectionPlans(db, runId, collectionPlans, today, say);
  say('(t) collecting every instalment due today');
  const run = await runCollection(db, setup);
  const exact =
    run.collected === run.expectedCollected &&
    run.retrying === collectionPlans - run.expectedCollected &&
    run.collectedMinor === run.expectedMinor &&
    run.secondRunCollected === 0 &&
    run.ledgerProblems === 0;
  const ratio = run.plansPerSecond / a.throughputPerSecond;
  measurements.collection = {
    ...run,
    collectedMinor: run.collectedMinor.toString(),
    expectedMinor: run.expectedMinor.toString(),
  };
  say(
    `(t) ${String(run.collected)} collected and ${String(run.retrying)} short in ${run.seconds.toFixed(1)} s = ${Math.round(run.plansPerSecond).toLocaleString('en-US')}/s`,
  );
  return [
    {
      id: 't1',
      what: `Automatic collection, ${collectionPlans.toLocaleString('en-US')} plans due on one day`,
      figure: `${Math.round(run.plansPerSecond).toLocaleString('en-US')} plans/s = ${times(ratio)} a (${run.seconds.toFixed(1)} s)`,
      budget: `>= ${times(budgets.collectionTimesA)} a`,
      verdict: ratio >= budgets.collectionTimesA ? 'PASS' : 'FAIL',
    },
    {
      id: 't2',
      what: 'Collection exact: each instalment once, short wallets retried',
      figure: `${run.collected.toLocaleString('en-US')} collected (${formatMinorAsDecimal(run.collectedMinor)}), ${run.retrying.toLocaleString('en-US')} short, rerun ${String(run.secondRunCollected)}, ${String(run.ledgerProblems)} ledger problems`,
      budget: 'equal to the kobo, 0 on a rerun, ledger clean',
      verdict: exact ? 'PASS' : 'FAIL',
    },
  ];
}

/** Row s: one night's interest on a million active plans, exact, against row a. */
async function accrualRows(
  db: Database,
  a: LoadFigures,
  measurements: Record<string, unknown>,
): Promise<ReportRow[]> {
  const today = businessDate(new Date());
  say(`(s) making ${accrualPlans.toLocaleString('en-US')} active fixed plans`);
  const setup = await prepareAccrualPlans(db, runId, accrualPlans, today, say);
  say('(s) accruing one day of interest on every plan');
  const accrual = await runAccrual(db, setup);
  const exact =
    accrual.plans === accrualPlans &&
    accrual.accrualRows === accrualPlans &&
    accrual.bookedMinor === accrual.expectedMinor &&
    accrual.ledgerMinor === accrual.expectedMinor &&
    accrual.secondRunPlanDays === 0 &&
    accrual.ledgerProblems === 0;
  const ratio = accrual.plansPerSecond / a.throughputPerSecond;
  measurements.accrual = {
    ...accrual,
    bookedMinor: accrual.bookedMinor.toString(),
    expectedMinor: accrual.expectedMinor.toString(),
    ledgerMinor: accrual.ledgerMinor.toString(),
  };
  say(
    `(s) ${String(accrual.plans)} plans in ${accrual.seconds.toFixed(1)} s = ${Math.round(accrual.plansPerSecond).toLocaleString('en-US')}/s; booked ${accrual.bookedMinor.toString()} kobo, oracle ${accrual.expectedMinor.toString()}, ledger ${accrual.ledgerMinor.toString()}`,
  );
  return [
    {
      id: 's1',
      what: `Daily interest accrual, ${accrualPlans.toLocaleString('en-US')} active plans`,
      figure: `${Math.round(accrual.plansPerSecond).toLocaleString('en-US')} plans/s = ${times(ratio)} a (${accrual.seconds.toFixed(1)} s)`,
      budget: `>= ${times(budgets.accrualTimesA)} a`,
      verdict: ratio >= budgets.accrualTimesA ? 'PASS' : 'FAIL',
    },
    {
      id: 's2',
      what: 'Accrual exact: oracle = booked = ledger, each plan once',
      figure: `${accrual.accrualRows.toLocaleString('en-US')} rows, ${formatMinorAsDecimal(accrual.bookedMinor)} booked, second run ${String(accrual.secondRunPlanDays)}, ${String(accrual.ledgerProblems)} ledger problems`,
      budget: 'equal to the kobo, 0 on a rerun, ledger clean',
      verdict: exact ? 'PASS' : 'FAIL',
    },
  ];
}

/**
 * The yardsticks, measured first: row a (the bare ledger transfer in SQL) for the money POSTs and
 * row f (a bare Fastify route doing one `select 1`) for the reads.
 */
async function yardsticks(
  db: Database,
  url: string,
  reportRows: ReportRow[],
  measurements: Record<string, unknown>,
): Promise<{ a?: LoadFigures; f?: LoadFigures }> {
  const measured: { a?: LoadFigures; f?: LoadFigures } = {};
  if (selected.has('a')) {
    say(`(a) bare ledger transfer in SQL: ${String(clients)} clients, ${String(measureSeconds)} s`);
    const accounts = await prepareBaselineAccounts(db, clients);
    await runBaseline(url, accounts, warmupSeconds, `bench:${runId}:warmup`);
    const a = await runBaseline(url, accounts, measureSeconds, `bench:${runId}:measure`);
    measurements.baseline = a;
    say(`(a) ${figures(a)}, ${String(a.failures)} failed`);
    reportRows.push({
      id: 'a',
      what: 'Yardstick: bare ledger transfer in SQL (50 pg clients)',
      figure: `${perSecond(a)} transfers/s, p99 ${ms(a.latencyMs.p99)}`,
      budget: 'yardstick for (b)',
      verdict: a.failures === 0 ? 'REF' : 'FAIL',
      ...failedNote(a),
    });
    if (a.failures === 0) measured.a = a;
  }
  if (selected.has('f')) {
    say(`(f) bare Fastify route doing one select 1: ${String(clients)} connections`);
    const f = await measureFloor(url, measureSeconds, warmupSeconds);
    measurements.floor = f;
    say(`(f) ${figures(f)}`);
    reportRows.push({
      id: 'f',
      what: 'Yardstick: bare Fastify route doing one select 1',
      figure: `${perSecond(f)} req/s, p99 ${ms(f.latencyMs.p99)}`,
      budget: 'yardstick for (c)',
      verdict: f.failures === 0 ? 'REF' : 'FAIL',
      ...failedNote(f),
    });
    if (f.failures === 0) measured.f = f;
  }
  return measured;
}

/** Rows b1–b3: `POST /v1/wallets/withdraw` against row a, then the integrity of what it wrote. */
async function moneyRows(
  db: Database,
  baseUrl: string,
  users: BenchUser[],
  a: LoadFigures,
  measurements: Record<string, unknown>,
): Promise<ReportRow[]> {
  const withdraw = {
    baseUrl,
    users,
    connections: clients,
    method: 'POST' as const,
    path: '/v1/wallets/withdraw',
    body: (user: BenchUser) => ({ amount: '100.00', bank_account_id: user.bankAccountId }),
    idempotent: true,
  };
  say(`(b) POST /v1/wallets/withdraw: ${String(clients)} connections, ${String(measureSeconds)} s`);
  const warm = await runLoad({ ...withdraw, seconds: warmupSeconds });
  // The database is minutes old and its tables were empty a moment ago: it has the statistics
  // of empty tables, and plans cached on them scan whole tables as they fill. A running
  // database has been analysed (autovacuum does it as tables grow, and cached plans follow),
  // so the measured window starts from statistics, as it would in service (decision 0013).
  await db.db.execute(sql`analyze`);
  const money = await runLoad({ ...withdraw, seconds: measureSeconds });
  say(`(b) ${figures(money)}, status ${JSON.stringify(money.statusCodes)}`);
  const integrity = await checkWithdrawIntegrity(db);
  const answered = twoXx(warm) + twoXx(money);
  measurements.withdraw = money;
  measurements.withdrawIntegrity = { ...integrity, successfulAnswersSeen: answered };
  say(`(b) integrity: ${JSON.stringify(integrity)}`);
  const share = money.throughputPerSecond / a.throughputPerSecond;
  const p99Times = money.latencyMs.p99 / a.latencyMs.p99;
  return [
    {
      id: 'b1',
      what: 'POST /v1/wallets/withdraw throughput (50 conns)',
      figure: `${perSecond(money)} req/s = ${percent(share)} of a (a: ${perSecond(a)}/s)`,
      budget: `>= ${percent(budgets.moneyThroughputOfA)} of a`,
      verdict: verdict(share >= budgets.moneyThroughputOfA, money),
      ...failedNote(money),
    },
    {
      id: 'b2',
      what: 'POST /v1/wallets/withdraw p99 (50 conns)',
      figure: `p99 ${ms(money.latencyMs.p99)} = ${times(p99Times)} a (a: ${ms(a.latencyMs.p99)})`,
      budget: `<= ${times(budgets.moneyP99TimesA)} a's p99`,
      verdict: verdict(p99Times <= budgets.moneyP99TimesA, money),
    },
    {
      id: 'b3',
      what: 'Each stored answer: one payout, hold, row',
      figure: `${String(integrity.completedRecords)} answers, ${String(integrity.payouts)} payouts, ${String(integrity.ledgerProblems)} ledger problems`,
      budget: 'equal counts, 0 problems',
      verdict: integrity.ok && answered <= integrity.completedRecords ? 'PASS' : 'FAIL',
    },
  ];
}

/**
 * Rows d1 and d2: bank transfers into 50 different users' funding accounts at 50 clients, each
 * through the sandbox's signed webhook, the vendor's verify call and the credit (decision 0016:
 * unrelated users' credits must not wait on one shared system-account row), against row a.
 */
async function creditRows(
  db: Database,
  baseUrl: string,
  users: BenchUser[],
  a: LoadFigures,
  measurements: Record<string, unknown>,
): Promise<ReportRow[]> {
  const transfer = {
    baseUrl,
    users,
    connections: clients,
    method: 'POST' as const,
    path: '/v1/sandbox/virtual-accounts/transfers',
    body: (user: BenchUser) => ({
      account_number: user.accountNumber,
      amount: '100.00',
      sender_name: 'Bench Sender',
    }),
  };
  say(`(d) sandbox transfers into ${String(users.length)} users: ${String(clients)} connections`);
  await runLoad({ ...transfer, seconds: warmupSeconds });
  await db.db.execute(sql`analyze`);
  const credits = await runLoad({ ...transfer, seconds: measureSeconds });
  say(`(d) ${figures(credits)}, status ${JSON.stringify(credits.statusCodes)}`);
  const problems = await checkLedger(db.db);
  measurements.transfersIn = { ...credits, ledgerProblems: problems.length };
  const share = credits.throughputPerSecond / a.throughputPerSecond;
  const p99Times = credits.latencyMs.p99 / a.latencyMs.p99;
  return [
    {
      id: 'd1',
      what: 'Transfers in to 50 users (sandbox webhook → credit) throughput',
      figure: `${perSecond(credits)} req/s = ${percent(share)} of a (a: ${perSecond(a)}/s); ledger problems ${String(problems.length)}`,
      budget: `>= ${percent(budgets.moneyThroughputOfA)} of a; ledger clean`,
      verdict: verdict(share >= budgets.moneyThroughputOfA && problems.length === 0, credits),
      ...failedNote(credits),
    },
    {
      id: 'd2',
      what: 'Transfers in to 50 users p99',
      figure: `p99 ${ms(credits.latencyMs.p99)} = ${times(p99Times)} a (a: ${ms(a.latencyMs.p99)})`,
      budget: `<= ${times(budgets.moneyP99TimesA)} a's p99`,
      verdict: verdict(p99Times <= budgets.moneyP99TimesA, credits),
    },
  ];
}

/**
 * Rows e1–e3: `POST /v1/bill_payments/airtime` through the whole stack (session, idempotency
 * claim, validation, the network check, limits and fee, the hold, the pending bill and its
 * movement, the stored answer; the sandbox biller is paid after the answer), against row a.
 */
async function billRows(
  db: Database,
  baseUrl: string,
  users: BenchUser[],
  a: LoadFigures,
  measurements: Record<string, unknown>,
): Promise<ReportRow[]> {
  const airtime = {
    baseUrl,
    users,
    connections: clients,
    method: 'POST' as const,
    path: '/v1/bill_payments/airtime',
    body: () => ({ biller_id: 'mtn', phone: '08031234567', amount: '100.00' }),
    idempotent: true,
  };
  say(`(e) POST /v1/bill_payments/airtime: ${String(clients)} connections`);
  const warm = await runLoad({ ...airtime, seconds: warmupSeconds });
  await db.db.execute(sql`analyze`);
  const bills = await runLoad({ ...airtime, seconds: measureSeconds });
  say(`(e) ${figures(bills)}, status ${JSON.stringify(bills.statusCodes)}`);
  const integrity = await checkBillIntegrity(db);
  const answered = twoXx(warm) + twoXx(bills);
  measurements.airtime = bills;
  measurements.airtimeIntegrity = { ...integrity, successfulAnswersSeen: answered };
  say(`(e) integrity: ${JSON.stringify(integrity)}`);
  const share = bills.throughputPerSecond / a.throughputPerSecond;
  const p99Times = bills.latencyMs.p99 / a.latencyMs.p99;
  return [
    {
      id: 'e1',
      what: 'POST /v1/bill_payments/airtime throughput (50 conns)',
      figure: `${perSecond(bills)} req/s = ${percent(share)} of a (a: ${perSecond(a)}/s)`,
      budget: `>= ${percent(budgets.moneyThroughputOfA)} of a`,
      verdict: verdict(share >= budgets.moneyThroughputOfA, bills),
      ...failedNote(bills),
    },
    {
      id: 'e2',
      what: 'POST /v1/bill_payments/airtime p99 (50 conns)',
      figure: `p99 ${ms(bills.latencyMs.p99)} = ${times(p99Times)} a (a: ${ms(a.latencyMs.p99)})`,
      budget: `<= ${times(budgets.moneyP99TimesA)} a's p99`,
      verdict: verdict(p99Times <= budgets.moneyP99TimesA, bills),
    },
    {
      id: 'e3',
      what: 'Each stored answer: one bill, hold, row; all settled',
      figure: `${String(integrity.completedRecords)} answers, ${String(integrity.movements)} bills (${String(integrity.settled)} settled), ${String(integrity.ledgerProblems)} ledger problems`,
      budget: 'equal counts, all settled, 0 problems',
      verdict: integrity.ok && answered <= integrity.completedRecords ? 'PASS' : 'FAIL',
    },
  ];
}

/**
 * Rows g1–g4: commodity buys through the whole stack, against row a. g1 and g2 judge the money
 * POST alone (each buy spends a quote the API gave just before the window); g3 checks every
 * answer; g4 reports whole quote-and-buy pairs, as a client makes them (not a budget of its own:
 * the quote moves no money).
 */
async function commodityRows(
  db: Database,
  baseUrl: string,
  users: BenchUser[],
  a: LoadFigures,
  measurements: Record<string, unknown>,
): Promise<ReportRow[]> {
  // The catalogue is written on the first read of it, as a client's first visit would.
  const first = users[0];
  if (!first) throw new Error('row g: no bench user');
  await fetch(`${baseUrl}/v1/commodities?size=1`, {
    headers: { authorization: `Bearer ${first.token}` },
  });
  const [maize] = await rows<{ id: string }>(
    db.db,
    sql`select id from commodities where code = 'maize'`,
  );
  if (!maize) throw new Error('row g: the commodity catalogue is not seeded');
  const load = { baseUrl, users, connections: clients, commodityId: maize.id };
  say(`(g) POST /v1/commodities/quotes then /buy: ${String(clients)} connections`);
  await runCommodityBuys({ ...load, seconds: warmupSeconds });
  await db.db.execute(sql`analyze`);
  // More quotes than a connection can spend in the window (under 40 buys/s each today).
  const perUser = 200 * measureSeconds;
  const stock = await stockQuotes(db, { ...load, perUser });
  say(
    `(g) POST /v1/commodities/buy with ${String(perUser)} quotes per user made before the window`,
  );
  // Buys only: no quote is asked for in this window.
  const { buys } = await runCommodityBuys({ ...load, stock, seconds: measureSeconds });
  say(`(g) ${figures(buys)}, status ${JSON.stringify(buys.statusCodes)}`);
  const pairs = await runCommodityBuys({ ...load, seconds: measureSeconds });
  say(
    `(g) pairs: ${figures(pairs.buys)}, status ${JSON.stringify(pairs.buys.statusCodes)}, quote failures ${String(pairs.quoteFailures)}`,
  );
  const integrity = await checkCommodityBuyIntegrity(db);
  measurements.commodityBuys = { ...buys, quotesPerUser: perUser };
  measurements.commodityQuoteAndBuyPairs = { ...pairs.buys, quoteFailures: pairs.quoteFailures };
  measurements.commodityBuyIntegrity = integrity;
  say(`(g) integrity: ${JSON.stringify(integrity)}`);
  const share = buys.throughputPerSecond / a.throughputPerSecond;
  const p99Times = buys.latencyMs.p99 / a.latencyMs.p99;
  const pairShare = pairs.buys.throughputPerSecond / a.throughputPerSecond;
  return [
    {
      id: 'g1',
      what: 'POST /v1/commodities/buy, quotes made before (50 conns)',
      figure: `${perSecond(buys)} buys/s = ${percent(share)} of a (a: ${perSecond(a)}/s)`,
      budget: `>= ${percent(budgets.moneyThroughputOfA)} of a`,
      verdict: verdict(share >= budgets.moneyThroughputOfA, buys),
      ...failedNote(buys),
    },
    {
      id: 'g2',
      what: 'POST /v1/commodities/buy p99 (50 conns)',
      figure: `p99 ${ms(buys.latencyMs.p99)} = ${times(p99Times)} a (a: ${ms(a.latencyMs.p99)})`,
      budget: `<= ${times(budgets.moneyP99TimesA)} a's p99`,
      verdict: verdict(p99Times <= budgets.moneyP99TimesA, buys),
    },
    {
      id: 'g3',
      what: 'Each stored answer: one trade, activity row, units',
      figure: `${String(integrity.completedRecords)} answers (+${String(integrity.abandonedRecords)} cut off), ${String(integrity.trades)} trades, ${String(integrity.tradeActivities)} rows, holdings ${integrity.holdingsMatchTrades ? 'match' : 'DIFFER'}, ${String(integrity.ledgerProblems)} ledger problems`,
      budget: 'one trade per answer, 0 problems',
      verdict: integrity.ok ? 'PASS' : 'FAIL',
    },
    {
      id: 'g4',
      what: 'Quote then buy, as a client does (50 conns)',
      figure: `${perSecond(pairs.buys)} pairs/s = ${percent(pairShare)} of a; buy p99 ${ms(pairs.buys.latencyMs.p99)}`,
      budget: 'reported (a quote moves no money)',
      verdict: pairs.quoteFailures === 0 && pairs.buys.failures === 0 ? 'REF' : 'FAIL',
      ...failedNote(pairs.buys),
    },
  ];
}

/** Rows c1 and c2: the authenticated reads with a million transactions, against row f. */
async function readRows(
  url: string,
  baseUrl: string,
  users: BenchUser[],
  f: LoadFigures,
  measurements: Record<string, unknown>,
): Promise<ReportRow[]> {
  say(`(c) filling transactions up to ${historyRows.toLocaleString('en-US')} rows`);
  const history = await loadHistory(url, runId, users);
  measurements.history = history;
  say(`(c) ${history.rows.toLocaleString('en-US')} rows in ${history.seconds.toFixed(1)} s`);
  const read = { baseUrl, users, connections: clients, method: 'GET' as const };
  const rows: ReportRow[] = [];
  for (const [id, path] of [
    ['c1', '/v1/transactions?page=0&size=10'],
    ['c2', '/v1/wallets'],
  ] as const) {
    await runLoad({ ...read, path, seconds: warmupSeconds });
    const load = await runLoad({ ...read, path, seconds: measureSeconds });
    measurements[id === 'c1' ? 'transactions' : 'wallets'] = load;
    say(`(c) GET ${path}: ${figures(load)}`);
    const p99Times = load.latencyMs.p99 / f.latencyMs.p99;
    const share = load.throughputPerSecond / f.throughputPerSecond;
    rows.push({
      id,
      what: `GET ${path} (${id === 'c1' ? `${String(history.rows / 1_000_000)}M rows, ` : ''}50 conns)`,
      figure: `p99 ${ms(load.latencyMs.p99)} = ${times(p99Times)} f; ${perSecond(load)} req/s = ${percent(share)} of f (f: p99 ${ms(f.latencyMs.p99)}, ${perSecond(f)}/s)`,
      budget: `p99 <= ${times(budgets.readP99TimesF)} f; >= ${percent(budgets.readThroughputOfF)} of f`,
      verdict: verdict(
        p99Times <= budgets.readP99TimesF && share >= budgets.readThroughputOfF,
        load,
      ),
      ...failedNote(load),
    });
  }
  return rows;
}

/**
 * Rows l1–l3: Lighthouse (mobile preset, simulated throttling) on /login, Home and /wallet, each
 * run several times; the medians are judged.
 */
async function lighthouseRows(
  baseUrl: string,
  measurements: Record<string, unknown>,
): Promise<ReportRow[]> {
  const budget = `perf >= ${budgets.lighthousePerformance.toFixed(2)}, a11y ${budgets.lighthouseAccessibility.toFixed(2)} (median of ${String(lighthouseRuns)})`;
  if (chromiumMissing()) {
    say('(l) no Chromium at /usr/bin/chromium (apt-get install chromium, or set CHROMIUM_PATH)');
    return ['l1', 'l2', 'l3'].map((id) => ({
      id,
      what: 'Lighthouse (mobile)',
      figure: 'not measured: no Chromium',
      budget,
      verdict: 'FAIL' as const,
    }));
  }
  say(`(l) Lighthouse on /login, Home and /wallet, ${String(lighthouseRuns)} runs each`);
  const pages: LighthousePage[] = await measureLighthouse(
    baseUrl,
    chromiumPath,
    lighthouseRuns,
    (page, run) => {
      say(
        `(l) ${page}: performance ${run.performance.toFixed(2)}, accessibility ${run.accessibility.toFixed(2)}, FCP ${String(run.metricsMs.fcp)} ms, LCP ${String(run.metricsMs.lcp)} ms, TBT ${String(run.metricsMs.tbt)} ms, CLS ${run.cls.toFixed(3)}, benchmarkIndex ${String(run.benchmarkIndex)}${run.failedAccessibilityAudits.length > 0 ? `, failed: ${run.failedAccessibilityAudits.join(' ')}` : ''}`,
      );
    },
  );
  measurements.lighthouse = pages;
  return pages.map((page) => {
    const { performance, accessibility, metricsMs } = page.median;
    const scores = page.runs.map((run) => run.performance.toFixed(2)).join(' ');
    return {
      id: page.id,
      what: `Lighthouse (mobile) on ${page.name}`,
      figure: `perf ${performance.toFixed(2)} (${scores}), a11y ${accessibility.toFixed(2)}; LCP ${String(metricsMs.lcp)} ms, TBT ${String(metricsMs.tbt)} ms`,
      budget,
      verdict:
        performance >= budgets.lighthousePerformance &&
        accessibility >= budgets.lighthouseAccessibility
          ? 'PASS'
          : 'FAIL',
    };
  });
}

/**
 * Row n: the cold start of `npm start` on the embedded database, as a person waits for it: from the
 * command until the app answers, on a data folder an earlier start made (its first start on a new
 * folder is printed beside it). The budget is seconds, not a ratio (QUALITY.md).
 */
async function coldStartRow(measurements: Record<string, unknown>): Promise<ReportRow> {
  say(
    `(n) npm start on the embedded database: a new data folder, then ${String(budgets.coldStartRuns)} starts on it`,
  );
  const starts = await measureColdStarts(budgets.coldStartRuns);
  measurements.coldStart = starts;
  const inSeconds = (startMs: number) => `${(startMs / 1000).toFixed(1)} s`;
  const slowest = Math.max(...starts.startsMs);
  say(
    `(n) new folder ${inSeconds(starts.newFolderMs)}; then ${starts.startsMs.map(inSeconds).join(', ')}`,
  );
  return {
    id: 'n',
    what: 'Cold start of npm start (embedded database, data folder)',
    figure: `slowest of ${String(starts.startsMs.length)}: ${inSeconds(slowest)} (${starts.startsMs.map(inSeconds).join(', ')}); new folder ${inSeconds(starts.newFolderMs)}`,
    budget: `<= ${String(budgets.coldStartSeconds)} s, slowest of ${String(budgets.coldStartRuns)}`,
    verdict: slowest <= budgets.coldStartSeconds * 1000 ? 'PASS' : 'FAIL',
  };
}

/**
 * Row w: the JavaScript a first visit to /login downloads in Debian's Chromium, as the API sends
 * it gzipped (brotli, which browsers are actually sent, is printed beside it).
 */
async function webFirstLoadRow(
  baseUrl: string,
  measurements: Record<string, unknown>,
): Promise<ReportRow> {
  const what = 'Web first load of /login: JavaScript, gzipped';
  const budget = `<= ${String(budgets.firstLoadGzipKb)} kB`;
  if (chromiumMissing()) {
    say('(w) no Chromium at /usr/bin/chromium (apt-get install chromium, or set CHROMIUM_PATH)');
    return { id: 'w', what, figure: 'not measured: no Chromium', budget, verdict: 'FAIL' };
  }
  const load = await measureFirstLoad(`${baseUrl}/login`);
  measurements.webFirstLoad = load;
  const kb = load.gzipBytes / 1000;
  say(
    `(w) ${kb.toFixed(1)} kB gzipped (${(load.brotliBytes / 1000).toFixed(1)} kB brotli) in ${String(load.files.length)} files: ${load.files
      .map((file) => `${file.name.split('/').pop() ?? ''} ${(file.gzipBytes / 1000).toFixed(1)}`)
      .join(', ')}`,
  );
  return {
    id: 'w',
    what,
    figure: `${kb.toFixed(1)} kB in ${String(load.files.length)} files`,
    budget,
    verdict: kb <= budgets.firstLoadGzipKb ? 'PASS' : 'FAIL',
  };
}

const failedNote = (load: LoadFigures) =>
  load.failures === 0 ? {} : { note: `${String(load.failures)} failed` };
const verdict = (ok: boolean, load: LoadFigures) =>
  ok && load.failures === 0 ? ('PASS' as const) : ('FAIL' as const);

async function finish(
  reportRows: ReportRow[],
  measurements: Record<string, unknown>,
  version: { server_version: string } | undefined,
): Promise<number> {
  const failed = reportRows.filter((row) => row.verdict === 'FAIL');
  process.stdout.write(`\n${renderTable(reportRows)}\n\n`);
  const file = await writeReport(repositoryRoot, stamp, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    passed: failed.length === 0,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      loadAverage: os.loadavg(),
      node: process.version,
      postgres: version?.server_version,
    },
    settings: {
      rows: [...selected],
      clients,
      measureSeconds,
      warmupSeconds,
      lighthouseRuns,
      historyRows,
      budgets,
      source: 'QUALITY.md, Speed',
    },
    rows: reportRows,
    measurements,
  });
  say(`report: ${file} (and bench/reports/latest.json)`);
  say(failed.length === 0 ? 'all rows PASS' : `${String(failed.length)} row(s) FAIL`);
  return failed.length === 0 ? 0 : 1;
}

let exitCode = 2;
try {
  exitCode = await main();
} catch (error) {
  const cause =
    error instanceof Error && error.cause instanceof Error
      ? `\ncaused by: ${error.cause.message}`
      : '';
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}\n`,
  );
  if (server) process.stderr.write(`API output:\n${server.output()}\n`);
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
process.exit(exitCode);
