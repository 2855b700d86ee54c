import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi, type NewAccount } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { failReads, forgetFailedReadLogs } from './failed-reads.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import { DollarCardPage, SandboxCardSection, setExchangeRate } from './dollar-card-pages.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import { upgradeToTier2ThroughApi } from './transactions-pages.ts';
import { expectNoSidewaysScroll, readNairaBalance } from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { confirmWithPin } from './pin-pages.ts';

/** Full-page screenshots from the top, so the sticky top bar sits where a person sees it. */
async function shootFromTop(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await saveScreenshots(page, testInfo, name);
}

for (const viewport of viewports) {
  test.describe(`virtual dollar card at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];
    let account: NewAccount;
    const shoot = viewport.name === 'mobile';

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      test.slow();
      account = await signUpThroughApi(page);
      await verifyAndFundThroughApi(page.request, account, '50000');
      await setExchangeRate(page.request, '450.00', '440.00');
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when a customer has not verified their identity yet, then the page says why they cannot create a card and how to get there', async ({
      page,
    }, testInfo) => {
      const cards = new DollarCardPage(page);
      await cards.goto();
      await expect(page.getByTestId('terms-fee')).toHaveText('$2.00');
      await expect(cards.create).toHaveCount(0);
      await expect(page.getByTestId('card-cannot-create')).toContainText('Upgrade to tier 2');
      await expect(page.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
        'href',
        '/verify-account',
      );
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await shootFromTop(page, testInfo, 'dollar-card-cannot-create');
      }
    });

    test('when the card cannot be read, then only a lost connection is blamed on the connection, and Try again shows the page', async ({
      page,
    }, testInfo) => {
      const cards = new DollarCardPage(page);
      const tryAgain = cards.loadFailure.getByRole('button', { name: 'Try again' });
      const reads = await failReads(page, /\/v1\/cards$/, 'network');
      await cards.goto();
      // The app asks twice more by itself before it says so.
      await expect(cards.loadFailure).toContainText('We could not load your dollar card.', {
        timeout: 15_000,
      });
      await expect(cards.loadFailure).toContainText('Check your connection and try again.');

      // The server answered, with a failure of its own: the connection is fine.
      reads.failAs('server');
      await tryAgain.click();
      await expect(cards.loadFailure).toContainText(
        'Something went wrong on our side. Try again in a moment.',
        { timeout: 15_000 },
      );
      await expect(cards.loadFailure).not.toContainText('connection');
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await shootFromTop(page, testInfo, 'dollar-card-load-failed');
      }

      reads.letThrough();
      await tryAgain.click();
      await expect(page.getByTestId('terms-fee')).toHaveText('$2.00');
      await expect(cards.loadFailure).toHaveCount(0);
      forgetFailedReadLogs(consoleErrors);
    });

    test('when a verified customer creates and funds a card, buys online, freezes it and is charged again, then the purchase settles and the second attempt is declined with its reason', async ({
      page,
    }, testInfo) => {
      await page.goto('/');
      await upgradeToTier2ThroughApi(page);
      const cards = new DollarCardPage(page);
      const sandbox = new SandboxCardSection(page);
      const before = await readNairaBalance(page.request);

      // Before the first card: what it is for, the fee and today's rate.
      await cards.goto();
      if (viewport.name === 'desktop') {
        await expect(
          page.getByRole('complementary').getByRole('link', { name: 'Virtual Dollar Card' }),
        ).toHaveAttribute('aria-current', 'page');
      }
      await expect(page.getByText('Spend in dollars, anywhere online')).toBeVisible();
      await expect(page.getByTestId('terms-fee')).toHaveText('$2.00');
      await expect(page.getByTestId('terms-rate')).toHaveText('₦450.00 / $1');
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await shootFromTop(page, testInfo, 'dollar-card-empty');
      }

      // Create: the amount, then the quote with the fee, the rate and the naira total.
      await cards.create.click();
      await expect(cards.panelTitle).toHaveText('Create your dollar card');
      await cards.dialog.getByRole('button', { name: 'See the quote' }).click();
      await expect(cards.dialog.getByText('Enter the amount in dollars')).toBeVisible();
      // More than the wallet holds: the quote shows, and Create card waits for a funded wallet.
      await cards.askQuote('4000');
      await expect(
        cards.dialog.getByText('Your wallet balance is below this amount.'),
      ).toBeVisible();
      await expect(cards.dialog.getByRole('button', { name: 'Create card' })).toBeDisabled();
      await cards.dialog.getByRole('button', { name: 'Change amount' }).click();
      await cards.askQuote('20');
      await expect(cards.panelTitle).toHaveText('Confirm your new card');
      await expect(cards.quote('amount')).toHaveText('$20.00');
      await expect(cards.quote('card-fee')).toHaveText('$2.00');
      await expect(cards.quote('rate')).toHaveText('₦450.00 / $1');
      await expect(cards.quote('total')).toHaveText('₦9,900.00');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await shootFromTop(page, testInfo, 'dollar-card-create-quote');
      }
      await confirmWithPin(cards.dialog.getByRole('button', { name: 'Create card' }));
      await expect(cards.dialog.getByTestId('card-panel-done')).toContainText('Your card is ready');
      await cards.dialog.getByRole('button', { name: 'Done' }).click();
      await expect(cards.dialog).toBeHidden();
      await expect(cards.face).toHaveAttribute('data-status', 'active');
      await expect(cards.available).toHaveText('$20.00');
      await expect(page.getByTestId('card-number')).toHaveText(/^•••• •••• •••• \d{4}$/);
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - 990_000n,
      );

      // Fund $10 at the same rate. A quote that cannot be read says so where the figures go, with
      // a way to ask again; the amount typed is not blamed.
      let quotesFail = true;
      await page.route('**/v1/cards/quotes', async (route) => {
        if (!quotesFail) {
          await route.fallback();
          return;
        }
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Something went wrong on our side', errors: [] }),
        });
      });
      await cards.actions.getByRole('link', { name: 'Fund' }).click();
      await expect(cards.panelTitle).toHaveText('Fund your card');
      await cards.dialog.getByLabel('Amount in dollars').fill('10');
      await cards.dialog.getByRole('button', { name: 'See the quote' }).click();
      await expect(cards.dialog.getByRole('alert')).toHaveText(/Something went wrong on our side/);
      await expect(cards.dialog.getByLabel('Amount in dollars')).toHaveCount(0);
      await expect(cards.dialog.getByRole('button', { name: 'Fund card' })).toBeDisabled();
      if (shoot) await shootFromTop(page, testInfo, 'dollar-card-quote-failed');
      quotesFail = false;
      await cards.dialog.getByRole('button', { name: 'Get a new quote' }).click();
      await expect(cards.quote('total')).toHaveText('₦4,500.00');
      await expect(cards.dialog.getByRole('alert')).toHaveCount(0);
      forgetFailedReadLogs(consoleErrors);
      // The funding reaches Ajo and is made, but its answer is lost: Fund card again finds it.
      const keys = await loseFirstAnswer(page, '**/v1/cards/*/fund');
      await confirmWithPin(cards.dialog.getByRole('button', { name: 'Fund card' }));
      await expect(cards.dialog.getByRole('alert')).toContainText(
        'We could not confirm this payment, and it may have gone through.',
      );
      await confirmWithPin(cards.dialog.getByRole('button', { name: 'Fund card' }));
      await expect(cards.dialog.getByTestId('card-panel-done')).toContainText('Card funded');
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      await page.unroute('**/v1/cards/*/fund');
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - 990_000n - 450_000n,
      );
      await cards.dialog.getByRole('button', { name: 'Done' }).click();
      await expect(cards.available).toHaveText('$30.00');
      await expect(cards.rows.first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await shootFromTop(page, testInfo, 'dollar-card-funded');
      }

      // Show the details: the password again, then the number and CVV, hidden on request.
      await cards.actions.getByRole('button', { name: 'Details' }).click();
      const reveal = page.getByRole('dialog', { name: 'Show card details' });
      await reveal.getByLabel('Password', { exact: true }).fill('not-my-password');
      await confirmWithPin(reveal.getByRole('button', { name: 'Show details' }));
      await expect(reveal.getByText('That password is not right')).toBeVisible();
      await reveal.getByLabel('Password', { exact: true }).fill(account.password);
      await confirmWithPin(reveal.getByRole('button', { name: 'Show details' }));
      await expect(reveal).toBeHidden();
      const details = page.getByTestId('revealed-details');
      await expect(details).toBeVisible();
      await expect(page.getByTestId('card-number')).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
      await expect(details.getByRole('timer')).toHaveText(/^Hides in \d:\d\d$/);
      if (shoot) await shootFromTop(page, testInfo, 'dollar-card-revealed');
      await details.getByRole('button', { name: 'Hide details' }).click();
      await expect(details).toBeHidden();
      await expect(page.getByTestId('card-number')).toHaveText(/^•••• •••• •••• \d{4}$/);

      // A merchant charges the card from the Sandbox page; approved, then settled.
      await sandbox.goto();
      await sandbox.charge('Netflix', '12.50');
      await expect(sandbox.decision).toContainText('Approved');
      await expect(sandbox.pending).toHaveCount(1);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await sandbox.section.screenshot({
          path: testInfo.outputPath('sandbox-card-charge.png'),
        });
      }
      await sandbox.pending.getByRole('button', { name: 'Settle' }).click();
      await expect(sandbox.pending).toHaveCount(0);

      await cards.goto();
      const netflix = cards.row('Netflix');
      await expect(netflix.getByTestId('card-transaction-status')).toHaveText('Settled');
      await expect(netflix.getByTestId('card-transaction-amount')).toHaveText('−$12.50');
      await expect(cards.available).toHaveText('$17.50');

      // Freeze: asked first, then shown plainly on the card.
      await cards.actions.getByRole('button', { name: 'Freeze' }).click();
      const freeze = page.getByRole('dialog', { name: 'Freeze your card?' });
      await freeze.getByRole('button', { name: 'Freeze card' }).click();
      await expect(freeze).toBeHidden();
      await expect(cards.face).toHaveAttribute('data-status', 'frozen');
      await expect(page.getByTestId('card-frozen-badge')).toBeVisible();
      await expect(page.getByTestId('card-frozen-notice')).toBeVisible();

      // The next charge is declined, and the list says why.
      await sandbox.goto();
      await sandbox.charge('Spotify', '5.00');
      await expect(sandbox.decision).toContainText('Declined');
      await expect(sandbox.decision).toContainText('Your card is frozen');

      await cards.goto();
      const spotify = cards.row('Spotify');
      await expect(spotify.getByTestId('card-transaction-status')).toHaveText('Declined');
      await expect(spotify.getByTestId('card-transaction-decline-reason')).toContainText(
        'Your card is frozen',
      );
      await expect(cards.available).toHaveText('$17.50');
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await shootFromTop(page, testInfo, 'dollar-card-frozen');
      }
      forgetLostAnswerLogs(consoleErrors);
    });
  });
}
