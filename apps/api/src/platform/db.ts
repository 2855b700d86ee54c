import { createHash } from 'node:crypto';
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { migrationsFolder } from '../db/migrations-folder.ts';
import * as schema from '../db/schema.ts';
import { Mutex } from './mutex.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run SQL on: the pool or an open transaction. */
export type Executor = Db | Tx;

export { migrationsFolder };

export interface DatabaseOptions {
  /** postgres:// URL of a server; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or `memory://`. */
  dataDir?: string | undefined;
  /** A dump of an already migrated PGlite data folder (tests, and the template of a new one). */
  loadDataDir?: Blob | undefined;
  poolSize?: number | undefined;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * One SQL transaction. On PGlite every unit of work passes through one gate, so two requests'
   * transactions never interleave on its single connection.
   */
  unitOfWork<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  /** Number of migrations on disk that the database has not recorded as applied. */
  pendingMigrations(): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database only: a dump of its data folder (tests reuse a migrated one). */
  dump?(): Promise<Blob>;
}

/** Each open transaction's database handle (see `databaseOf`). */
const transactionOwners = new WeakMap<object, Db>();

/**
 * The database handle an executor belongs to: the pool handle itself, or the handle whose
 * `unitOfWork` opened this transaction. Caches kept per database key on it, so a transaction
 * shares them and fills a miss through its own connection (never a second pool connection).
 */
export const databaseOf = (executor: Executor): object =>
  transactionOwners.get(executor) ?? executor;

const inTransactionOf =
  <T>(db: Db, work: (tx: Tx) => Promise<T>) =>
  (tx: Tx): Promise<T> => {
    transactionOwners.set(tx, db);
    return work(tx);
  };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir === 'memory://' ? {} : { dataDir }),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const gate = new Mutex();
  let closed = false;
  return {
    kind: 'pglite',
    db,
    unitOfWork: (work) => gate.run(() => db.transaction(inTransactionOf(db, work))),
    migrate: () => gate.run(() => migratePglite(db as never, { migrationsFolder })),
    pendingMigrations: () => countPendingMigrations(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await gate.run(() => client.close());
    },
    dump: () => gate.run(() => client.dumpDataDir('none')),
  };
}

/** Statements that start with this are sent unnamed, planned each time (`plannedPerBatch`). */
const plannedPerBatchMarker = '/* planned for each batch */';

/** Distinct statement texts named so far; past the cap new texts run unnamed (see below). */
const namedStatements = new Map<string, string>();
const namedStatementsCap = 2_000;

function statementName(text: string): string | undefined {
  let name = namedStatements.get(text);
  if (name === undefined && namedStatements.size < namedStatementsCap) {
    name = `ajo_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    namedStatements.set(text, name);
  }
  return name;
}

/**
 * A pool client that names every statement sent with a values array (drizzle sends one with
 * every statement, even an empty one) after its text, so each connection
 * parses and plans a statement once and then only binds and executes it (an unnamed statement is
 * planned again on every call; on the hot reads planning cost more than running the query).
 * Texts are bounded: SQL is written in code, values travel as parameters; the cap guards against
 * a query builder producing unbounded variants (long `in` lists), which then run unnamed.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (
      typeof config === 'object' &&
      config !== null &&
      'text' in config &&
      typeof config.text === 'string' &&
      !config.text.startsWith(plannedPerBatchMarker) &&
      !('name' in config && config.name) &&
      Array.isArray(args[1] ?? (config as { values?: unknown }).values)
    ) {
      const name = statementName(config.text);
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...input: unknown[]) => never)(...args);
  }
}

function openPostgres(databaseUrl: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    Client: PreparingClient,
    // Prepared statements keep one generic plan (see PreparingClient and decision 0010).
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    unitOfWork: (work) => db.transaction(inTransactionOf(db, work)),
    migrate: () => migratePostgres(db as never, { migrationsFolder }),
    pendingMigrations: () => countPendingMigrations(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function countPendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  try {
    const applied = await rows<{ count: number }>(
      db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    return journal.entries.length - (applied[0]?.count ?? 0);
  } catch {
    return journal.entries.length;
  }
}

/** Runs raw SQL and returns its rows; both drivers answer with a `rows` array. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A set-based statement that writes a batch (see `batchInput`), planned each time it runs instead
 * of keeping one generic plan per connection. It runs a few hundred times a second at most, so
 * planning costs little, and a plan made when a table was nearly empty (a scan of the whole table)
 * would otherwise stay in use while the table grows: measured on a fresh database, the payouts
 * update took 3 ms per batch instead of 0.2 ms.
 */
export function plannedPerBatch(statement: SQL): SQL {
  return sql`${sql.raw(plannedPerBatchMarker)} ${statement}`;
}

/** A column of a batch's input: its SQL type and one value per row. */
export type InputColumn = readonly [type: string, values: readonly unknown[]];

/**
 * The rows of a batch as a relation, for set-based statements that write a whole batch: one
 * array parameter per column, unnested side by side (`unnest($1::uuid[], $2::text[]) as
 * input(id, name)`). A generic plan counts such an input as a few rows (not the 100 a function
 * like `jsonb_to_recordset` claims), so joins on it probe indexes instead of scanning whole
 * tables. Types are SQL written in code; bigints and dates travel as text.
 */
export function batchInput(alias: string, columns: Record<string, InputColumn>): SQL {
  const names = Object.keys(columns);
  const arrays = Object.values(columns).map(([type, values]) => {
    const encoded = values.map((value) =>
      typeof value === 'bigint'
        ? value.toString()
        : value instanceof Date
          ? value.toISOString()
          : value,
    );
    return sql`${sql.param(encoded)}::${sql.raw(type)}[]`;
  });
  return sql`unnest(${sql.join(arrays, sql`, `)}) as ${sql.identifier(alias)}(${sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  )})`;
}
