import { defineConfig, devices } from '@playwright/test';

/*
 * Browser journeys run in Debian's Chromium, never in a browser Playwright downloads. The test
 * runner starts the real API (which serves the built web app) and passes its address in
 * E2E_BASE_URL, or the addresses of several such servers in E2E_BASE_URLS (comma-separated);
 * nothing here starts a server.
 *
 * With several servers there is one worker per server: each worker process loads this file with
 * its own TEST_PARALLEL_INDEX (never shared by two workers running at once), so a journey always
 * has a server, a database and a sandbox clock to itself, and spec files are handed to whichever
 * worker is free.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const baseURLs = (process.env.E2E_BASE_URLS ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000')
  .split(',')
  .map((url) => url.trim())
  .filter((url) => url !== '');
const baseURL = baseURLs[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % baseURLs.length];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: process.env.CI !== undefined,
  workers: baseURLs.length,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            // A fake front camera that is always allowed, for the selfie step of /verify-account.
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
          ],
        },
      },
    },
  ],
});
