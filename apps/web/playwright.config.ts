import { defineConfig, devices } from '@playwright/test';

/*
 * Browser journeys run in Debian's Chromium, never in a browser Playwright downloads. The test
 * runner starts the real API (which serves the built web app) and passes its address in
 * E2E_BASE_URL; nothing here starts a server.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: process.env.CI !== undefined,
  workers: 1,
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
