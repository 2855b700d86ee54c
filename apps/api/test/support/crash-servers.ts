import { afterAll, beforeAll } from 'vitest';
import {
  createScratchDatabase,
  startServer,
  type ScratchDatabase,
  type ServerProcess,
} from './withdrawal-helpers.ts';

/**
 * Real server processes on one scratch PostgreSQL database, for the crash tests of scheduled
 * work: a server started with `TEST_CRASH_AT` kills itself, another is started on the same
 * database, and every process is stopped and the database dropped after the suite. Call it in a
 * `describe` body (it registers the suite's hooks).
 */
export function crashTestServers() {
  let scratch: ScratchDatabase | undefined;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    await scratch?.drop();
  });

  const database = () => {
    if (!scratch) throw new Error('the scratch database is made before the first test');
    return scratch.database;
  };

  return {
    database,
    start: async (env: Record<string, string> = {}) => {
      if (!scratch) throw new Error('the scratch database is made before the first test');
      const server = await startServer(scratch.url, env);
      started.push(server);
      return server;
    },
    /** `POST /v1/sandbox/clock`: the days move one at a time, running what falls due. */
    moveClock: (server: ServerProcess, days: number) =>
      server.call('/v1/sandbox/clock', { method: 'POST', payload: { advance_days: days } }),
  };
}
