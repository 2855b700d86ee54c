import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { HomePage } from './home-page.ts';
import {
  advanceSandboxDay,
  fixSavingsThroughApi,
  PortfolioCard,
  readPortfolioTotalMinor,
} from './portfolio-pages.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import {
  expectNoSidewaysScroll,
  formatNaira,
  readNairaBalance,
  sendTransferThroughApi,
} from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';

for (const viewport of viewports) {
  test.describe(`portfolio on Home at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];
    const shoot = viewport.name === 'mobile';

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(({ page }) => {
      consoleErrors = collectConsoleErrors(page);
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when a customer deposits, saves and a day passes, then the total moves with the deposit, the breakdown with the plan, and the chart gains a day', async ({
      page,
    }, testInfo) => {
      test.slow();
      const account = await signUpThroughApi(page);
      const accountNumber = await verifyAndFundThroughApi(page.request, account, '20000');
      await page.goto('/');
      const home = new HomePage(page);
      await home.expectShown(account.firstName);
      const portfolio = new PortfolioCard(page);
      await portfolio.scrollTo();

      // The total is the wallet (nothing else is held yet), and the chart shows today.
      const funded = (await readNairaBalance(page.request)).amountMinor;
      await expect(portfolio.total).toHaveText(formatNaira(funded));
      await expect(portfolio.line('Naira cash')).toContainText(formatNaira(funded));
      await expect(portfolio.line('Naira cash')).toContainText('100%');
      await expect(portfolio.chart).toBeVisible();
      await expect(portfolio.chart.getByText(/^Your portfolio is worth ₦/)).toBeVisible();

      // A deposit moves the total.
      await sendTransferThroughApi(page.request, {
        accountNumber,
        amount: '5000',
        senderName: 'Portfolio Tester',
      });
      await page.reload();
      await portfolio.scrollTo();
      const deposited = (await readNairaBalance(page.request)).amountMinor;
      expect(deposited).toBeGreaterThan(funded);
      await expect(portfolio.total).toHaveText(formatNaira(deposited));

      // A plan moves money from the wallet to savings: the same total, a new line.
      await fixSavingsThroughApi(page.request, '10000');
      await page.reload();
      await portfolio.scrollTo();
      await expect(portfolio.line('Savings')).toContainText('₦10,000.00');
      await expect(portfolio.line('Naira cash')).toContainText(formatNaira(deposited - 1_000_000n));
      await expect(portfolio.total).toHaveText(formatNaira(deposited));

      // A day on, yesterday's snapshot is on the chart and the total compares with it.
      await advanceSandboxDay(page.request);
      await page.reload();
      await portfolio.scrollTo();
      const total = await readPortfolioTotalMinor(page.request);
      await expect(portfolio.total).toHaveText(formatNaira(total));
      await expect(portfolio.change).toBeVisible();
      await expect(portfolio.chart.getByText(/^Your portfolio (grew|fell|stayed)/)).toBeVisible();
      const rows = await portfolio.tableRows();
      // The header row, today and yesterday's snapshot: yesterday as it ended, before the
      // night's interest, which is today's change.
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(1)).toContainText(formatNaira(total));
      await expect(rows.last()).toContainText(formatNaira(deposited));

      const periods = portfolio.chart.getByRole('group', { name: 'Period' });
      const year = page.waitForResponse((response) =>
        response.url().includes('/v1/portfolios/history?days=365'),
      );
      await periods.getByRole('button', { name: '1 year' }).click();
      expect((await year).status()).toBe(200);
      await expect(periods.getByRole('button', { name: '1 year' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await expectNoSidewaysScroll(page);
      await expectNoAccessibilityViolations(page);
      if (shoot) await saveScreenshots(page, testInfo, 'home-portfolio');
    });
  });
}
