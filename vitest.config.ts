import { configDefaults, defineConfig } from 'vitest/config';

const unitTests = [
  'packages/*/src/**/*.test.ts',
  'apps/api/src/**/*.test.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
];

/** Unit tests that mock a module (`sharp`) or stub globals (`fetch`): each file in isolation. */
const unitTestsWithMocks = [
  'apps/api/src/modules/verification/selfie-image.test.ts',
  'apps/web/src/lib/api-client.test.ts',
  'apps/web/src/lib/money-attempts.test.ts',
];

/**
 * Two tiers: `unit` and `unit-mocks` (code beside its source) and `api` (component tests over
 * HTTP against a real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
 * Browser journeys run under Playwright, not here.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: unitTests,
          exclude: [...configDefaults.exclude, ...unitTestsWithMocks],
          // Pure code: a worker imports each module once and runs file after file with it
          // (importing per file was most of this tier's time). A test that mocks a module, stubs a
          // global or sets module state goes in `unit-mocks` below, not here.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-mocks',
          include: unitTestsWithMocks,
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
