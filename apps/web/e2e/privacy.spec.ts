import { expect, request as playwrightRequest, test } from '@playwright/test';
import { analyzeAccessibility } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshots } from './screenshots.ts';
import { skipBvnModal } from './verification-pages.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

const otherBrowser =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

test.describe('the user’s own data', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    await skipBvnModal(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('when a person looks at their sessions, asks for their data and closes their empty account, then each step says what happened', async ({
    page,
    baseURL,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    // The same person signed in on a laptop too.
    const laptop = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { 'User-Agent': otherBrowser },
    });
    const signedIn = await laptop.post('/v1/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(signedIn.ok()).toBe(true);
    await page.request.post('/v1/auth/login', {
      headers: CLIENT_HEADERS,
      data: { email: account.email, password: 'not-the-password' },
    });

    await page.goto('/settings/security');
    await expect(page.getByRole('heading', { name: 'Devices and sessions' })).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByText('Safari on macOS')).toBeVisible();
    const history = page.getByRole('list', { name: 'Sign-in history' });
    await expect(history.getByText('Wrong password')).toBeVisible();
    await saveScreenshots(page, testInfo, 'settings-devices');

    await page.getByRole('button', { name: 'Sign out Safari on macOS' }).click();
    await expect(page.getByText('Safari on macOS has been signed out.')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect((await laptop.get('/v1/sessions')).status()).toBe(401);
    await laptop.dispose();

    await page.getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
    await page.getByRole('button', { name: 'Request my data' }).click();
    await expect(page.getByText('We are preparing your data.')).toBeVisible();
    const download = page.getByRole('link', { name: 'Download' });
    await expect(download).toBeVisible({ timeout: 15_000 });
    const archive = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(archive.ok()).toBe(true);
    expect(await archive.json()).toMatchObject({ profile: { email: account.email } });
    // The toast has gone (its colours are the toaster's own), so the check reads the page.
    await expect(page.getByText('We are preparing your data.')).toBeHidden({ timeout: 15_000 });
    const accessibility = await analyzeAccessibility(page);
    expect(
      accessibility.violations.filter(
        (item) => item.impact === 'serious' || item.impact === 'critical',
      ),
    ).toEqual([]);
    await saveScreenshots(page, testInfo, 'settings-privacy');

    await page.getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expect(dialog.getByText('Your password is not correct')).toBeVisible();
    await saveScreenshots(page, testInfo, 'settings-close-account');
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Your account is closed.')).toBeVisible();
    const refused = await page.request.post('/v1/auth/login', {
      headers: CLIENT_HEADERS,
      data: { email: account.email, password: account.password },
    });
    expect(refused.status()).toBe(401);
  });
});
