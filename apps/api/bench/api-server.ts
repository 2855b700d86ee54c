import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** The API's APP_SECRET in the bench; the demo user seeded for row l encrypts its BVN with it. */
export const benchAppSecret = 'ajo-bench-secret-0123456789-abcdefghijklmnop';

export interface ApiServer {
  baseUrl: string;
  pid: number | undefined;
  /** Recent output of the process, for the report when something goes wrong. */
  output(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

/**
 * Starts `node apps/api/src/main.ts` as a real child process on PostgreSQL with the sandbox
 * providers, and waits for its "Ajo is running" line. Development mode: production refuses the
 * sandbox (decision 0015), and nothing measured here depends on NODE_ENV otherwise.
 * `BENCH_CPU_PROF=<dir>` writes a V8 CPU profile of the server to that folder when it stops.
 */
export async function startApiServer(databaseUrl: string): Promise<ApiServer> {
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROF;
  const args = [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
    'apps/api/src/main.ts',
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SANDBOX: 'true',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      APP_SECRET: benchAppSecret,
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the API did not start within 60 s:\n${output}`));
    }, 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (output.includes('Ajo is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with code ${String(code)} before it was ready:\n${output}`));
    });
  });

  return {
    baseUrl: `http://127.0.0.1:${String(port)}`,
    pid: child.pid,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
}
