import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { openDatabase, rows, type Database } from '../../src/platform/db.ts';
import { createTestApp, testConfig, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { eventually, freePort } from '../support/sockets.ts';

/** Calls that each reach the database a different way: a plain read, the session guard, sign-in. */
const probes = [
  { method: 'GET', url: '/v1/configurations' },
  { method: 'GET', url: '/v1/accounts', headers: { authorization: 'Bearer not-a-real-token' } },
  {
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: 'someone@example.com', password: 'guess-number-x' },
  },
] as const;

/**
 * Every probe answers 503 in the error shape, promptly, again and again: the pool's pause
 * between reconnect attempts grows with each failure, so a few rounds show it stays short.
 */
async function expectServiceUnavailable(app: FastifyInstance): Promise<void> {
  for (const probe of [...probes, ...probes, ...probes, ...probes]) {
    const startedAt = performance.now();
    const response = await app.inject(probe);
    expect(response.statusCode, `${probe.method} ${probe.url}: ${response.body}`).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      message: expect.stringMatching(/database.*try again/i) as string,
      code: 'service_unavailable',
      errors: [],
    });
    // Answered within seconds, not held until the server is back.
    expect(performance.now() - startedAt).toBeLessThan(5_000);
  }
  // Many at once: each waits for a connection attempt of its own, which must come soon.
  const startedAt = performance.now();
  const burst = await Promise.all(
    Array.from({ length: 40 }, () => app.inject({ method: 'GET', url: '/v1/configurations' })),
  );
  expect(burst.map((response) => response.statusCode)).toEqual(burst.map(() => 503));
  expect(performance.now() - startedAt).toBeLessThan(5_000);
  const readiness = await app.inject({ method: 'GET', url: '/readyz' });
  expect(readiness.statusCode).toBe(503);
  expect(readiness.json()).toMatchObject({ checks: { database: 'unreachable' } });
}

const serves = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/v1/configurations' })).statusCode === 200;

/**
 * A TCP proxy to the PostgreSQL server that the test can take down (closing every connection and
 * refusing new ones, as a server that stopped does) and bring back on the same port.
 */
async function startProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = () =>
    new Promise<void>((resolve) => {
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  return {
    port,
    down: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    up: listen,
  };
}

describe.skipIf(databaseKind !== 'postgres')('while the database is unreachable', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  let context: TestContext;
  let databaseName: string;
  const admin = new pg.Client({ connectionString: serverUrl });
  beforeAll(async () => {
    context = await createTestApp();
    await admin.connect();
    const [current] = await rows<{ name: string }>(
      context.database.db,
      sql`select current_database() as name`,
    );
    databaseName = current?.name ?? '';
  });
  afterAll(async () => {
    await admin.end();
    await context.close();
  });

  it('when the server shuts our connections and refuses new ones, then /v1 answers 503 with Retry-After, and serves again once it is back', async () => {
    expect(await serves(context.app)).toBe(true);
    const allowConnections = (allowed: boolean) =>
      admin.query(`alter database ${databaseName} allow_connections ${String(allowed)}`);
    await allowConnections(false);
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );

      await expectServiceUnavailable(context.app);
    } finally {
      await allowConnections(true);
    }
    await eventually(() => serves(context.app), 'the API to serve again', 10_000);
  });

  it('when the server stops answering on its port, then /v1 answers 503 with Retry-After, and serves again once it is back', async () => {
    const direct = new URL(serverUrl);
    const proxy = await startProxy(direct);
    const viaProxy = new URL(serverUrl);
    viaProxy.host = `127.0.0.1:${String(proxy.port)}`;
    viaProxy.pathname = `/${databaseName}`;
    const database: Database = await openDatabase({ databaseUrl: viaProxy.toString() });
    const app = await buildApp({ config: testConfig(), database, clock: new ManualClock() });
    try {
      expect(await serves(app)).toBe(true);
      await proxy.down();

      await expectServiceUnavailable(app);

      await proxy.up();
      await eventually(() => serves(app), 'the API to serve again', 10_000);
    } finally {
      await app.close();
      await database.close();
      await proxy.down();
    }
  });
});
