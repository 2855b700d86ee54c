import { defineConfig } from 'vitest/config';

/**
 * Two tiers: `unit` (pure code beside its source) and `api` (component tests over HTTP against a
 * real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set). Browser journeys
 * run under Playwright, not here.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: ['apps/api/test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two at a time suits the 2-core machines.
          maxWorkers: 2,
          // A worker imports the app once and runs file after file with it: each file still
          // builds its own app and database, and no module keeps state that is not keyed by
          // them (no mocks, no environment changes in tests). Importing per file took about
          // half of this tier's time.
          isolate: false,
        },
      },
    ],
  },
});
