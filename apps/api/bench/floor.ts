/**
 * The machine's floor for row (c): a bare Fastify route that answers after one `select 1` on a
 * pool of 10, in its own process, under the same 50 connections. No app code can read through
 * PostgreSQL faster than this here, so it tells whether a read budget is reachable on this
 * machine at all. Run as `node floor.ts serve <database url>` by `measureFloor`.
 */
import { spawn } from 'node:child_process';
import Fastify from 'fastify';
import pg from 'pg';
import { runLoad, type LoadResult } from './load.ts';

async function serve(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/', async () => {
    await pool.query('select 1');
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.stdout.write(
    `listening ${String(typeof address === 'object' && address ? address.port : 0)}\n`,
  );
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
}

export async function measureFloor(
  url: string,
  seconds: number,
  warmupSeconds: number,
): Promise<LoadResult> {
  const child = spawn(process.execPath, [import.meta.filename, 'serve', url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const found = /listening (\d+)/.exec(chunk.toString());
        if (found) resolve(Number(found[1]));
      });
      child.once('exit', (code) => {
        reject(new Error(`the floor server exited with ${String(code)}`));
      });
    });
    const load = {
      baseUrl: `http://127.0.0.1:${String(port)}`,
      users: [
        {
          index: 0,
          email: '',
          userId: '',
          token: 'none',
          bankAccountId: '',
          accountNumber: '',
          pin: '',
        },
      ],
      connections: 50,
      method: 'GET' as const,
      path: '/',
    };
    await runLoad({ ...load, seconds: warmupSeconds });
    return await runLoad({ ...load, seconds });
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv[2] === 'serve' && process.argv[3]) await serve(process.argv[3]);
