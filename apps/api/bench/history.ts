import pg from 'pg';
import { hashPassword } from '../src/platform/passwords.ts';
import type { BenchUser } from './bench-users.ts';

/** Rows in `transactions` while row (c) runs. */
export const historyRows = 1_000_000;
const heavyUsers = 5;
const heavyRows = 120_000;
const otherBenchRows = 4_000;
const fillerUsers = 200;

interface Owner {
  id: string;
  count: number;
}

/**
 * Fills `transactions` up to one million rows with `generate_series`: five bench users get
 * 120,000 rows each, the other bench users 4,000, and filler users share the rest. Every row is
 * older than today (the daily withdrawal limit only sums today's).
 *
 * Loaded as a bulk load is: the table's secondary indexes are dropped, the rows inserted (ids and
 * references in ascending order, like UUIDv7), and the same indexes re-created from their own
 * definitions; then VACUUM ANALYZE, as autovacuum would do on a table this size.
 */
export async function loadHistory(
  url: string,
  runId: string,
  users: readonly BenchUser[],
): Promise<{ rows: number; seconds: number }> {
  const started = performance.now();
  const lanes = await Promise.all(
    [0, 1].map(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`set maintenance_work_mem = '256MB'`);
      // Never wait behind a stuck request's locks: fail the run instead.
      await client.query(`set lock_timeout = '20s'`);
      return client;
    }),
  );
  const [main, second] = lanes as [pg.Client, pg.Client];
  try {
    const passwordHash = await hashPassword(`filler-${runId}-${String(Math.random())}`);
    const fillers = await main.query<{ id: string }>(
      `insert into users (email, password_hash, first_name, last_name, phone, status, tier,
          referral_code, email_confirmed_at)
        select 'filler-' || $1::text || '-' || g || '@ajo.test', $2, 'Filler', 'User',
               '8000000000', 'ACTIVE', 1, 'F' || $1::text || g, now()
          from generate_series(1, $3::int) g
        returning id`,
      [runId, passwordHash, fillerUsers],
    );
    const existing = Number(
      (await main.query<{ count: string }>('select count(*) as count from transactions')).rows[0]
        ?.count ?? 0,
    );
    const owners: Owner[] = [
      ...users.slice(0, heavyUsers).map((user) => ({ id: user.userId, count: heavyRows })),
      ...users.slice(heavyUsers).map((user) => ({ id: user.userId, count: otherBenchRows })),
    ];
    const fillerShare =
      historyRows - existing - owners.reduce((sum, owner) => sum + owner.count, 0);
    fillers.rows.forEach((filler, index) => {
      const base = Math.floor(fillerShare / fillers.rows.length);
      const count = index === 0 ? fillerShare - base * (fillers.rows.length - 1) : base;
      if (count > 0) owners.push({ id: filler.id, count });
    });

    const indexes = await main.query<{ name: string; definition: string }>(
      `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
         from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = 'transactions'::regclass
          and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
    );
    for (const index of indexes.rows) await main.query(`drop index "${index.name}"`);

    // Two lanes (one per core of the machines this runs on), each a contiguous id range.
    const total = owners.reduce((sum, owner) => sum + owner.count, 0);
    const halves: { owner: Owner; start: number }[][] = [[], []];
    let offset = 0;
    for (const owner of owners) {
      halves[offset < total / 2 ? 0 : 1]?.push({ owner, start: offset });
      offset += owner.count;
    }
    await Promise.all(
      halves.map((part, lane) => insertHistory(lane === 0 ? main : second, runId, part)),
    );

    const pending = [...indexes.rows];
    await Promise.all(
      lanes.map(async (client) => {
        for (let index = pending.shift(); index; index = pending.shift()) {
          await client.query(index.definition);
        }
      }),
    );
    await main.query('vacuum analyze transactions');
    const count = await main.query<{ count: string }>('select count(*) as count from transactions');
    return {
      rows: Number(count.rows[0]?.count ?? 0),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await Promise.all(lanes.map((client) => client.end()));
  }
}

async function insertHistory(
  client: pg.Client,
  runId: string,
  part: readonly { owner: Owner; start: number }[],
): Promise<void> {
  if (part.length === 0) return;
  const prefix = runId.padStart(8, '0').slice(0, 8);
  await client.query(
    `insert into transactions (id, user_id, type, status, direction, channel, currency,
       amount_minor, fee_minor, reference, provider, provider_reference, description, created_at,
       updated_at)
     select ($5::text || '-0000-7000-8000-' || lpad(to_hex(o.start + g), 12, '0'))::uuid,
            o.user_id,
            case when g % 3 = 0 then 'withdrawal' else 'deposit' end,
            case when g % 50 = 0 then 'failed' else 'successful' end,
            case when g % 3 = 0 then 'debit' else 'credit' end,
            'bank_transfer', 'NGN', 10000 + (g % 997) * 100,
            case when g % 3 = 0 then 5000 else 0 end,
            'HIST-' || $1::text || '-' || lpad((o.start + g)::text, 10, '0'),
            'sandbox',
            case when g % 3 = 0 then null else 'SBX-HIST-' || $1::text || '-' || (o.start + g) end,
            case when g % 3 = 0 then 'Withdrawal to Guaranty Trust Bank ••••••1234'
                 else 'Transfer from Adaeze Okafor' end,
            t.at, t.at
       from unnest($2::uuid[], $3::bigint[], $4::int[]) as o(user_id, start, n)
      cross join lateral generate_series(1, o.n) as g
      cross join lateral (select now() - interval '1 day' - g * interval '127 seconds' as at) as t`,
    [
      runId,
      part.map((item) => item.owner.id),
      part.map((item) => item.start),
      part.map((item) => item.owner.count),
      prefix,
    ],
  );
}
