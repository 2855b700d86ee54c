import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { failReads, forgetFailedReadLogs } from './failed-reads.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import { expectNoSidewaysScroll, readNairaBalance } from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { confirmWithPin } from './pin-pages.ts';
import { moveSandboxClock } from './sandbox-clock.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/** A new customer's wallet takes ₦50,000 before the rest is held for a higher tier. */
const FUNDING = '50000';

/**
 * Sets the sandbox rate (naira per $1), so the quote's figures are known. It is low on purpose:
 * a new customer's wallet holds ₦50,000, and $100 must fit in it.
 */
async function setExchangeRate(request: APIRequestContext, buy: string, sell: string) {
  const response = await request.post('/v1/sandbox/exchange-rate', {
    headers: CLIENT_HEADERS,
    data: { buy, sell },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** "2026-11-27T10:00:00Z" → "27/11/2026", the Lagos day as en-GB writes it. */
function enGbLagosDate(instant: string): string {
  const lagos = new Date(Date.parse(instant) + 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(lagos.getUTCDate())}/${pad(lagos.getUTCMonth() + 1)}/${String(lagos.getUTCFullYear())}`;
}

async function readDollarInvestments(request: APIRequestContext) {
  const response = await request.get('/v1/savings?slug=dollar');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: { items: { amount: string; saving_order: { created_at: string } }[] };
  };
  return body.data.items;
}

/** Page model of the Dollar Investments page and its Top Up panel. */
class DollarPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get dialog() {
    return this.page.getByRole('dialog');
  }

  get title() {
    return this.dialog.getByRole('heading', { level: 2 });
  }

  get confirm() {
    return this.dialog.getByRole('button', { name: 'Confirm and invest' });
  }

  quote(field: 'amount' | 'rate' | 'naira' | 'fee' | 'total') {
    return this.dialog.getByTestId(`quote-${field}`);
  }
}

for (const viewport of viewports) {
  test.describe(`dollar investments at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];
    const shoot = viewport.name === 'mobile';

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      test.slow();
      const account = await signUpThroughApi(page);
      await verifyAndFundThroughApi(page.request, account, FUNDING);
      await setExchangeRate(page.request, '450.00', '440.00');
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when a customer buys $100 for 180 days at the quoted rate, then it is funded and in the history', async ({
      page,
    }, testInfo) => {
      const before = await readNairaBalance(page.request);
      const dollar = new DollarPage(page);

      await page.goto('/savings/dollar');
      await expect(
        page.getByRole('heading', { level: 2, name: 'Dollar Investments', exact: true }),
      ).toBeVisible();
      await expect(page.getByText(/Hedge your savings against inflation/)).toBeVisible();
      await expect(page.getByTestId('dollar-portfolio')).toHaveText('$0.00');
      await expect(page.getByText('No dollar investments yet')).toBeVisible();
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'dollar-empty');
      }

      // Step 0: the summary, empty.
      await page.getByRole('link', { name: 'Top Up' }).click();
      await expect(dollar.title).toHaveText('Dollar Investment');
      await expect(dollar.dialog.getByTestId('panel-portfolio')).toHaveText('$0.00');
      await expect(dollar.dialog.getByTestId('panel-invested')).toHaveText('$0.00');
      await expect(dollar.dialog).toContainText(
        'Your investment becomes available for withdrawal in your dollar wallet on the due date.',
      );
      await expect(dollar.dialog.getByRole('button', { name: 'Make a Withdrawal' })).toBeDisabled();
      await expect(dollar.dialog.getByText('No investments yet.')).toBeVisible();
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'dollar-panel-empty');
      }

      // Step 1: the invest form and its rules.
      await dollar.dialog.getByRole('button', { name: 'Invest', exact: true }).click();
      await expect(dollar.title).toHaveText('Invest in dollars');
      const amount = dollar.dialog.getByLabel('Amount in dollars');
      await dollar.dialog.getByRole('button', { name: 'See the rate' }).click();
      await expect(dollar.dialog.getByText('Enter the amount in dollars')).toBeVisible();
      await expect(dollar.dialog.getByText('Select a valid duration')).toBeVisible();
      await expect(amount).toBeFocused();
      await amount.fill('40');
      await expect(dollar.dialog.getByText('Amount must be at least $50')).toBeVisible();
      await amount.fill('100');
      await dollar.dialog.getByLabel('Duration').selectOption({ label: '180 days · 4% per annum' });
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'dollar-invest-form');
      }

      // The quote, shown before anything moves, with its countdown.
      await dollar.dialog.getByRole('button', { name: 'See the rate' }).click();
      await expect(dollar.title).toHaveText('Confirm your investment');
      await expect(dollar.quote('amount')).toHaveText('$100.00');
      await expect(dollar.quote('rate')).toHaveText('₦450.00 / $1');
      await expect(dollar.quote('naira')).toHaveText('₦45,000.00');
      await expect(dollar.quote('fee')).toHaveText('₦0.00');
      await expect(dollar.quote('total')).toHaveText('₦45,000.00');
      await expect(dollar.dialog.getByTestId('quote-countdown')).toHaveText(
        /^Rate held for 0:[0-5]\d|1:00$/,
      );
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'dollar-quote');
      }

      await confirmWithPin(dollar.confirm);
      await expect(dollar.title).toHaveText('Dollar Investment');
      await expect(dollar.dialog.getByTestId('dollar-notice')).toContainText(
        'Operation was successful',
      );
      await expect(dollar.dialog.getByTestId('dollar-notice')).toContainText(
        '$100.00 is invested for 180 days at 4% per annum.',
      );
      // The outcome is in view, not scrolled under the panel's header.
      await expect(dollar.dialog.getByTestId('dollar-notice')).toBeInViewport({ ratio: 1 });
      await expect(dollar.dialog.getByTestId('panel-portfolio')).toHaveText('$100.00');
      await expect(dollar.dialog.getByTestId('panel-invested')).toHaveText('$100.00');
      const [investment] = await readDollarInvestments(page.request);
      if (!investment) throw new Error('the investment is not listed');
      const row = dollar.dialog.getByTestId('dollar-history-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Investment Funded');
      await expect(row).toContainText(enGbLagosDate(investment.saving_order.created_at));
      await expect(row).toContainText('+ $100.00');
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - 4_500_000n,
      );
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'dollar-panel-invested');
      }

      await dollar.dialog.getByRole('button', { name: 'Close dollar investment' }).click();
      await expect(dollar.dialog).toBeHidden();
      await expect(page.getByTestId('dollar-portfolio')).toHaveText('$100.00');
      await expect(page.getByTestId('dollar-investment-card')).toContainText('$100.00');
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'dollar-page');
      }
    });

    test('when the answer to an investment is lost, then confirming again finds the first one: one investment, one debit', async ({
      page,
    }) => {
      const before = await readNairaBalance(page.request);
      const dollar = new DollarPage(page);
      await page.goto('/savings/dollar');
      await page.getByRole('link', { name: 'Top Up' }).click();
      await dollar.dialog.getByRole('button', { name: 'Invest', exact: true }).click();
      await dollar.dialog.getByLabel('Amount in dollars').fill('100');
      await dollar.dialog.getByLabel('Duration').selectOption({ label: '180 days · 4% per annum' });
      await dollar.dialog.getByRole('button', { name: 'See the rate' }).click();
      await expect(dollar.quote('total')).toHaveText('₦45,000.00');

      // The investment reaches Ajo and is made; the browser never hears back.
      const keys = await loseFirstAnswer(page, '**/v1/savings/dollar');
      await confirmWithPin(dollar.confirm);
      await expect(dollar.dialog).toContainText(
        'We could not confirm this payment, and it may have gone through.',
      );
      await confirmWithPin(dollar.confirm);
      await expect(dollar.dialog.getByTestId('dollar-notice')).toContainText(
        'Operation was successful',
      );
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(await readDollarInvestments(page.request)).toHaveLength(1);
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - 4_500_000n,
      );
      forgetLostAnswerLogs(consoleErrors);
    });

    test('when the wallets cannot be read, then the dollar wallet says so instead of a placeholder, and Try again shows it', async ({
      page,
    }, testInfo) => {
      const dollar = new DollarPage(page);
      const rates = page.getByRole('region', { name: 'Dollar returns' });
      const reads = await failReads(page, '**/v1/wallets');
      await page.goto('/savings/dollar');
      // The app asks twice more by itself before it says so.
      await expect(page.getByTestId('dollar-wallet')).toHaveText('Not available right now', {
        timeout: 15_000,
      });
      await expect(rates).toContainText('180 days');
      await expect(page.getByTestId('dollar-portfolio')).toHaveText('$0.00');
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'dollar-wallet-failed');
      }

      // The panel says so too; a withdrawal waits until the wallet is known.
      await page.getByRole('link', { name: 'Top Up' }).click();
      await expect(dollar.title).toHaveText('Dollar Investment');
      await expect(dollar.dialog.getByTestId('panel-dollar-wallet')).toHaveText(
        'not available right now',
      );
      await expect(dollar.dialog.getByRole('button', { name: 'Make a Withdrawal' })).toBeDisabled();
      if (shoot) await saveScreenshots(page, testInfo, 'dollar-panel-wallet-failed');
      // Investing still works (Ajo checks the balance itself): the confirmation says the naira
      // balance is not available, with Try again, rather than a placeholder that never fills.
      await dollar.dialog.getByRole('button', { name: 'Invest', exact: true }).click();
      await dollar.dialog.getByLabel('Amount in dollars').fill('100');
      await dollar.dialog.getByLabel('Duration').selectOption({ label: '1 year · 6% per annum' });
      await dollar.dialog.getByRole('button', { name: 'See the rate' }).click();
      await expect(dollar.quote('rate')).toHaveText('₦450.00 / $1');
      const fundingSource = dollar.dialog.getByRole('group', { name: 'Funding source' });
      await expect(fundingSource).toContainText('Balance not available right now');
      await expect(fundingSource.getByRole('button', { name: 'Try again' })).toBeVisible();
      if (shoot) await saveScreenshots(page, testInfo, 'dollar-confirm-wallet-failed');
      await dollar.dialog.getByRole('button', { name: 'Close dollar investment' }).click();
      await expect(dollar.dialog).toBeHidden();

      reads.letThrough();
      await rates.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByTestId('dollar-wallet')).toHaveText('$0.00');
      await expect(rates.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Top Up' }).click();
      await expect(dollar.dialog.getByTestId('panel-dollar-wallet')).toHaveText('$0.00');
      forgetFailedReadLogs(consoleErrors);
    });

    test('when the quote runs out before the customer confirms, then the new rate is shown and confirmed again', async ({
      page,
    }, testInfo) => {
      const before = await readNairaBalance(page.request);
      const dollar = new DollarPage(page);

      await page.goto('/savings/dollar?a=dollar');
      await dollar.dialog.getByRole('button', { name: 'Invest', exact: true }).click();
      await dollar.dialog.getByLabel('Amount in dollars').fill('100');
      await dollar.dialog.getByLabel('Duration').selectOption({ label: '1 year · 6% per annum' });
      await dollar.dialog.getByRole('button', { name: 'See the rate' }).click();
      await expect(dollar.quote('rate')).toHaveText('₦450.00 / $1');

      // The operator moves the rate on the Sandbox page; the quote on screen keeps its own.
      const sandbox = await page.context().newPage();
      await sandbox.goto('/sandbox');
      const rateForm = sandbox.getByRole('form', { name: 'Exchange rate' });
      await rateForm.getByLabel('Buy rate (₦ per $1)').fill('480.00');
      await rateForm.getByLabel('Sell rate (₦ per $1)').fill('470.00');
      await rateForm.getByRole('button', { name: 'Set the rate' }).click();
      await expect(sandbox.getByTestId('exchange-rate-result')).toContainText(
        'Buy ₦480.00 · Sell ₦470.00 per $1',
      );
      await expectNoAccessibilityViolations(sandbox);
      await sandbox.getByRole('region', { name: 'Exchange rate' }).screenshot({
        path: testInfo.outputPath('sandbox-exchange-rate.png'),
      });
      await sandbox.close();
      await page.bringToFront();
      await expect(dollar.quote('rate')).toHaveText('₦450.00 / $1');

      // The quote runs out on the server (the sandbox clock moves two minutes) while the screen,
      // on the device's own clock, still counts it down: the customer confirms it anyway.
      await moveSandboxClock(page.request, { advance_minutes: 2 });
      await confirmWithPin(dollar.confirm);

      // Refused: nothing moved, the new price is shown, and the customer confirms it.
      const refusal = dollar.dialog.getByTestId('quote-refusal');
      await expect(refusal).toContainText('The rate has changed');
      await expect(refusal).toContainText('The rate you confirmed has expired');
      await expect(dollar.quote('rate')).toHaveText('₦480.00 / $1');
      await expect(dollar.quote('total')).toHaveText('₦48,000.00');
      expect((await readNairaBalance(page.request)).amountMinor).toBe(before.amountMinor);
      await expectNoAccessibilityViolations(page);
      await saveScreenshots(page, testInfo, 'dollar-quote-refused');

      await confirmWithPin(dollar.confirm);
      await expect(dollar.dialog.getByTestId('dollar-notice')).toContainText(
        '$100.00 is invested for 1 year at 6% per annum.',
      );
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - 4_800_000n,
      );
      await setExchangeRate(page.request, '450.00', '440.00');
    });
  });
}
