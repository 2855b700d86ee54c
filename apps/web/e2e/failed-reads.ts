import type { Page } from '@playwright/test';

/** What the API answers when something fails on its side (platform/error-handler.ts). */
const SERVER_FAILURE = {
  message: 'Something went wrong on our side. Please try again; reference req-e2e',
  code: 'internal_error',
  errors: [],
};

/** How a read fails: the server answers 500, or no answer comes (the connection dropped). */
export type ReadFailure = 'server' | 'network';

/** Reads that fail until the journey lets them through, as a flaky server or network would. */
export interface FailingReads {
  /** Changes how the reads fail from now on. */
  failAs: (failure: ReadFailure) => void;
  /** Lets every read through to the server again. */
  letThrough: () => void;
}

/**
 * Makes every GET to `url` fail (a 500 in the API's own error shape, or no answer) until
 * `letThrough()`. The app asks again twice by itself before it gives up, so failing until told
 * otherwise, rather than once, is what shows the failure on screen. Other methods go through.
 */
export async function failReads(
  page: Page,
  url: string | RegExp,
  failure: ReadFailure = 'server',
): Promise<FailingReads> {
  let current: ReadFailure | null = failure;
  await page.route(url, async (route) => {
    if (current === null || route.request().method() !== 'GET') {
      await route.fallback();
      return;
    }
    if (current === 'network') {
      await route.abort('internetdisconnected');
      return;
    }
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify(SERVER_FAILURE),
    });
  });
  return {
    failAs: (next) => {
      current = next;
    },
    letThrough: () => {
      current = null;
    },
  };
}

const FAILED_READ_LOG =
  /Failed to load resource: (the server responded with a status of 500\b|net::ERR_INTERNET_DISCONNECTED)/;

/**
 * Takes the browser's own log lines of the reads `failReads` made fail out of `errors`, in place:
 * they are expected. Anything else logged stays, to fail the journey.
 */
export function forgetFailedReadLogs(errors: string[]): void {
  const kept = errors.filter((error) => !FAILED_READ_LOG.test(error));
  errors.splice(0, errors.length, ...kept);
}
