import { analyzeAccessibility } from './accessibility.ts';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { HomePage } from './home-page.ts';
import { saveScreenshots } from './screenshots.ts';
import { skipBvnModal } from './verification-pages.ts';
import { signInAsDemo } from './wallet-pages.ts';

test.describe('shell', () => {
  let consoleErrors: string[] = [];

  test.beforeEach(async ({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    // New accounts have no funding account; the BVN modal has its own journeys.
    await skipBvnModal(page);
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when signed in on a wide screen, then the sidebar shows the name and highlights the section', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const account = await signUpThroughApi(page);
    await page.goto('/savings/target-savings');

    const sidebar = page.getByRole('complementary');
    await expect(sidebar.getByText(account.firstName, { exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Savings Plans' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Savings' })).toBeVisible();

    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(page).toHaveURL('/savings/target-savings?a=notification');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const accessibility = await analyzeAccessibility(page);
    expect(accessibility.violations).toEqual([]);
    await saveScreenshots(page, testInfo, 'notifications');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL('/savings/target-savings');
  });

  test('when signed in on a phone, then the slide-in menu navigates and Home is accessible', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const account = await signUpThroughApi(page);
    await page.goto('/');
    const home = new HomePage(page);
    await home.expectShown(account.firstName);
    await expect(page.getByRole('link', { name: 'Logout' })).toBeHidden();
    const accessibility = await analyzeAccessibility(page);
    expect(accessibility.violations).toEqual([]);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.screenshot({
      path: path.join(testInfo.project.outputDir, 'screenshots', 'mobile-menu-mobile.png'),
      animations: 'disabled',
    });
    await menu.getByRole('link', { name: 'Wallet' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL('/wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  });

  test('when Home loads on a phone with slow answers, then nothing on it jumps', async ({
    page,
  }) => {
    // Tall enough to hold the whole page: a shift only counts where it can be seen.
    await page.setViewportSize({ width: 375, height: 2000 });
    const account = await signUpThroughApi(page);
    // The balance, its chart, the recent transactions and the offers arrive a second after the page.
    await page.route(/\/v1\/(wallets|transactions|advert)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) {
          const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
          if (!shift.hadRecentInput) shifts.push(shift.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    const home = new HomePage(page);
    await home.expectShown(account.firstName);
    await expect(page.getByTestId('naira-balance')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent transactions' })).toBeVisible();
    await expect(home.visibleOffer('1 of 3')).toBeVisible();
    await expect(home.chart.getByText(/^Your balance (rose|fell|stayed) /)).toBeVisible();
    const total = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce(
        (sum, value) => sum + value,
        0,
      ),
    );
    // Lighthouse counts 0.1 as "good"; before the placeholders took their places this was ~0.3.
    expect(total).toBeLessThan(0.05);
  });

  test('when signed in, then every section is built and none carries a Soon badge', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsDemo(page);
    await page.goto('/');
    const sidebar = page.getByRole('complementary');
    for (const section of [
      'Home',
      'Wallet',
      'Commodities',
      'Fixed Income',
      'Savings Plans',
      'Real Estate',
      'Virtual Dollar Card',
      'Bills Payment',
    ]) {
      await expect(sidebar.getByRole('link', { name: section, exact: true })).toBeVisible();
    }
    await expect(sidebar.getByText('Soon', { exact: true })).toHaveCount(0);
    const accessibility = await analyzeAccessibility(page);
    expect(accessibility.violations).toEqual([]);
  });

  test('when the next page takes a while to arrive, then the full-page Processing overlay shows until it does', async ({
    page,
  }) => {
    await signInAsDemo(page);
    await page.goto('/');
    await expect(page.getByTestId('naira-balance')).toBeVisible();
    // The wallet page's code arrives 1.5 s late, as on a slow phone connection.
    await page.route(/\/assets\/wallet-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const overlay = page.getByRole('status').filter({ hasText: 'Processing...' });
    await page
      .getByRole('complementary')
      .getByRole('link', { name: 'Wallet', exact: true })
      .click();
    await expect(overlay).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL('/wallet');
  });
});

test.describe('public pages', () => {
  /** Every request for the current user, and every console line about a 401. */
  function watchWhoAmI(page: Page) {
    const seen = { requests: 0, unauthorizedLogs: 0 };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/accounts') seen.requests += 1;
    });
    page.on('console', (message) => {
      if (message.text().includes('401')) seen.unauthorizedLogs += 1;
    });
    return seen;
  }

  test('when nobody is signed in, then the public pages never ask who is signed in', async ({
    page,
  }) => {
    const seen = watchWhoAmI(page);
    for (const path of ['/login', '/register', '/forgot-password', '/error/404']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(seen).toEqual({ requests: 0, unauthorizedLogs: 0 });
  });

  test('when someone signs in and out again, then the sign-in page they return to asks nothing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/login');
    await page.getByLabel('Email address').fill('demo@ajo.test');
    await page.getByLabel('Password').fill('AjoDemo2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('naira-balance')).toBeVisible();

    // Signed in, a public page sends them Home: the app knows to ask.
    await page.goto('/login');
    await expect(page).toHaveURL('/');

    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    const seen = watchWhoAmI(page);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.goto('/register');
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual({ requests: 0, unauthorizedLogs: 0 });
  });
});
