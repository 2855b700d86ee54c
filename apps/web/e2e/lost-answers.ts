import type { Page } from '@playwright/test';

/**
 * Lets the first money request (`method`) to `url` reach Ajo and loses its answer, as a dropped
 * connection would; later ones go through, and other requests to the same address (the break
 * quote's GET) are left alone. Answers the Idempotency-Key of every such request, in order.
 */
export async function loseFirstAnswer(
  page: Page,
  url: string,
  method: 'POST' | 'PUT' = 'POST',
): Promise<string[]> {
  const keys: string[] = [];
  let lost = false;
  await page.route(url, async (route) => {
    if (route.request().method() !== method) {
      await route.continue();
      return;
    }
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (lost) {
      await route.continue();
      return;
    }
    lost = true;
    await route.fetch();
    await route.abort('failed');
  });
  return keys;
}

/** What the browser logs for an answer `loseFirstAnswer` dropped. */
const LOST_ANSWER_LOG = 'Failed to load resource: net::ERR_FAILED';

/**
 * Takes the browser's own log lines of the answers `loseFirstAnswer` dropped out of `errors`, in
 * place: they are expected. Anything else logged stays, to fail the journey.
 */
export function forgetLostAnswerLogs(errors: string[]): void {
  const kept = errors.filter((error) => !error.includes(LOST_ANSWER_LOG));
  errors.splice(0, errors.length, ...kept);
}
