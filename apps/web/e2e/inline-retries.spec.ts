import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { failReads, forgetFailedReadLogs, type FailingReads } from './failed-reads.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import { skipBvnModal } from './verification-pages.ts';

/** The recent transactions Home reads (`/v1/transactions?page=0&size=5`), not one transaction. */
const RECENT_TRANSACTIONS = /\/v1\/transactions\?/;

/** The savings catalogue (`/v1/savings/plans`): products, their rates and durations. */
const SAVINGS_PRODUCTS = /\/v1\/savings\/plans$/;

/** Both wallets, naira and dollar, in one read. */
const WALLETS = /\/v1\/wallets$/;

/** The bill history (`/v1/bill_payments?page=0&size=50`), not the billers, quotes or recipients. */
const BILL_HISTORY = /\/v1\/bill_payments\?/;

/**
 * Holds the next reads of `url` until the returned function is called, then lets them on to the
 * failing reads behind (routes added later are asked first). While held, the page is seen as it
 * is while Try again asks again.
 */
async function holdReads(page: Page, url: RegExp): Promise<() => void> {
  const { promise: doorOpened, resolve: openTheDoor } = Promise.withResolvers<undefined>();
  await page.route(url, async (route) => {
    await doorOpened;
    await route.fallback();
  });
  return () => {
    openTheDoor(undefined);
  };
}

/**
 * Try again in a failed part of a page, asking a server that is still failing: the failure (with
 * what it said) and the busy button stay where they were, with no skeleton in their place and the
 * focus on the button; once the server answers, the content takes the failure's place.
 */
async function expectTryAgainStaysInPlace({
  page,
  reads,
  url,
  part,
  failure,
  skeleton,
  content,
  screenshot,
}: {
  page: Page;
  reads: FailingReads;
  url: RegExp;
  part: Locator;
  /** What the failure says, seen before, during and after Try again. */
  failure: Locator;
  /** The part's skeleton, never seen while Try again asks. */
  skeleton: Locator;
  /** What the part shows once the read is answered. */
  content: Locator;
  /** Pictures of the part while Try again asks, taken once (they cover both widths). */
  screenshot: { testInfo: TestInfo; name: string } | undefined;
}) {
  const tryAgain = part.getByRole('button', { name: 'Try again' });
  // The app asks twice more by itself before it says so.
  await expect(tryAgain).toBeEnabled({ timeout: 15_000 });
  await expect(failure).toBeVisible();

  const openTheDoor = await holdReads(page, url);
  await tryAgain.click();
  await expect(tryAgain).toHaveAttribute('aria-busy', 'true');
  await expect(tryAgain).toBeDisabled();
  await expect(tryAgain).toBeFocused();
  await expect(failure).toBeVisible();
  await expect(skeleton).toHaveCount(0);
  if (screenshot) await saveScreenshots(page, screenshot.testInfo, screenshot.name);

  // Still failing: the button is busy until the app's own retries are done, and keeps focus.
  openTheDoor();
  await expect(tryAgain).toBeEnabled({ timeout: 15_000 });
  await expect(tryAgain).not.toHaveAttribute('aria-busy');
  await expect(tryAgain).toBeFocused();
  await expect(failure).toBeVisible();

  // Answering: the content takes the failure's place.
  reads.letThrough();
  await tryAgain.click();
  await expect(content).toBeVisible({ timeout: 15_000 });
  await expect(tryAgain).toHaveCount(0);
}

for (const viewport of viewports) {
  test.describe(`inline Try again (${viewport.name})`, () => {
    let consoleErrors: string[] = [];
    const shoot = viewport.name === 'mobile';

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      test.slow();
      await signUpThroughApi(page);
      await skipBvnModal(page);
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when Home’s recent transactions cannot be read and Try again asks a server that is still failing, then the failure and a busy, focused Try again stay in place of the list until the answer is in', async ({
      page,
    }, testInfo) => {
      const reads = await failReads(page, RECENT_TRANSACTIONS, 'server');
      await page.goto('/');
      const part = page.getByRole('region', { name: 'Recent transactions' });
      await expectTryAgainStaysInPlace({
        page,
        reads,
        url: RECENT_TRANSACTIONS,
        part,
        failure: part.getByText('We could not load your recent transactions.'),
        // The skeleton's rows are hidden from assistive technology: they are found by their markup.
        skeleton: part.locator('ul[aria-hidden="true"]'),
        content: part.getByText('No transactions yet'),
        screenshot: shoot ? { testInfo, name: 'home-recent-try-again-busy' } : undefined,
      });
      forgetFailedReadLogs(consoleErrors);
    });

    test('when the bill history gets no answer and Try again asks while Ajo still cannot be reached, then what it said and a busy, focused Try again stay in place of the history until the answer is in', async ({
      page,
    }, testInfo) => {
      const reads = await failReads(page, BILL_HISTORY, 'network');
      await page.goto('/bills-payment');
      const part = page.getByRole('region', { name: 'Bill payments' });
      await expectTryAgainStaysInPlace({
        page,
        reads,
        url: BILL_HISTORY,
        part,
        failure: part
          .getByRole('alert')
          .filter({ hasText: 'We could not reach Ajo. Check your connection and try again.' }),
        skeleton: page.getByRole('status').filter({ hasText: 'Loading your bill payments' }),
        content: part.getByRole('heading', { name: 'No bill payments yet' }),
        screenshot: shoot ? { testInfo, name: 'bills-history-try-again-busy' } : undefined,
      });
      forgetFailedReadLogs(consoleErrors);
    });

    test('when the wallets cannot be read on /wallet, then both balance cards say so, the naira card’s white Try again shows a white focus ring on the blue, and it brings both back', async ({
      page,
    }, testInfo) => {
      const reads = await failReads(page, WALLETS, 'server');
      await page.goto('/wallet');
      const naira = page.getByRole('region', { name: 'Naira wallet' });
      const dollar = page.getByRole('region', { name: 'Dollar wallet' });
      const tryAgain = naira.getByRole('button', { name: 'Try again' });
      await expect(tryAgain).toBeEnabled({ timeout: 15_000 });
      // The dollar card is read with the naira card: it says so too, rather than loading forever.
      await expect(dollar).toContainText('We could not load your dollar balance.');
      // From the keyboard, the focus ring is white (the blue card would swallow a blue one), and
      // the button has no ring of its own.
      await tryAgain.focus();
      await expect
        .poll(() =>
          tryAgain.evaluate((button) => {
            const style = getComputedStyle(button);
            return [style.outlineColor, style.boxShadow];
          }),
        )
        .toEqual(['rgb(255, 255, 255)', expect.not.stringContaining('inset') as unknown as string]);
      await expectTryAgainStaysInPlace({
        page,
        reads,
        url: WALLETS,
        part: naira,
        failure: naira.getByText('We could not load your balance.'),
        skeleton: naira.locator('div[aria-hidden="true"]'),
        content: naira.getByText('₦0.00').first(),
        screenshot: shoot ? { testInfo, name: 'wallet-balance-try-again-busy' } : undefined,
      });
      await expect(dollar).toContainText('$0.00');
      await expect(dollar).not.toContainText('We could not load');
      forgetFailedReadLogs(consoleErrors);
    });

    test('when the savings catalogue cannot be read, then the Target Savings page’s challenge banner and rate card say so with Try again instead of placeholders, and Try again brings both', async ({
      page,
    }) => {
      const reads = await failReads(page, SAVINGS_PRODUCTS, 'server');
      await page.goto('/savings/target-savings');
      const banner = page.getByRole('region', { name: 'Olympic Investment Marathon!' });
      // The rate card is shown on wide screens only.
      const rate = page.getByTestId('target-rate');
      await expect(banner).toContainText('We could not load the challenge right now.', {
        timeout: 15_000,
      });
      if (!shoot) await expect(rate).toHaveText('Not available');
      await expectTryAgainStaysInPlace({
        page,
        reads,
        url: SAVINGS_PRODUCTS,
        part: banner,
        failure: banner.getByText('We could not load the challenge right now.'),
        // The button's skeleton is hidden from assistive technology: found by its markup.
        skeleton: banner.locator('span.animate-pulse'),
        content: banner.getByRole('link', { name: 'Join Challenge' }),
        screenshot: undefined,
      });
      await expect(banner).toContainText('Set weekly investment goals and earn digital medals.');
      if (!shoot) await expect(rate).toHaveText(/^\d+(\.\d+)?%$/);
      forgetFailedReadLogs(consoleErrors);
    });
  });
}
