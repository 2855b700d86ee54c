import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db.ts';

/** `postgres` when TEST_DATABASE_URL names a server, else the embedded database. */
export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase extends Database {
  /** Closes the database and, on a server, drops it. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = await readFile(inject('pgliteSnapshotPath'));
    const database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([snapshot]),
    });
    return { ...database, destroy: () => database.close() };
  }
  const name = `ajo_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    poolSize: options.poolSize ?? 20,
  });
  await database.migrate();
  return {
    ...database,
    destroy: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
