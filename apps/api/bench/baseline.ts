import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { systemAccount, transfer } from '../src/money/ledger/ledger.service.ts';
import { rows, type Database } from '../src/platform/db.ts';
import { summarize, type LoadFigures } from './stats.ts';

/**
 * Row (a): the bare ledger transfer in SQL, the yardstick of row (b). Each client owns a pair of
 * guarded accounts and runs, back to back, the statements `postEntry` runs for one transfer:
 * insert the journal entry, apply both guarded balance updates in account id order, insert the
 * two postings (the schema's triggers check currency and balance), commit. The statements are
 * prepared once per connection, as the API's are (see `PreparingClient` in platform/db.ts).
 */
export interface BaselineAccounts {
  pairs: { from: string; to: string }[];
}

export async function prepareBaselineAccounts(
  database: Database,
  clients: number,
): Promise<BaselineAccounts> {
  const runId = randomUUID().slice(0, 8);
  const pairs: { from: string; to: string }[] = [];
  await database.unitOfWork(async (tx) => {
    const funding = await systemAccount(tx, 'sandbox_funding', 'NGN');
    for (let index = 0; index < clients; index += 1) {
      const opened = await rows<{ id: string }>(
        tx,
        sql`insert into ledger_accounts (code, kind, currency, allow_negative)
            values (${`bench:${runId}:${String(index)}:a`}, 'bench', 'NGN', false),
                   (${`bench:${runId}:${String(index)}:b`}, 'bench', 'NGN', false)
            returning id`,
      );
      const [from, to] = opened.map((row) => row.id);
      if (!from || !to) throw new Error('baseline accounts not opened');
      // Funded through the ledger itself, so `npm run ledger:check` stays consistent.
      await transfer(tx, {
        idempotencyKey: `bench:${runId}:${String(index)}:funding`,
        kind: 'sandbox_funding',
        description: 'Bench baseline funding',
        currency: 'NGN',
        fromAccountId: funding.id,
        toAccountId: from,
        amountMinor: 1_000_000_000_000n,
        at: new Date(),
      });
      pairs.push({ from, to });
    }
  });
  return { pairs };
}

const insertEntry = `insert into journal_entries (idempotency_key, kind, description, metadata, created_at)
  values ($1, 'bench_transfer', 'Bench transfer', '{}'::jsonb, $2) returning id`;
const applyToBalance = `update ledger_accounts set balance_minor = balance_minor + $2::bigint
  where id = $1 and currency = 'NGN'
    and (allow_negative or balance_minor - held_minor + $2::bigint >= 0)
  returning id`;
const insertPostings = `insert into postings (entry_id, account_id, currency, amount_minor, created_at)
  values ($1, $2, 'NGN', $3::bigint, $5), ($1, $4, 'NGN', $6::bigint, $5)`;

async function transferOnce(client: pg.Client, from: string, to: string, key: string) {
  const amount = 100_00n;
  const at = new Date().toISOString();
  // Lock order: ascending account id, as `postEntry` does.
  const moves: [string, bigint][] =
    from < to
      ? [
          [from, -amount],
          [to, amount],
        ]
      : [
          [to, amount],
          [from, -amount],
        ];
  await client.query('begin');
  try {
    const entry = await client.query<{ id: string }>({
      name: 'bench_insert_entry',
      text: insertEntry,
      values: [key, at],
    });
    const entryId = entry.rows[0]?.id;
    for (const [accountId, delta] of moves) {
      const applied = await client.query({
        name: 'bench_apply_to_balance',
        text: applyToBalance,
        values: [accountId, delta.toString()],
      });
      if (applied.rowCount !== 1) throw new Error('insufficient funds in a baseline account');
    }
    await client.query({
      name: 'bench_insert_postings',
      text: insertPostings,
      values: [entryId, from, (-amount).toString(), to, at, amount.toString()],
    });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Runs the transfer loop on every client for `seconds`; answers throughput and latencies. */
export async function runBaseline(
  url: string,
  accounts: BaselineAccounts,
  seconds: number,
  label: string,
): Promise<LoadFigures> {
  const clients = await Promise.all(
    accounts.pairs.map(async () => {
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
        const pair = accounts.pairs[index];
        if (!pair) return;
        let serial = 0;
        while (performance.now() < deadline) {
          serial += 1;
          const begun = performance.now();
          try {
            await transferOnce(
              client,
              pair.from,
              pair.to,
              `${label}:${String(index)}:${String(serial)}`,
            );
            latencies.push(performance.now() - begun);
          } catch {
            failures += 1;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    return summarize(latencies, failures, elapsed);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}
