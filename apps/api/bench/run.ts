/**
 * `npm run bench`: the speed figures of QUALITY.md ("Speed") on PostgreSQL, measured in one run
 * on this machine, each printed beside its budget with PASS or FAIL, and written as JSON to
 * `bench/reports/`. See docs/bench.md.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import { seedCatalogueOnly } from '../src/db/seed.ts';
import { openDatabase, type Database } from '../src/platform/db.ts';
import { repositoryRoot, startApiServer, type ApiServer } from './api-server.ts';
import { prepareBaselineAccounts, runBaseline } from './baseline.ts';
import { prepareBenchUsers, type BenchUser } from './bench-users.ts';
import { measureFloor } from './floor.ts';
import { historyRows, loadHistory } from './history.ts';
import { checkWithdrawIntegrity } from './integrity.ts';
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
import type { LoadFigures } from './stats.ts';
import { buildWebApp, chromiumMissing, measureFirstLoad } from './web-first-load.ts';

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
const warmupSeconds = seconds('BENCH_WARMUP_SECONDS', 3);
/** The run stops and cleans up past this, whatever it is doing (a run takes about 2 minutes). */
const hardLimitMs = 4 * 60_000;

const budgets = {
  moneyThroughputRatio: 0.6,
  moneyP99Ms: 50,
  readP99Ms: 20,
  firstLoadGzipKb: 120,
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

/** `BENCH_ROWS=a,b` runs only some rows (while working on one); the default is all of them. */
const selected = new Set((process.env.BENCH_ROWS ?? 'a,b,c,w').split(',').map((row) => row.trim()));

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

  let baseline: LoadFigures | undefined;
  if (selected.has('a')) {
    say(`(a) bare ledger transfer in SQL: ${String(clients)} clients, ${String(measureSeconds)} s`);
    const accounts = await prepareBaselineAccounts(db, clients);
    await runBaseline(url, accounts, warmupSeconds, `bench:${runId}:warmup`);
    baseline = await runBaseline(url, accounts, measureSeconds, `bench:${runId}:measure`);
    measurements.baseline = baseline;
    say(`(a) ${figures(baseline)}, ${String(baseline.failures)} failed`);
    reportRows.push({
      id: 'a',
      what: 'Bare ledger transfer in SQL (50 pg clients)',
      figure: `${perSecond(baseline)} transfers/s, p99 ${baseline.latencyMs.p99.toFixed(1)} ms`,
      budget: 'reference for (b)',
      verdict: baseline.failures === 0 ? 'REF' : 'FAIL',
      ...failedNote(baseline),
    });
  }
  if (!selected.has('b') && !selected.has('c') && !selected.has('w')) {
    return finish(reportRows, measurements, version);
  }

  if (selected.has('w')) {
    say('(w) building the web app (npm run build)');
    buildWebApp();
  }
  say('starting the API (node apps/api/src/main.ts)');
  const api = await startApiServer(url);
  server = api;
  say(`API ready at ${api.baseUrl}`);
  if (selected.has('w')) reportRows.push(await webFirstLoadRow(api.baseUrl, measurements));
  if (!selected.has('b') && !selected.has('c')) return finish(reportRows, measurements, version);
  say(`signing up ${String(clients)} users through the API`);
  const users: BenchUser[] = await prepareBenchUsers(api.baseUrl, db, runId, clients);

  if (selected.has('b')) {
    const withdraw = {
      baseUrl: api.baseUrl,
      users,
      connections: clients,
      method: 'POST' as const,
      path: '/v1/wallets/withdraw',
      body: (user: BenchUser) => ({ amount: '100.00', bank_account_id: user.bankAccountId }),
      idempotent: true,
    };
    say(
      `(b) POST /v1/wallets/withdraw: ${String(clients)} connections, ${String(measureSeconds)} s`,
    );
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
    if (baseline) {
      const ratio = money.throughputPerSecond / baseline.throughputPerSecond;
      reportRows.push({
        id: 'b1',
        what: 'POST /v1/wallets/withdraw throughput (50 conns)',
        figure: `${perSecond(money)} req/s = ${(ratio * 100).toFixed(0)}% of (a)`,
        budget: `>= ${String(budgets.moneyThroughputRatio * 100)}% of (a)`,
        verdict: verdict(ratio >= budgets.moneyThroughputRatio, money),
        ...failedNote(money),
      });
    }
    reportRows.push(
      {
        id: 'b2',
        what: 'POST /v1/wallets/withdraw p99 (50 conns)',
        figure: `p99 ${money.latencyMs.p99.toFixed(1)} ms (p50 ${money.latencyMs.p50.toFixed(1)} ms)`,
        budget: `<= ${String(budgets.moneyP99Ms)} ms`,
        verdict: verdict(money.latencyMs.p99 <= budgets.moneyP99Ms, money),
      },
      {
        id: 'b3',
        what: 'Each stored answer: one payout, hold, row',
        figure: `${String(integrity.completedRecords)} answers, ${String(integrity.payouts)} payouts, ${String(integrity.ledgerProblems)} ledger problems`,
        budget: 'equal counts, 0 problems',
        verdict: integrity.ok && answered <= integrity.completedRecords ? 'PASS' : 'FAIL',
      },
    );
  }

  if (selected.has('c')) {
    say(`(c) filling transactions up to ${historyRows.toLocaleString('en-US')} rows`);
    const history = await loadHistory(url, runId, users);
    measurements.history = history;
    say(`(c) ${history.rows.toLocaleString('en-US')} rows in ${history.seconds.toFixed(1)} s`);
    const read = { baseUrl: api.baseUrl, users, connections: clients, method: 'GET' as const };
    for (const [id, path] of [
      ['c1', '/v1/transactions?page=0&size=10'],
      ['c2', '/v1/wallets'],
    ] as const) {
      await runLoad({ ...read, path, seconds: warmupSeconds });
      const load = await runLoad({ ...read, path, seconds: measureSeconds });
      measurements[id === 'c1' ? 'transactions' : 'wallets'] = load;
      say(`(c) GET ${path}: ${figures(load)}`);
      reportRows.push({
        id,
        what: `GET ${path} (${id === 'c1' ? `${String(history.rows / 1_000_000)}M rows, ` : ''}50 conns)`,
        figure: `p99 ${load.latencyMs.p99.toFixed(1)} ms (${perSecond(load)} req/s)`,
        budget: `p99 <= ${String(budgets.readP99Ms)} ms`,
        verdict: verdict(load.latencyMs.p99 <= budgets.readP99Ms, load),
        ...failedNote(load),
      });
    }
    const floor = await measureFloor(url, measureSeconds, warmupSeconds);
    measurements.floor = floor;
    say(`floor: bare Fastify route + one select 1: ${figures(floor)}`);
    reportRows.push({
      id: 'f',
      what: 'Floor: bare Fastify route doing one select 1',
      figure: `p99 ${floor.latencyMs.p99.toFixed(1)} ms (${perSecond(floor)} req/s)`,
      budget: 'context for (c): no budget',
      verdict: 'REF',
    });
  }
  return finish(reportRows, measurements, version);
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
