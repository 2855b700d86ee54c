import { analyzeAccessibility } from './accessibility.ts';
import { expect, test } from '@playwright/test';
import { readCodeFromMailbox, type NewAccount } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshots } from './screenshots.ts';
import {
  expectNoSidewaysScroll,
  SandboxCheckoutPage,
  startCardDepositThroughApi,
  uniqueSuffix,
} from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/*
 * Issue 14, item 12: the sandbox's hosted card checkout fits a 375 px phone, long email address
 * and reference included.
 */
test.describe('sandbox card checkout', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when the checkout opens on a phone for a long email address, then nothing overflows sideways', async ({
    page,
  }, testInfo) => {
    const suffix = uniqueSuffix();
    const account: NewAccount = {
      firstName: 'Adaeze',
      lastName: 'Okafor',
      email: `adaeze.okafor.checkout.${suffix}@a-long-company-domain.example.com`,
      phone: `90${suffix.slice(-8)}`,
      password: 'Savings-2026!',
    };
    const registered = await page.request.post('/v1/auth/register', {
      headers: CLIENT_HEADERS,
      data: {
        email: account.email,
        password: account.password,
        first_name: account.firstName,
        last_name: account.lastName,
        country_code: '+234',
        phone: account.phone,
      },
    });
    expect(registered.status()).toBe(201);
    const confirmed = await page.request.post('/v1/auth/confirm-account', {
      headers: CLIENT_HEADERS,
      data: { email: account.email, token: await readCodeFromMailbox(page.request, account.email) },
    });
    expect(confirmed.ok()).toBe(true);
    await verifyAndFundThroughApi(page.request, account, '100');
    const reference = await startCardDepositThroughApi(page.request, '25000');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/v1/sandbox/checkout/${encodeURIComponent(reference)}`);
    const checkout = new SandboxCheckoutPage(page);
    await checkout.expectShown();
    await expect(page.getByText(account.email)).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const button of [checkout.pay, checkout.fail]) {
      const box = await button.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
    }
    const accessibility = await analyzeAccessibility(page);
    expect(accessibility.violations).toEqual([]);
    await saveScreenshots(page, testInfo, 'sandbox-checkout');
  });
});
