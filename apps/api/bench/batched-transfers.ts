import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/platform/db.ts';
import { prepareBaselineAccounts, runBaseline, type BaselineAccounts } from './baseline.ts';
import { assertLocal, createDatabase, databaseUrl, dropDatabase, serverUrl } from './pg-admin.ts';
import { summarize, type LoadFigures } from './stats.ts';

/*
 * An experiment, not a budget row: how far batching could take the ledger on this machine.
 * Row (a) next to the same transfers written `BENCH_BATCH` at a time by `BENCH_BATCH_CLIENTS`
 * clients, each batch one transaction of set-based statements: the journal entries, every
 * guarded balance update, every posting (the schema's triggers check them as for row a).
 *
 *   node apps/api/bench/batched-transfers.ts          # 5 clients × 10 transfers per batch
 *   BENCH_BATCH_CLIENTS=2 BENCH_BATCH=25 node apps/api/bench/batched-transfers.ts
 *
 * It answers whether batching concurrent withdrawals (docs/bench.md "Next steps") is worth its
 * redesign; the API does not batch today.
 */

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number`);
  return value;
};
const batchClients = positive('BENCH_BATCH_CLIENTS', 5);
const batchSize = positive('BENCH_BATCH', 10);
const seconds = positive('BENCH_SECONDS', 10);
const amountMinor = 100_00n;

const insertEntries = `insert into journal_entries (idempotency_key, kind, description, metadata, created_at)
  select key, 'bench_transfer', 'Bench transfer', '{}'::jsonb, $2
    from unnest($1::text[]) with ordinality as keys(key, position) order by position
  returning id`;
const applyToBalances = `update ledger_accounts account
     set balance_minor = account.balance_minor + moves.delta
    from unnest($1::uuid[], $2::bigint[]) as moves(id, delta)
   where account.id = moves.id and account.currency = 'NGN'
     and (account.allow_negative or account.balance_minor - account.held_minor + moves.delta >= 0)
  returning account.id`;
const insertPostings = `insert into postings (entry_id, account_id, currency, amount_minor, created_at)
  select entry_id, account_id, 'NGN', amount_minor, $4
    from unnest($1::uuid[], $2::uuid[], $3::bigint[]) as moves(entry_id, account_id, amount_minor)`;

/** One batch: every pair's transfer in one transaction (pairs are distinct accounts). */
async function transferBatch(client: pg.Client, pairs: BaselineAccounts['pairs'], keys: string[]) {
  const at = new Date().toISOString();
  const accountIds = pairs.flatMap((pair) => [pair.from, pair.to]);
  const deltas = pairs.flatMap(() => [(-amountMinor).toString(), amountMinor.toString()]);
  await client.query('begin');
  try {
    const entries = await client.query<{ id: string }>({
      name: 'batch_insert_entries',
      text: insertEntries,
      values: [keys, at],
    });
    const applied = await client.query({
      name: 'batch_apply_to_balances',
      text: applyToBalances,
      values: [accountIds, deltas],
    });
    if (applied.rowCount !== accountIds.length) throw new Error('a batch account was refused');
    await client.query({
      name: 'batch_insert_postings',
      text: insertPostings,
      values: [entries.rows.flatMap((entry) => [entry.id, entry.id]), accountIds, deltas, at],
    });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function runBatched(url: string, accounts: BaselineAccounts): Promise<LoadFigures> {
  const clients = await Promise.all(
    Array.from({ length: batchClients }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const latencies: number[] = [];
  let failures = 0;
  try {
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      clients.map(async (client, index) => {
        const pairs = accounts.pairs.slice(index * batchSize, (index + 1) * batchSize);
        for (let serial = 1; performance.now() < deadline; serial += 1) {
          const begun = performance.now();
          const keys = pairs.map(
            (_, pair) => `batch:${String(index)}:${String(serial)}:${String(pair)}`,
          );
          try {
            await transferBatch(client, pairs, keys);
            // Every transfer of the batch waited as long as the batch.
            const waited = performance.now() - begun;
            latencies.push(...pairs.map(() => waited));
          } catch {
            failures += 1;
          }
        }
      }),
    );
    return summarize(latencies, failures, (performance.now() - started) / 1000);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

const describe = (label: string, load: LoadFigures) =>
  `${label}: ${Math.round(load.throughputPerSecond).toLocaleString('en-US')} transfers/s, p50 ${String(load.latencyMs.p50)} ms, p99 ${String(load.latencyMs.p99)} ms, ${String(load.failures)} failed`;

async function main() {
  assertLocal(serverUrl);
  const name = `ajo_bench_batched_${randomUUID().slice(0, 8)}`;
  await createDatabase(name);
  const url = databaseUrl(name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    await database.migrate();
    const single = await prepareBaselineAccounts(database, 50);
    await runBaseline(url, single, 3, 'warmup');
    const rowA = await runBaseline(url, single, seconds, 'row-a');
    process.stdout.write(`${describe('(a) one transfer per transaction, 50 clients', rowA)}\n`);
    const batched = await runBatched(
      url,
      await prepareBaselineAccounts(database, batchClients * batchSize),
    );
    process.stdout.write(
      `${describe(`batched: ${String(batchClients)} clients × ${String(batchSize)} transfers per transaction`, batched)}\n`,
    );
  } finally {
    await database.close();
    await dropDatabase(name);
  }
}

await main();
