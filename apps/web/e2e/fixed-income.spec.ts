import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import { expectNoSidewaysScroll, readNairaBalance } from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { confirmWithPin } from './pin-pages.ts';

const FUNDING = '200000';

for (const viewport of viewports) {
  test.describe(`fixed income at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];
    const shoot = viewport.name === 'mobile';

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      const account = await signUpThroughApi(page);
      await verifyAndFundThroughApi(page.request, account, FUNDING);
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when the orders cannot be read, then the total says so instead of ₦0.00', async ({
      page,
    }) => {
      await page.route('**/v1/fixed_incomes/orders*', (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({
                message: 'Down for a moment',
                code: 'unavailable',
                errors: [],
              }),
            })
          : route.continue(),
      );
      await page.goto('/fixed-income');
      // After the app's own two retries, a second and two seconds apart.
      await expect(page.getByTestId('fixed-income-total')).toHaveText('Not available right now', {
        timeout: 15_000,
      });
      await expect(
        page.getByText('We could not load your holdings: try again below.'),
      ).toBeVisible();
      // The refused reads are what the browser logged.
      expect(consoleErrors.every((error) => error.includes('status of 503'))).toBe(true);
      consoleErrors.length = 0;
    });

    test('when a customer buys ₦50,000 of a 91-day treasury bill, then the wallet pays it and the order shows its maturity and payout', async ({
      page,
    }, testInfo) => {
      const before = await readNairaBalance(page.request);
      await page.goto('/fixed-income');
      await expect(
        page.locator('#main-content').getByRole('heading', { name: 'Fixed income', exact: true }),
      ).toBeVisible();
      await expect(page.getByText('No investments yet')).toBeVisible();
      const bill = page.getByRole('article', { name: '91-day Treasury Bill' });
      await expect(bill).toContainText('17.5%');
      await expect(bill).toContainText('91 days');
      await expectNoSidewaysScroll(page);
      if (shoot) await saveScreenshots(page, testInfo, 'fixed-income');

      await bill.getByRole('link', { name: 'Buy 91-day Treasury Bill' }).click();
      const panel = page.getByRole('dialog', { name: 'Buy 91-day Treasury Bill' });
      await expect(panel).toBeVisible();
      const amount = panel.getByLabel('Amount to invest');
      await amount.fill('5000');
      await expect(
        panel.getByText('The smallest order for 91-day Treasury Bill is ₦10,000.00'),
      ).toBeVisible();
      await amount.fill('50000');
      // 50,000 × 17.5% × 91 / 365 = 2,181.51, tax-free.
      await expect(panel.getByTestId('estimate-net')).toHaveText('₦2,181.51');
      await expect(panel.getByTestId('estimate-total')).toHaveText('₦52,181.51');
      await panel.getByRole('button', { name: 'Continue' }).click();

      const confirm = page.getByRole('dialog', { name: 'Confirm your investment' });
      await expect(confirm.getByTestId('confirm-amount')).toHaveText('₦50,000.00');
      if (shoot) await saveScreenshots(page, testInfo, 'fixed-income-confirm');
      await expectNoAccessibilityViolations(page);
      await confirmWithPin(confirm.getByRole('button', { name: 'Confirm purchase' }));
      const done = page.getByRole('dialog', { name: 'Done' });
      await expect(done.getByText('Investment confirmed')).toBeVisible();
      await done.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      const order = page.getByTestId('fixed-income-order');
      await expect(order).toHaveCount(1);
      await expect(order).toContainText('91-day Treasury Bill');
      await expect(order).toContainText('₦50,000.00');
      await expect(order.getByTestId('order-next')).toContainText('₦52,181.51');
      await expect(page.getByTestId('fixed-income-total')).toHaveText('₦50,000.00');
      const after = await readNairaBalance(page.request);
      expect(before.amountMinor - after.amountMinor).toBe(5_000_000n);
      await expectNoSidewaysScroll(page);
      if (shoot) await saveScreenshots(page, testInfo, 'fixed-income-ordered');
    });

    test('when the answer to an order is lost, then confirming again finds the first order: one order, one debit', async ({
      page,
    }) => {
      const before = await readNairaBalance(page.request);
      await page.goto('/fixed-income');
      const bill = page.getByRole('article', { name: '91-day Treasury Bill' });
      await bill.getByRole('link', { name: 'Buy 91-day Treasury Bill' }).click();
      const panel = page.getByRole('dialog', { name: 'Buy 91-day Treasury Bill' });
      await panel.getByLabel('Amount to invest').fill('50000');
      await panel.getByRole('button', { name: 'Continue' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm your investment' });
      await expect(confirm.getByTestId('confirm-amount')).toHaveText('₦50,000.00');

      // The order reaches Ajo and is made; the browser never hears back.
      const keys = await loseFirstAnswer(page, '**/v1/fixed_incomes/orders');
      await confirmWithPin(confirm.getByRole('button', { name: 'Confirm purchase' }));
      await expect(confirm).toContainText(
        'We could not confirm this payment, and it may have gone through.',
      );
      await confirmWithPin(confirm.getByRole('button', { name: 'Confirm purchase' }));
      const done = page.getByRole('dialog', { name: 'Done' });
      await expect(done.getByText('Investment confirmed')).toBeVisible();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      await done.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('fixed-income-order')).toHaveCount(1);
      const after = await readNairaBalance(page.request);
      expect(before.amountMinor - after.amountMinor).toBe(5_000_000n);
      forgetLostAnswerLogs(consoleErrors);
    });
  });
}
