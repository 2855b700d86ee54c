import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { forgetFailedReadLogs } from './failed-reads.ts';
import { FixedSavingsPage } from './savings-pages.ts';
import { viewports } from './screenshots.ts';
import { signInAsDemo, WalletPage } from './wallet-pages.ts';
import { verifyAndFundThroughApi, WithdrawPanel } from './withdraw-pages.ts';

/** Presses Tab until `target` has focus, as a keyboard user would (never more than 40 times). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

function pageHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

for (const viewport of viewports) {
  test.describe(`focus after a change of page at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      await signInAsDemo(page);
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    /** Opens a main section the way a keyboard user does on this width: sidebar, or menu. */
    async function openSection(page: Page, section: string): Promise<void> {
      if (viewport.name === 'desktop') {
        const sidebar = page.getByRole('complementary');
        await tabTo(page, sidebar.getByRole('link', { name: section, exact: true }));
        await page.keyboard.press('Enter');
        return;
      }
      await tabTo(page, page.getByRole('button', { name: 'Open menu' }));
      await page.keyboard.press('Enter');
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await tabTo(page, menu.getByRole('link', { name: section, exact: true }));
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
    }

    test('when a keyboard user opens Wallet and then Savings from the navigation, then each page starts at its heading', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(pageHeading(page, 'Home')).toBeVisible();
      // The first page starts at the top of the document, as any page load does.
      await expect(pageHeading(page, 'Home')).not.toBeFocused();

      await openSection(page, 'Wallet');
      await expect(page).toHaveURL('/wallet');
      await expect(pageHeading(page, 'Wallet')).toBeFocused();
      // Reached by keyboard, the heading shows where focus is.
      await expect(pageHeading(page, 'Wallet')).toHaveCSS('outline-style', 'solid');

      await openSection(page, 'Savings Plans');
      await expect(page).toHaveURL('/savings');
      await expect(pageHeading(page, 'Savings')).toBeFocused();
      // The top bar names the section; the page's own title is announced as well.
      await expect(page.getByText('Savings plans · Ajo', { exact: true })).toBeAttached();

      // The next Tab goes on from the heading, not from the top of the document.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: /^Notifications/ })).toBeFocused();
    });

    test('when the first page loaded redirects (a verified customer on /verify-account goes Home), then focus is left at the top of the document', async ({
      page,
    }) => {
      await page.goto('/verify-account');
      await expect(page).toHaveURL('/');
      await expect(pageHeading(page, 'Home')).toBeVisible();
      await expect(pageHeading(page, 'Home')).not.toBeFocused();
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    });

    test('when a keyboard user follows a link inside a page, then the next page starts at its heading', async ({
      page,
    }) => {
      await page.goto('/');
      await tabTo(page, page.getByRole('link', { name: 'See all transactions' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/wallet');
      await expect(pageHeading(page, 'Wallet')).toBeFocused();

      await tabTo(page, page.getByRole('link', { name: 'Download a statement' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/statements');
      await expect(pageHeading(page, 'Statements')).toBeFocused();

      // Back in history is a change of page too.
      await page.goBack();
      await expect(page).toHaveURL('/wallet');
      await expect(pageHeading(page, 'Wallet')).toBeFocused();
    });

    test('when only the query changes (a tab of the same page), then focus stays where the person put it', async ({
      page,
    }) => {
      const fixed = new FixedSavingsPage(page);
      await fixed.goto();
      await expect(fixed.tab('Active')).toBeVisible();
      await tabTo(page, fixed.tab('Active'));
      await page.keyboard.press('ArrowRight');
      await expect(page).toHaveURL('/savings/fixed?status=matured');
      await expect(fixed.tab('Matured')).toBeFocused();
      await expect(pageHeading(page, 'Savings')).not.toBeFocused();
    });

    test('when a link opens a panel, then the panel keeps focus and the page behind never takes it', async ({
      page,
    }) => {
      await page.goto('/');
      await tabTo(
        page,
        page
          .getByRole('region', { name: 'Naira wallet' })
          .getByRole('link', { name: 'Fund wallet' }),
      );
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: /fund/i });
      await expect(panel).toBeVisible();
      await expect(pageHeading(page, 'Home')).not.toBeFocused();
      expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    });
  });
}

for (const viewport of viewports) {
  test.describe(`focus after a panel's link to another page at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      // No PIN yet: the withdraw panel's way to set one leaves for Settings.
      const account = await signUpThroughApi(page, { withPin: false });
      await verifyAndFundThroughApi(page.request, account, '1000');
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when a keyboard user follows a link in a panel to another page, then the panel goes and the next page starts at its heading', async ({
      page,
    }) => {
      const wallet = new WalletPage(page);
      await wallet.goto();
      const panel = new WithdrawPanel(page);
      await tabTo(page, panel.open);
      await page.keyboard.press('Enter');
      await expect(panel.dialog).toBeVisible();
      await tabTo(page, panel.dialog.getByRole('link', { name: 'Set your transaction PIN' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/settings/pin?next=%2Fwallet%3Fa%3Dwithdraw');
      await expect(panel.dialog).toHaveCount(0);
      await expect(pageHeading(page, 'Settings')).toBeFocused();
    });
  });
}

test.describe('Try again on a read that failed', () => {
  let consoleErrors: string[] = [];

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterEach(() => {
    forgetFailedReadLogs(consoleErrors);
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when Try again asks a server that is still failing, then the button is busy until the answer is in and keeps focus', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsDemo(page);
    // The fixed income catalogue fails; later it answers, a second and a half late.
    let answer: 'fail' | 'slow' = 'fail';
    await page.route(/\/v1\/fixed_incomes(\?|$)/, async (route) => {
      if (answer === 'slow') {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fallback();
        return;
      }
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Something went wrong on our side. Please try again; reference req-e2e',
          code: 'internal_error',
          errors: [],
        }),
      });
    });
    await page.goto('/fixed-income');
    const main = page.locator('#main-content');
    const tryAgain = main.getByRole('button', { name: 'Try again' });
    // The app asks twice more by itself before it shows the failure.
    await expect(tryAgain).toBeEnabled({ timeout: 15_000 });
    await expect(tryAgain).not.toHaveAttribute('aria-busy');

    // Still failing: busy for the seconds the app's own retries take, the failure still said.
    await tabTo(page, tryAgain);
    await page.keyboard.press('Enter');
    await expect(tryAgain).toBeDisabled();
    await expect(tryAgain).toHaveAttribute('aria-busy', 'true');
    await expect(main.getByRole('alert')).toContainText('Something went wrong on our side');
    await expect(tryAgain).toBeEnabled({ timeout: 15_000 });
    await expect(tryAgain).not.toHaveAttribute('aria-busy');
    await expect(tryAgain).toBeFocused();

    // Answering, slowly: busy until the catalogue is shown.
    answer = 'slow';
    await page.keyboard.press('Enter');
    await expect(tryAgain).toHaveAttribute('aria-busy', 'true');
    await expect(main.getByRole('article', { name: '91-day Treasury Bill' })).toBeVisible();
    await expect(tryAgain).toHaveCount(0);
  });
});
