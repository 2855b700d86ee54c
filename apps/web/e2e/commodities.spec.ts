import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { failReads, forgetFailedReadLogs } from './failed-reads.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import {
  expectNoSidewaysScroll,
  formatNaira,
  minorFromText,
  readNairaBalance,
} from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { confirmWithPin } from './pin-pages.ts';

/** A new customer's wallet takes ₦50,000 before the rest is held for a higher tier. */
const FUNDING = '50000';

async function readHoldings(request: APIRequestContext) {
  const response = await request.get('/v1/commodities/holdings');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: { items: { commodity: { code: string }; units: string }[] };
  };
  return body.data.items;
}

/** Page model of the trade panel (`?a=trade`). */
class TradePanel {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get dialog() {
    return this.page.getByRole('dialog');
  }

  quote(field: 'units' | 'price' | 'amount' | 'fee' | 'total') {
    return this.dialog.getByTestId(`quote-${field}`);
  }

  /** The quote's figures in kobo, read off the card. */
  async quotedMinor(field: 'amount' | 'fee' | 'total') {
    const text = (await this.quote(field).textContent()) ?? '';
    return minorFromText(text.replace(/[₦,]/g, ''));
  }
}

for (const viewport of viewports) {
  test.describe(`commodities at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];
    const shoot = viewport.name === 'mobile';

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      test.slow();
      const account = await signUpThroughApi(page);
      await verifyAndFundThroughApi(page.request, account, FUNDING);
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when a customer buys ₦20,000 of maize and sells it back, then the wallet pays the quoted total, the holding shows and goes, and both trades are in the history', async ({
      page,
    }, testInfo) => {
      const before = await readNairaBalance(page.request);
      const panel = new TradePanel(page);

      await page.goto('/commodities');
      await expect(
        page.getByRole('heading', { level: 2, name: 'Commodities', exact: true }),
      ).toBeVisible();
      await expect(page.getByTestId('holdings-total')).toHaveText('₦0.00');
      await expect(page.getByText('You hold no commodities yet.')).toBeVisible();
      await expect(page.getByTestId('price-chart')).toContainText('Maize price');
      await expect(page.getByTestId('price-chart').locator('figcaption')).toContainText(
        /over 30 days/,
      );
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'commodities-empty');
      }

      // A category chip narrows the market; the chart follows the first commodity in it.
      await page.getByRole('button', { name: 'Precious metals', exact: true }).click();
      await expect(page.getByTestId('commodity-gold')).toBeVisible();
      await expect(page.getByTestId('commodity-maize')).toHaveCount(0);
      await expect(page.getByTestId('price-chart')).toContainText('Gold price');
      await page.getByRole('button', { name: 'All', exact: true }).click();

      // Below the minimum the server refuses to price it: asking again would only be refused
      // again, so the details come back with the reason on the amount, as typed.
      await page.getByRole('link', { name: 'Buy Maize' }).click();
      await expect(panel.dialog.getByRole('heading', { level: 2 })).toHaveText('Buy Maize');
      const amount = panel.dialog.getByLabel('How much do you want to buy?');
      await amount.fill('500');
      await panel.dialog.getByRole('button', { name: 'See the price' }).click();
      await expect(amount).toHaveAccessibleDescription(/The smallest purchase is ₦1,000\.00/);
      await expect(amount).toHaveValue('500');
      await expect(amount).toBeFocused();
      await expect(panel.dialog.getByRole('button', { name: 'Confirm purchase' })).toHaveCount(0);
      if (shoot) await saveScreenshots(page, testInfo, 'commodities-below-minimum');

      // Buy by naira amount: the quote shows price, fee and total before anything moves.
      await amount.fill('20000');
      await panel.dialog.getByRole('button', { name: 'See the price' }).click();
      await expect(panel.dialog.getByTestId('quote-countdown')).toContainText('Price held for');
      await expect(panel.quote('fee')).not.toHaveText('');
      const totalMinor = await panel.quotedMinor('total');
      const amountMinor = await panel.quotedMinor('amount');
      const feeMinor = await panel.quotedMinor('fee');
      expect(amountMinor + feeMinor).toBe(totalMinor);
      expect(amountMinor).toBeLessThanOrEqual(2_000_000n);
      expect((await readNairaBalance(page.request)).amountMinor).toBe(before.amountMinor);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'commodities-buy-quote');
      }
      await confirmWithPin(panel.dialog.getByRole('button', { name: 'Confirm purchase' }));
      await expect(panel.dialog.getByTestId('trade-done')).toContainText('Purchase successful');
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - totalMinor,
      );
      const [holding] = await readHoldings(page.request);
      expect(holding?.commodity.code).toBe('maize');
      await panel.dialog.getByRole('button', { name: 'Done' }).click();
      await expect(panel.dialog).toBeHidden();

      // The holding is on the page, valued at today's sell price.
      const row = page.getByTestId('holding-maize');
      await expect(row).toBeVisible();
      await expect(row.getByTestId('holding-units')).toContainText('× bag of 100 kg');
      await expect(page.getByTestId('holdings-total')).not.toHaveText('₦0.00');
      if (shoot) await saveScreenshots(page, testInfo, 'commodities-holding');

      // Sell it all back by units.
      await row.getByRole('link', { name: 'Sell Maize' }).click();
      await expect(panel.dialog.getByRole('heading', { level: 2 })).toHaveText('Sell Maize');
      await panel.dialog.getByRole('button', { name: /^Sell all/ }).click();
      await panel.dialog.getByRole('button', { name: 'See the price' }).click();
      await expect(panel.quote('units')).toBeVisible();
      const proceedsMinor = await panel.quotedMinor('total');
      if (shoot) await saveScreenshots(page, testInfo, 'commodities-sell-quote');
      await confirmWithPin(panel.dialog.getByRole('button', { name: 'Confirm sale' }));
      await expect(panel.dialog.getByTestId('trade-done')).toContainText('Sale successful');
      await expect(panel.dialog.getByTestId('trade-done')).toContainText(
        `${formatNaira(proceedsMinor)} reached your wallet after a fee of`,
      );
      await expect(panel.dialog.getByTestId('trade-done')).toContainText('You now hold 0 ×');
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - totalMinor + proceedsMinor,
      );
      expect(await readHoldings(page.request)).toEqual([]);
      await panel.dialog.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByText('You hold no commodities yet.')).toBeVisible();

      // Both trades are in the history; the sale, as every credit, for what reached the wallet.
      const history = await page.request.get('/v1/transactions?type=trade');
      const trades = (
        (await history.json()) as { data: { items: { direction: string; amount: string }[] } }
      ).data.items;
      expect(trades.map((item) => item.direction).sort()).toEqual(['credit', 'debit']);
      const sale = trades.find((item) => item.direction === 'credit');
      expect(sale ? minorFromText(sale.amount) : undefined).toBe(proceedsMinor);
    });

    test('when the answer to a purchase is lost, then confirming again finds the first purchase: one trade, one debit', async ({
      page,
    }) => {
      const before = await readNairaBalance(page.request);
      const panel = new TradePanel(page);
      await page.goto('/commodities');
      await page.getByRole('link', { name: 'Buy Maize' }).click();
      await panel.dialog.getByLabel('How much do you want to buy?').fill('5000');
      await panel.dialog.getByRole('button', { name: 'See the price' }).click();
      const totalMinor = await panel.quotedMinor('total');
      const confirm = panel.dialog.getByRole('button', { name: 'Confirm purchase' });

      // The purchase reaches Ajo and is made; the browser never hears back.
      const keys = await loseFirstAnswer(page, '**/v1/commodities/buy');
      await confirmWithPin(confirm);
      await expect(panel.dialog).toContainText(
        'We could not confirm this payment, and it may have gone through.',
      );
      await confirmWithPin(confirm);
      await expect(panel.dialog.getByTestId('trade-done')).toContainText('Purchase successful');
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(await readHoldings(page.request)).toHaveLength(1);
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - totalMinor,
      );
      const history = await page.request.get('/v1/transactions?type=trade');
      expect(((await history.json()) as { data: { items: unknown[] } }).data.items).toHaveLength(1);
      forgetLostAnswerLogs(consoleErrors);
    });

    test('when the market cannot be read, then it says so with Try again, which shows it', async ({
      page,
    }, testInfo) => {
      const market = page.getByRole('region', { name: 'Market' });
      const reads = await failReads(page, /\/v1\/commodities\?/);
      await page.goto('/commodities');
      // The app asks twice more by itself before it says so.
      await expect(market.getByRole('alert')).toHaveText(/Something went wrong on our side/, {
        timeout: 15_000,
      });
      await expect(page.getByTestId('holdings-total')).toHaveText('₦0.00');
      await expectNoSidewaysScroll(page);
      if (shoot) await saveScreenshots(page, testInfo, 'commodities-market-failed');

      reads.letThrough();
      await market.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByTestId('commodity-maize')).toBeVisible();
      await expect(page.getByTestId('price-chart')).toContainText('Maize price');
      await expect(market.getByRole('alert')).toHaveCount(0);
      forgetFailedReadLogs(consoleErrors);
    });

    test('when the categories cannot be read, then the chips say so with Try again, and the market still shows', async ({
      page,
    }, testInfo) => {
      const market = page.getByRole('region', { name: 'Market' });
      const categories = market.getByRole('group', { name: 'Category' });
      const unread = market.getByText('We could not load the categories.');
      const reads = await failReads(page, /\/v1\/commodities\/categories\?/);
      await page.goto('/commodities');
      await expect(page.getByTestId('commodity-maize')).toBeVisible();
      // The app asks twice more by itself before it says so.
      await expect(unread).toBeVisible({ timeout: 15_000 });
      await expect(categories.getByRole('button')).toHaveText(['All']);
      await expect(page.getByTestId('price-chart')).toContainText('Maize price');
      await expect(market.getByRole('alert')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'commodities-categories-failed');
      }

      reads.letThrough();
      await market.getByRole('button', { name: 'Try again' }).click();
      await expect(categories.getByRole('button', { name: 'Precious metals' })).toBeVisible();
      await expect(unread).toHaveCount(0);
      await categories.getByRole('button', { name: 'Precious metals' }).click();
      await expect(page.getByTestId('commodity-gold')).toBeVisible();
      await expect(page.getByTestId('commodity-maize')).toHaveCount(0);
      forgetFailedReadLogs(consoleErrors);
    });

    test('when a customer searches the whole catalogue, then only matches show, and a search with none says so', async ({
      page,
    }, testInfo) => {
      await page.goto('/commodities-all');
      await expect(
        page.getByRole('heading', { level: 2, name: 'All commodities', exact: true }),
      ).toBeVisible();
      const list = page.getByTestId('commodity-list');
      await expect(list.getByRole('listitem')).toHaveCount(9);
      await page.getByLabel('Search commodities').fill('cocoa');
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByTestId('commodity-cocoa')).toContainText('per tonne');
      await page.getByLabel('Search commodities').fill('platinum');
      await expect(page.getByText('No commodity matches')).toBeVisible();
      await page.getByLabel('Search commodities').fill('');
      await page.getByRole('button', { name: 'Grains' }).click();
      await expect(list.getByRole('listitem')).toHaveCount(4);
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'commodities-all');
      }
      await page.getByRole('link', { name: 'Buy Sorghum' }).click();
      await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(
        'Buy Sorghum',
      );
    });
  });
}
