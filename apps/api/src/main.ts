import { AdjustableClock } from './platform/clock.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { templateFor } from './platform/embedded-template.ts';
import { buildApp } from './app.ts';
import { seed } from './db/seed.ts';

/** Reads config, opens and migrates the database, seeds, serves, and shuts down gracefully. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // A new embedded data folder starts from the migrated template when there is one.
    loadDataDir: config.databaseUrl ? undefined : await templateFor(config.dataDir),
  });
  await database.migrate();
  const clock = new AdjustableClock();
  const seeded = await seed(database, {
    demo: config.seedDemo,
    clock,
    appSecret: config.appSecret,
  });
  const app = await buildApp({ config, database, clock });
  await app.listen({ host: config.host, port: config.port });
  if (config.jobsEnabled) app.jobs.start(config.jobsPollIntervalMs);

  // Handlers first, then the announcement: whoever reads "Ajo is running" may stop us at once.
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // close() stops accepting, waits for in-flight requests, then runs onClose (jobs, redis).
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });

  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const readyMs = Math.round(performance.now() - startedAt);
  const lines = [
    `Ajo is running on http://localhost:${String(config.port)} (${where}, ready in ${String(readyMs)} ms)`,
    `API docs: http://localhost:${String(config.port)}/docs`,
  ];
  if (seeded.demoUser) {
    lines.push(`Demo sign-in: ${seeded.demoUser.email} / ${seeded.demoUser.password}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

await main();
