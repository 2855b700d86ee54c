import { expect, type Page } from '@playwright/test';
import { moveSandboxClock } from './sandbox-clock.ts';

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

/**
 * The sandbox's operators with codes usable now. When the operator's code of this step was just
 * used, the sandbox clock moves on a minute (two authenticator steps) instead of the journey
 * waiting up to 30 s for the next one; sessions move with the clock, so nobody is signed out.
 */
export async function sandboxOperator(page: Page, index: 0 | 1 = 0): Promise<SandboxOperator> {
  for (;;) {
    const response = await page.request.get('/v1/sandbox/operators');
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: { items: SandboxOperator[] } };
    const operator = data.items[index];
    if (!operator) throw new Error('no sandbox operator');
    if (operator.code !== null) return operator;
    await moveSandboxClock(page.request, { advance_minutes: 1 });
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
