import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { eventually, freePort } from '../support/sockets.ts';

const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;

/** A throwaway redis-server on `port`, without persistence; resolves once it accepts clients. */
async function startRedisServer(port: number): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await eventually(
    () =>
      Promise.resolve(output.includes('Ready to accept connections') || server.exitCode !== null),
    `redis-server on port ${String(port)}`,
  );
  if (server.exitCode !== null) throw new Error(`redis-server did not start:\n${output}`);
  return server;
}

async function stopRedisServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
}

/** One call's status and how long it took to answer. */
async function timedCall(context: TestContext, remoteAddress: string) {
  const startedAt = performance.now();
  const response = await context.app.inject({
    method: 'GET',
    url: '/v1/configurations',
    remoteAddress,
  });
  return { statusCode: response.statusCode, elapsedMs: performance.now() - startedAt };
}

const readiness = async (context: TestContext) => {
  const response = await context.app.inject({ method: 'GET', url: '/readyz' });
  return { statusCode: response.statusCode, body: response.json<{ status: string }>() };
};

/** Log lines of one level whose message contains `text`. */
const linesAbout = (spy: { mock: { calls: unknown[][] } }, text: string) =>
  spy.mock.calls.filter((call) =>
    call.some((part) => typeof part === 'string' && part.includes(text)),
  );

const freshAddress = () => `10.${[...randomBytes(3)].join('.')}`;

describe(`rate limits while Redis is away (${databaseKind})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('when REDIS_URL names a port where nothing listens, then every call answers at once, limits hold in memory and readiness says degraded', async () => {
    const port = await freePort();
    const context = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: `redis://127.0.0.1:${String(port)}` },
    });
    cleanups.push(() => context.close());
    const warn = vi.spyOn(context.app.log, 'warn');

    const address = freshAddress();
    const calls = [];
    for (let attempt = 0; attempt < 5; attempt += 1) calls.push(await timedCall(context, address));
    expect(calls.map((call) => call.statusCode)).toEqual([200, 200, 200, 429, 429]);
    for (const call of calls) expect(call.elapsedMs).toBeLessThan(1_000);

    expect(await readiness(context)).toEqual({
      statusCode: 200,
      body: {
        status: 'degraded',
        checks: { database: 'ok', migrations: 'ok', redis: 'unreachable' },
      },
    });
    // One warning for the outage, not one per request.
    expect(linesAbout(warn, 'Redis is unreachable')).toHaveLength(1);
  });

  it.skipIf(!redisServerInstalled)(
    'when Redis dies mid-run and comes back, then calls keep answering, limits move to memory and back, and each change is logged once',
    async () => {
      const port = await freePort();
      let server = await startRedisServer(port);
      cleanups.push(() => stopRedisServer(server));
      const context = await createTestApp({
        env: { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: `redis://127.0.0.1:${String(port)}` },
      });
      cleanups.push(() => context.close());
      const warn = vi.spyOn(context.app.log, 'warn');
      const info = vi.spyOn(context.app.log, 'info');
      const counters = async () => {
        const observer = new Redis(port, '127.0.0.1', { lazyConnect: true });
        await observer.connect();
        const keys = await observer.keys('ajo-rate-limit:*');
        observer.disconnect();
        return keys;
      };

      // Redis up: counted there.
      const before = freshAddress();
      expect((await timedCall(context, before)).statusCode).toBe(200);
      expect(await counters()).toContain(`ajo-rate-limit:${before}`);
      expect(await readiness(context)).toMatchObject({
        statusCode: 200,
        body: { status: 'ok', checks: { redis: 'ok' } },
      });

      // Redis gone: still served, at once, and the limit still holds in this process.
      await stopRedisServer(server);
      const during = freshAddress();
      const calls = [];
      for (let attempt = 0; attempt < 5; attempt += 1) calls.push(await timedCall(context, during));
      expect(calls.map((call) => call.statusCode)).toEqual([200, 200, 200, 429, 429]);
      for (const call of calls) expect(call.elapsedMs).toBeLessThan(1_000);
      expect(await readiness(context)).toMatchObject({
        statusCode: 200,
        body: { status: 'degraded', checks: { redis: 'unreachable' } },
      });
      expect(linesAbout(warn, 'Redis is unreachable')).toHaveLength(1);

      // Redis back: readiness recovers by itself and counts go to Redis again.
      server = await startRedisServer(port);
      await eventually(
        async () => (await readiness(context)).body.status === 'ok',
        'readiness to say ok again',
      );
      const after = freshAddress();
      expect((await timedCall(context, after)).statusCode).toBe(200);
      expect(await counters()).toContain(`ajo-rate-limit:${after}`);
      expect(linesAbout(info, 'Redis answers again')).toHaveLength(1);
      expect(linesAbout(warn, 'Redis is unreachable')).toHaveLength(1);
    },
  );

  it.skipIf(!redisServerInstalled)(
    'when Redis stops answering without closing (its process paused), then no call waits longer than the command timeout and readiness says degraded until it answers again',
    async () => {
      const port = await freePort();
      const server = await startRedisServer(port);
      cleanups.push(() => stopRedisServer(server));
      const context = await createTestApp({
        env: { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: `redis://127.0.0.1:${String(port)}` },
      });
      cleanups.push(() => context.close());
      expect((await timedCall(context, freshAddress())).statusCode).toBe(200);

      server.kill('SIGSTOP');
      cleanups.push(async () => {
        server.kill('SIGCONT');
        await Promise.resolve();
      });
      const during = freshAddress();
      const calls = [];
      for (let attempt = 0; attempt < 5; attempt += 1) calls.push(await timedCall(context, during));
      expect(calls.map((call) => call.statusCode)).toEqual([200, 200, 200, 429, 429]);
      for (const call of calls) expect(call.elapsedMs).toBeLessThan(1_000);
      expect(await readiness(context)).toMatchObject({
        statusCode: 200,
        body: { status: 'degraded', checks: { redis: 'unreachable' } },
      });

      server.kill('SIGCONT');
      await eventually(
        async () => (await readiness(context)).body.status === 'ok',
        'readiness to say ok again',
      );
    },
  );
});
