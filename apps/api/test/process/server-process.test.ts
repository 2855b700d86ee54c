import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { freePort } from '../support/sockets.ts';
import { databaseKind } from '../support/test-database.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const mainFile = path.join(repositoryRoot, 'apps/api/src/main.ts');

interface Started {
  child: ChildProcess;
  output: () => string;
  /** The exit code, or the signal's name when a signal ended the process. */
  exited: Promise<number | string | null>;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [mainFile], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => {
      resolve(code ?? signal);
    }),
  );
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (Date.now() > deadline || started.child.exitCode !== null) {
      // Never leave a server behind a failed test: it would hold its port and data folder.
      started.child.kill('SIGKILL');
      throw new Error(`server did not print "${text}"; output:\n${started.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(databaseKind !== 'pglite')('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ajo-process-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('when a variable is wrong, then the process stops with one line naming it', async () => {
    const started = startServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  });

  it('when production is started with the sandbox defaults, then the process refuses with one line naming the variable', async () => {
    const started = startServer({
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('base64'),
      DATA_DIR: dataDir,
    });
    // A process that boots instead of refusing is stopped, so the test fails rather than hangs.
    const stop = setTimeout(() => started.child.kill('SIGKILL'), 20_000);
    try {
      expect(await started.exited).toBe(1);
    } finally {
      clearTimeout(stop);
    }
    expect(started.output().trim()).toMatch(/^Invalid configuration: PAYMENTS_PROVIDER [^\n]+$/);
  });

  it('when started, stopped and started again, then it serves, drains and keeps its data', async () => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
    const first = startServer(env);
    await waitFor(first, 'Demo sign-in: demo@ajo.test');
    expect(first.output()).toContain(`http://localhost:${String(port)}`);
    const ready = await fetch(`http://127.0.0.1:${String(port)}/readyz`);
    expect(ready.status).toBe(200);
    const missing = await fetch(`http://127.0.0.1:${String(port)}/v1/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });

    // A request whose body is still arriving when SIGTERM lands must still get its answer.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const body = JSON.stringify({ probe: 'in flight' });
    socket.write(
      `POST /v1/configurations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length)}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    first.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.end(body.slice(5));
    expect(await first.exited, first.output()).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 404/);

    const second = startServer(env);
    await waitFor(second, 'Demo sign-in: demo@ajo.test');
    second.child.kill('SIGINT');
    expect(await second.exited, second.output()).toBe(0);

    const database = await PGlite.create({ dataDir });
    const users = await database.query<{ count: number }>(
      "select count(*)::int as count from users where email = 'demo@ajo.test'",
    );
    const balances = await database.query<{ balance: string }>(
      "select balance_minor::text as balance from ledger_accounts where code like 'user:%:wallet:NGN'",
    );
    // Tier 2 with the identity check that gives it, once, whatever the restarts.
    const checks = await database.query<{ status: string }>(
      'select status from identity_verifications',
    );
    // The opening balance's row and movement share one instant, which a statement pairs them by.
    const opening = await database.query<{ paired: boolean }>(
      `select exists (select 1 from transactions t join postings p on p.created_at = t.created_at
                       where t.reference = 'AJO-DEMO-OPENING') as paired`,
    );
    await database.close();
    expect(users.rows[0]?.count).toBe(1);
    expect(balances.rows).toEqual([{ balance: '25000000' }]);
    expect(checks.rows).toEqual([{ status: 'ACTIVE' }]);
    expect(opening.rows).toEqual([{ paired: true }]);
  });

  it('when ledger:check runs on that data, then it passes', async () => {
    const started = spawn(
      process.execPath,
      [path.join(repositoryRoot, 'apps/api/src/scripts/ledger-check.ts')],
      { cwd: repositoryRoot, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir } },
    );
    let output = '';
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => started.on('exit', resolve));
    expect(output).toContain('Ledger check passed');
    expect(code).toBe(0);
  });
});
