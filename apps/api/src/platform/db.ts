import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgresJs } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import postgres from 'postgres';
import { migrationsFolder } from '../db/migrations-folder.ts';
import * as schema from '../db/schema.ts';
import { Mutex } from './mutex.ts';
import { recoveringPostgres } from './postgres-recovery.ts';

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

/** Distinct statement texts prepared so far; past the cap new texts run unprepared. */
const preparedStatements = new Set<string>();
const preparedStatementsCap = 2_000;

/**
 * Whether to send a statement as a named prepared statement: each connection then parses and
 * plans it once and afterwards only binds and executes it (an unnamed statement is planned again
 * on every call; on the hot reads planning cost more than running the query). Texts are bounded:
 * SQL is written in code, values travel as parameters; the cap guards against a query builder
 * producing unbounded variants (long `in` lists), which then run unprepared.
 */
function shouldPrepare(text: string): boolean {
  if (preparedStatements.has(text)) return true;
  if (preparedStatements.size >= preparedStatementsCap) return false;
  preparedStatements.add(text);
  return true;
}

type Client = postgres.Sql | postgres.TransactionSql;

/**
 * The postgres.js client as drizzle sees it, with `unsafe` (how drizzle runs every statement)
 * choosing `prepare` by `shouldPrepare`: drizzle asks for unprepared statements unless a query is
 * given a name, which raw SQL never is. Transactions and savepoints get the same treatment.
 */
function preparing<T extends Client>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (text: string, parameters?: postgres.ParameterOrJSON<never>[], options?: object) =>
          target.unsafe(text, parameters, { ...options, prepare: shouldPrepare(text) });
      }
      if (property === 'begin' || property === 'savepoint') {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) =>
          open.apply(
            target,
            args.map((argument) =>
              typeof argument === 'function'
                ? (inner: Client) => (argument as (client: Client) => unknown)(preparing(inner))
                : argument,
            ),
          );
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** Longest pause between attempts to reconnect to a server that went away. */
const reconnectMaxSeconds = 0.25;
/** A server that does not complete a connection within this time counts as unreachable. */
const connectTimeoutSeconds = 5;

/**
 * PostgreSQL through postgres.js, which pipelines: the statements of concurrent requests share a
 * connection's socket writes and the backend's wake-ups instead of paying one each, which on the
 * 2-core machines cost more than most of our statements take to run (decision 0014). A client
 * wedged by a lost server is replaced (`postgres-recovery.ts`, decision 0015).
 */
function openPostgres(databaseUrl: string, poolSize: number): Database {
  const recovering = recoveringPostgres(() =>
    postgres(databaseUrl, {
      max: poolSize,
      // Prepared statements keep one generic plan (decision 0010); timestamps are written in UTC
      // (`isoTimestamp` in platform/timestamps.ts reads that form).
      connection: { plan_cache_mode: 'force_generic_plan', TimeZone: 'UTC' },
      onnotice: () => undefined,
      // While the server is away, each waiting query is tried on the next attempt to reconnect, so
      // these bound how long a request waits before it is answered 503 (`database-errors.ts`):
      // postgres.js's defaults (up to 20 s between attempts, 30 s to connect) held requests for
      // many seconds. Both are in seconds.
      backoff: (attempt: number) => Math.min(0.05 * attempt, reconnectMaxSeconds),
      connect_timeout: connectTimeoutSeconds,
    }),
  );
  const db = drizzlePostgresJs({ client: preparing(recovering.client), schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    unitOfWork: (work) => db.transaction(inTransactionOf(db, work)),
    migrate: () => migratePostgresJs(db as never, { migrationsFolder }),
    pendingMigrations: () => countPendingMigrations(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await recovering.end();
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

/** Runs raw SQL and returns its rows (PGlite answers `{ rows }`, postgres.js the rows). */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** A column of a batch's input: its SQL type and one value per row. */
export type InputColumn = readonly [type: string, values: readonly unknown[]];

/** One value as an element of a PostgreSQL array literal (quoted, or NULL). */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string'
        ? value
        : typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean'
          ? value.toString()
          : JSON.stringify(value);
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * The rows of a batch as a relation, for set-based statements that write a whole batch: one
 * array parameter per column, unnested side by side (`unnest($1::uuid[], $2::text[]) as
 * input(id, name)`). A generic plan counts such an input as a few rows (not the 100 a function
 * like `jsonb_to_recordset` claims), so joins on it probe indexes instead of scanning whole
 * tables. Each column travels as the text of an array literal, which every driver passes
 * through unchanged and the cast reads; types are SQL written in code.
 */
export function batchInput(alias: string, columns: Record<string, InputColumn>): SQL {
  const names = Object.keys(columns);
  const arrays = Object.values(columns).map(
    ([type, values]) => sql`${`{${values.map(arrayElement).join(',')}}`}::${sql.raw(type)}[]`,
  );
  return sql`unnest(${sql.join(arrays, sql`, `)}) as ${sql.identifier(alias)}(${sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  )})`;
}
