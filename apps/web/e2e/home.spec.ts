import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { HomePage } from './home-page.ts';
import { PortfolioCard } from './portfolio-pages.ts';
import { saveScreenshots } from './screenshots.ts';
import { skipBvnModal } from './verification-pages.ts';
import { signInAsDemo } from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';

/** The offers turn every 7 s (ADVERT_ROTATION_MS); a little more makes sure one turn is due. */
const ONE_TURN_MS = 7_500;

test.describe('Home', () => {
  let consoleErrors: string[] = [];

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when the demo customer opens Home on a phone, then the balance and its actions come first', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsDemo(page);
    await page.goto('/');
    const home = new HomePage(page);
    await home.expectShown('Ada');

    await expect(home.balance).toHaveText(/^₦[\d,]+\.\d{2}$/);
    await expect(home.balance).toBeInViewport();
    await expect(home.fundWallet).toBeInViewport();
    await expect(home.withdraw).toHaveAttribute('href', '/wallet?a=withdraw');
    // Nothing but the greeting stands between the top bar and the balance.
    const balanceTop = (await home.balance.boundingBox())?.y ?? Infinity;
    const activityTop = (await home.recentTransactions.boundingBox())?.y ?? 0;
    expect(balanceTop).toBeLessThan(activityTop);
    await expect(home.chart).toBeVisible();

    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'home-demo');

    await home.fundWallet.click();
    await expect(page).toHaveURL('/?a=fund+account');
    await expect(page.getByRole('dialog', { name: /fund/i })).toBeVisible();
  });

  test('when the balance chart shows, then its figures are also there as text and a table', async ({
    page,
  }) => {
    // A customer funded today has a change in the chart's period whatever the sandbox clock
    // says (the demo's last change may be more than 30 days back once the clock has moved).
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, '20000');
    await page.goto('/');
    const home = new HomePage(page);
    await expect(home.chart).toBeVisible();
    await expect(home.chart.getByText(/^Your balance (rose|fell|stayed) /)).toBeVisible();
    await expect(home.balanceChange).toHaveText(/^[+\u2212]₦[\d,]+\.\d{2} in 30 days$/);
    const periods = home.chart.getByRole('group', { name: 'Period' });
    await expect(periods.getByRole('button', { name: '30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await home.chart.getByText('Show the numbers').click();
    const table = home.chart.getByRole('table', { name: 'Your balance on the days it changed' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).not.toHaveCount(1);
    await expect(table.getByRole('cell', { name: /^₦/ }).last()).toHaveText(
      (await home.balance.textContent()) ?? '',
    );

    const ninetyDays = page.waitForResponse((response) =>
      response.url().includes('/v1/wallets/balance-history?days=90'),
    );
    await periods.getByRole('button', { name: '90 days' }).click();
    expect((await ninetyDays).status()).toBe(200);
    await expect(periods.getByRole('button', { name: '90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(home.chart.getByText(/over the last 90 days/)).toBeVisible();
    // The badge under the balance follows the chart's period.
    await expect(home.balanceChange).toHaveText(/^[+\u2212]₦[\d,]+\.\d{2} in 90 days$/);
    await expectNoAccessibilityViolations(page);
  });

  test('when a new account opens Home, then the account level names the next step and the portfolio says how it fills up', async ({
    page,
  }, testInfo) => {
    await skipBvnModal(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    const account = await signUpThroughApi(page);
    await page.goto('/');
    const home = new HomePage(page);
    await home.expectShown(account.firstName);
    await expect(home.balance).toHaveText('₦0.00');
    // Funding needs the account number the BVN brings: the balance card's first step is the BVN.
    await expect(home.fundWallet).toHaveCount(0);
    await expect(home.verifyBvn).toHaveAttribute('href', '/?a=bvn');

    const level = page.getByRole('region', { name: 'Account level' });
    await expect(level).toBeVisible();
    await expect(level.getByRole('link', { name: 'Verify your BVN' })).toBeVisible();
    await expect(home.chart.getByText('Your balance will chart here')).toBeVisible();

    // The portfolio card, once scrolled to, says how it fills up instead of a row of zeros.
    const portfolio = new PortfolioCard(page);
    await portfolio.scrollTo();
    await expect(portfolio.total).toHaveText('₦0.00');
    await expect(
      portfolio.card.getByRole('link', { name: 'Start a savings plan' }),
    ).toHaveAttribute('href', '/savings');
    await expect(portfolio.chart.getByText('Your portfolio will chart here')).toBeVisible();
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });

    // Every section in the sidebar is built: Home announces nothing as still to come.
    await expect(page.getByRole('region', { name: "What's coming" })).toHaveCount(0);
    await expect(page.getByText('Coming soon', { exact: true })).toHaveCount(0);

    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'home-new-account');

    await home.verifyBvn.click();
    await expect(page.getByRole('dialog', { name: 'Verify your BVN' })).toBeVisible();
  });

  test('when the offers turn by themselves, then the pause button stops them and play starts them again', async ({
    page,
  }) => {
    await page.clock.install();
    await signInAsDemo(page);
    await page.goto('/');
    const home = new HomePage(page);
    await expect(home.visibleOffer('1 of 3')).toBeVisible();
    await expect(home.visibleOffer('2 of 3')).toBeHidden();

    await page.clock.fastForward(ONE_TURN_MS);
    await expect(home.visibleOffer('2 of 3')).toBeVisible();
    await expect(home.visibleOffer('1 of 3')).toBeHidden();

    await home.offerButton('Pause the offers').click();
    await expect(home.offerButton('Play the offers')).toBeVisible();
    // Focus on the controls pauses the carousel too: leave it, so only the button holds it.
    await page.getByRole('heading', { level: 1, name: 'Home' }).click();
    await page.clock.fastForward(3 * ONE_TURN_MS);
    await expect(home.visibleOffer('2 of 3')).toBeVisible();

    await home.offerButton('Next offer').click();
    await expect(home.visibleOffer('3 of 3')).toBeVisible();

    await home.offerButton('Play the offers').click();
    await page.getByRole('heading', { level: 1, name: 'Home' }).click();
    await page.clock.fastForward(ONE_TURN_MS);
    await expect(home.visibleOffer('1 of 3')).toBeVisible();
  });

  test('when the person asks for reduced motion, then the offers wait for them', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await signInAsDemo(page);
    await page.goto('/');
    const home = new HomePage(page);
    await expect(home.offerButton('Play the offers')).toBeVisible();
    await page.clock.fastForward(3 * ONE_TURN_MS);
    await expect(home.visibleOffer('1 of 3')).toBeVisible();
    await home.offerButton('Next offer').click();
    await expect(home.visibleOffer('2 of 3')).toBeVisible();
  });
});
