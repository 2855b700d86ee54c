import pg from 'pg';

/** The server the bench creates its database on; `BENCH_DATABASE_URL` overrides it. */
export const serverUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The same server, another database. */
export function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Only 127.0.0.1 / localhost: the bench must never load a remote server. */
export function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`The bench runs against a local server only; BENCH_DATABASE_URL names ${host}`);
  }
}

export async function adminQuery(statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createDatabase(name: string): Promise<void> {
  if (!/^ajo_bench_[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  await adminQuery(`create database ${name}`);
}

export async function dropDatabase(name: string): Promise<void> {
  if (!/^ajo_bench_[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  await adminQuery(`drop database if exists ${name} with (force)`);
}
