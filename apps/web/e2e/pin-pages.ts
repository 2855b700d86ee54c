import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CLIENT_HEADERS } from './client-headers.ts';

/*
 * The transaction PIN in browser journeys. Every account made by `signUpThroughApi` gets
 * JOURNEY_PIN straight after sign-up (the demo user is seeded with the same one), so a journey
 * that moves money out only swaps `button.click()` for `confirmWithPin(button)`.
 */

export const JOURNEY_PIN = '2580';

/** `POST /v1/pin` as the signed-in user of `request` (the page's own cookie jar). */
export async function setPinThroughApi(
  request: APIRequestContext,
  password: string,
  pin: string = JOURNEY_PIN,
): Promise<void> {
  const response = await request.post('/v1/pin', {
    headers: CLIENT_HEADERS,
    data: { pin, password },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The four PIN boxes of the confirm step on screen (one confirm step is open at a time). */
export function pinBoxes(page: Page): Locator {
  return page.getByTestId(/^pin-digit-\d$/);
}

/** Types `pin` into the confirm step's PIN boxes, from the first box. */
export async function enterPin(page: Page, pin: string = JOURNEY_PIN): Promise<void> {
  const first = page.getByTestId('pin-digit-1');
  await expect(first).toBeEnabled();
  await first.click();
  await page.keyboard.type(pin);
}

/** Enters the PIN in the open confirm step, then presses its confirm button. */
export async function confirmWithPin(button: Locator, pin: string = JOURNEY_PIN): Promise<void> {
  await enterPin(button.page(), pin);
  await button.click();
}
