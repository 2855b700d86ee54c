import { expect, test, type Page } from '@playwright/test';

/*
 * The operator console in browser journeys: the sandbox seeds two operators (a maker and a
 * checker) and `GET /v1/sandbox/operators` gives each one's password and a TOTP code usable now.
 */

export interface SandboxOperator {
  email: string;
  name: string;
  password: string;
  code: string | null;
  wait_seconds: number;
}

/** The sandbox's operators with codes usable now (waits out a step when a code was just used). */
export async function sandboxOperator(page: Page, index: 0 | 1 = 0): Promise<SandboxOperator> {
  for (;;) {
    const response = await page.request.get('/v1/sandbox/operators');
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: { items: SandboxOperator[] } };
    const operator = data.items[index];
    if (!operator) throw new Error('no sandbox operator');
    if (operator.code !== null) return operator;
    // Waiting for the next authenticator step (up to 30 s) is not the test being slow: its
    // time is added to the test's own budget, or a journey that signs in twice can run out.
    const waitMs = (operator.wait_seconds + 1) * 1000;
    test.info().setTimeout(test.info().timeout + waitMs);
    await page.waitForTimeout(waitMs);
  }
}

/**
 * Signs in to the console at /ops through its form as sandbox operator `index` (0: Tunde, the
 * maker; 1: Ngozi, the checker), landing on `path`.
 */
export async function signInToConsole(
  page: Page,
  index: 0 | 1 = 0,
  path = '/ops',
): Promise<SandboxOperator> {
  const operator = await sandboxOperator(page, index);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  await page.getByLabel('Work email').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Authenticator code').fill(operator.code ?? '');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
  return operator;
}

/** Signs the console out (the customer's app, if signed in, stays signed in). */
export async function signOutOfConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
}
