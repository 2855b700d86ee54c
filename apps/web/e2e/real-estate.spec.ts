import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import { expectNoSidewaysScroll, readNairaBalance } from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { confirmWithPin } from './pin-pages.ts';

/** A tier-1 account takes ₦50,000 a deposit (the rest waits on hold). */
const FUNDING = '50000';

for (const viewport of viewports) {
  test.describe(`real estate at ${String(viewport.width)} px`, () => {
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

    test('when a customer buys 2 units of a property, then the wallet pays units × price and the holding shows them', async ({
      page,
    }, testInfo) => {
      const before = await readNairaBalance(page.request);
      await page.goto('/real-estate');
      await expect(page.getByText('No property yet')).toBeVisible();
      const hub = page.getByRole('article', { name: 'Agbara Logistics Hub' });
      await expect(hub).toContainText('₦20,000.00');
      await expect(hub).toContainText('11.5% yearly rent');
      const leftBefore = await hub.getByTestId('units-left').innerText();
      await expectNoSidewaysScroll(page);
      if (shoot) await saveScreenshots(page, testInfo, 'real-estate');

      await hub.getByRole('link', { name: 'Buy units of Agbara Logistics Hub' }).click();
      const panel = page.getByRole('dialog', { name: 'Agbara Logistics Hub' });
      await expect(panel).toBeVisible();
      const units = panel.getByRole('textbox', { name: 'Units' });
      await expect(units).toHaveValue('1');
      await panel.getByRole('button', { name: 'One unit more' }).click();
      await expect(units).toHaveValue('2');
      await expect(panel.getByTestId('purchase-total')).toHaveText('₦40,000.00');
      // Units are whole: a decimal is refused as typed, never read as 15 units.
      await units.fill('1.5');
      await expect(units).toHaveValue('1.5');
      await expect(panel.getByText('Enter a whole number of units, at least 1')).toBeVisible();
      // Three units would be more than the wallet holds: it says so before anything moves.
      await units.fill('3');
      await expect(panel.getByText('Your wallet balance is below this amount.')).toBeVisible();
      await units.fill('2');
      await panel.getByRole('button', { name: 'Continue' }).click();

      const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
      await expect(confirm.getByTestId('purchase-total')).toHaveText('₦40,000.00');
      if (shoot) await saveScreenshots(page, testInfo, 'real-estate-confirm');
      await expectNoAccessibilityViolations(page);
      await confirmWithPin(confirm.getByRole('button', { name: 'Confirm purchase' }));
      const done = page.getByRole('dialog', { name: 'Done' });
      await expect(done.getByTestId('bought-holding')).toHaveText('You now hold 2 units.');
      await done.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      const holding = page.getByTestId('property-holding');
      await expect(holding).toHaveCount(1);
      await expect(holding.getByTestId('holding-units')).toHaveText('2 units');
      await expect(holding.getByTestId('holding-rent')).toHaveText('₦0.00');
      await expect(page.getByTestId('real-estate-total')).toHaveText('₦40,000.00');
      const leftNumber = (text: string) => Number(text.replace(/\D/g, ''));
      await expect
        .poll(async () => leftNumber(await hub.getByTestId('units-left').innerText()))
        .toBe(leftNumber(leftBefore) - 2);
      const after = await readNairaBalance(page.request);
      expect(before.amountMinor - after.amountMinor).toBe(4_000_000n);
      await expectNoSidewaysScroll(page);
      if (shoot) await saveScreenshots(page, testInfo, 'real-estate-owned');
    });

    test('when the answer to a purchase is lost, then confirming again finds the first purchase: one holding, one debit', async ({
      page,
    }) => {
      const before = await readNairaBalance(page.request);
      await page.goto('/real-estate');
      const hub = page.getByRole('article', { name: 'Agbara Logistics Hub' });
      await hub.getByRole('link', { name: 'Buy units of Agbara Logistics Hub' }).click();
      const panel = page.getByRole('dialog', { name: 'Agbara Logistics Hub' });
      await expect(panel.getByRole('textbox', { name: 'Units' })).toHaveValue('1');
      await panel.getByRole('button', { name: 'Continue' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
      await expect(confirm.getByTestId('purchase-total')).toHaveText('₦20,000.00');

      // The purchase reaches Ajo and is made; the browser never hears back.
      const keys = await loseFirstAnswer(page, '**/v1/real_estates/buy');
      await confirmWithPin(confirm.getByRole('button', { name: 'Confirm purchase' }));
      await expect(confirm).toContainText(
        'We could not confirm this payment, and it may have gone through.',
      );
      await confirmWithPin(confirm.getByRole('button', { name: 'Confirm purchase' }));
      const done = page.getByRole('dialog', { name: 'Done' });
      await expect(done.getByTestId('bought-holding')).toHaveText('You now hold 1 unit.');
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      await done.getByRole('button', { name: 'Done' }).click();

      const holding = page.getByTestId('property-holding');
      await expect(holding).toHaveCount(1);
      await expect(holding.getByTestId('holding-units')).toHaveText('1 unit');
      const after = await readNairaBalance(page.request);
      expect(before.amountMinor - after.amountMinor).toBe(2_000_000n);
      forgetLostAnswerLogs(consoleErrors);
    });
  });
}
