import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import type { BillsProvider } from '../../src/providers/bills/bills.port.ts';
import type { CardIssuer } from '../../src/providers/cards/cards.port.ts';
import type { EmailSender } from '../../src/providers/email/email.port.ts';
import type { IdentityProvider } from '../../src/providers/identity/identity.port.ts';
import type { PaymentsProvider } from '../../src/providers/payments/payments.port.ts';
import type { PayoutsProvider } from '../../src/providers/payouts/payouts.port.ts';
import { seedCatalogueOnly } from '../../src/db/seed.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    JOBS_ENABLED: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: '/nonexistent/web-dist',
    ...env,
  });
}

/**
 * The real app on a fresh database. `configure` may add routes before the app is ready.
 * Closing checks the ledger (every balance equals its postings) before dropping the database.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    configure?: (app: FastifyInstance, database: TestDatabase, clock: ManualClock) => void;
    /** Seed the catalogue (limits, fees, rates) as `npm start` does. */
    seedCatalogue?: boolean;
    payments?: PaymentsProvider;
    /** Made once the database, clock and config exist (a sandbox bank built on them, wrapped). */
    payouts?: (world: {
      database: TestDatabase;
      clock: ManualClock;
      config: Config;
    }) => PayoutsProvider;
    identity?: IdentityProvider;
    email?: EmailSender;
    /** Made once the database and clock exist (the sandbox biller built on them, wrapped). */
    bills?: (world: { database: TestDatabase; clock: ManualClock }) => BillsProvider;
    /** A card issuer in place of the sandbox's (a Sudo adapter against a local fake). */
    cards?: CardIssuer;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const clock = new ManualClock();
  const config = testConfig(options.env);
  if (options.seedCatalogue === true) await seedCatalogueOnly(database);
  const app = await buildApp({
    config,
    database,
    clock,
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.payouts ? { payouts: options.payouts({ database, clock, config }) } : {}),
    ...(options.identity ? { identity: options.identity } : {}),
    ...(options.email ? { email: options.email } : {}),
    ...(options.bills ? { bills: options.bills({ database, clock }) } : {}),
    ...(options.cards ? { cards: options.cards } : {}),
  });
  try {
    options.configure?.(app, database, clock);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.destroy();
    throw error;
  }
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      expect(await checkLedger(database.db)).toEqual([]);
      await database.destroy();
    },
  };
}
