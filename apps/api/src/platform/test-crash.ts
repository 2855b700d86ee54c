import type { FastifyBaseLogger } from 'fastify';

/**
 * Tests only: stops the process with SIGKILL here when `TEST_CRASH_AT` (`configured`) names this
 * point, so a crash test can restart the server and watch it finish exactly once. Production
 * refuses to start with `TEST_CRASH_AT` set (platform/config.ts).
 */
export function crashIfAt(
  configured: string | undefined,
  point: string,
  log: FastifyBaseLogger | undefined,
) {
  if (configured !== point) return;
  log?.fatal({ point }, 'TEST_CRASH_AT: stopping the process on purpose');
  process.kill(process.pid, 'SIGKILL');
}
