import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { sandboxOperator, signInToConsole, signOutOfConsole } from './ops-pages.ts';
import { saveScreenshots } from './screenshots.ts';

test.describe('the operator console', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('when an operator signs in with the password and the authenticator code, then the console opens and the sign-in is in the audit log', async ({
    page,
  }, testInfo) => {
    await page.goto('/ops');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-sign-in');
    const operator = await signInToConsole(page);
    await expect(page.getByRole('heading', { name: /Good day, Tunde/ })).toBeVisible();
    await page.getByRole('link', { name: 'Audit log' }).first().click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    const signedIn = page.getByRole('row').filter({ hasText: 'operator.signed_in' }).first();
    await expect(signedIn).toContainText(operator.name);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-audit');
    await signOutOfConsole(page);
  });

  test('when the code is wrong, then one message that names no part, and the console stays shut', async ({
    page,
  }) => {
    const operator = await sandboxOperator(page);
    await page.goto('/ops');
    await page.getByLabel('Work email').fill(operator.email);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByLabel('Authenticator code').fill('12');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible();
    await page
      .getByLabel('Authenticator code')
      .fill(operator.code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email, password or code is not correct');
    await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
  });

  test('when a customer is signed in to the app, then /ops still asks for an operator sign-in, and signing out of the console leaves the app signed in', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.goto('/ops');
    await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
    await expect(page.getByLabel('Authenticator code')).toBeVisible();
    await signInToConsole(page, 1);
    await signOutOfConsole(page);
    await page.goto('/wallet');
    await expect(page).toHaveURL(/\/wallet$/);
  });
});
