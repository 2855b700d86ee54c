import { AdjustableClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db.ts';
import { seed } from '../db/seed.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const result = await seed(database, {
    demo: config.seedDemo,
    clock: new AdjustableClock(),
    appSecret: config.appSecret,
  });
  process.stdout.write(
    `Seeded${result.demoUser ? `; demo sign-in ${result.demoUser.email} / ${result.demoUser.password}` : ''}\n`,
  );
} finally {
  await database.close();
}
