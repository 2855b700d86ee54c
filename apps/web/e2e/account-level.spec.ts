import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, test } from '@playwright/test';
import { AccountLevelCard } from './account-level-pages.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { failReads, forgetFailedReadLogs } from './failed-reads.ts';
import { saveScreenshots } from './screenshots.ts';
import { BvnModal, skipBvnModal, VerifyAccountPage } from './verification-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';

/*
 * Issue 14, item 9: Settings shows the account level (tier in words, its limits from the server's
 * configuration, the next step with its link), and so leads to the BVN step and /verify-account.
 */

test.describe('account level', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    await skipBvnModal(page);
  });
  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when a new customer opens Settings, then tier 0 allows nothing yet and the next step opens the BVN modal', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpThroughApi(page);
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Account level' }).click();
    await expect(page).toHaveURL('/settings/account-level');

    const level = new AccountLevelCard(page);
    await expect(level.tier).toHaveText('Tier 0 · Not verified yet');
    for (const label of [
      'Single deposit',
      'Wallet balance',
      'Withdrawal per transaction',
      'Withdrawals per day',
    ]) {
      await expect(level.limit(label)).toHaveText('Not available yet');
    }
    await expect(level.nextStep).toContainText('Next: Verify your BVN');
    await expect(level.nextStep).toContainText(
      'single deposits up to ₦50,000 and a balance up to ₦300,000',
    );
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'settings-account-level-tier-0');

    await level.action('Verify your BVN').click();
    await new BvnModal(page).expectStep('Verify your BVN');
  });

  test('when the BVN is verified, then tier 1 shows the configured limits and leads to /verify-account', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, '100');
    await page.goto('/settings/account-level');

    const level = new AccountLevelCard(page);
    await expect(level.tier).toHaveText('Tier 1 · BVN verified');
    await expect(level.limit('Single deposit')).toHaveText('Up to ₦50,000');
    await expect(level.limit('Wallet balance')).toHaveText('Up to ₦300,000');
    await expect(level.limit('Withdrawal per transaction')).toHaveText('Up to ₦50,000');
    await expect(level.limit('Withdrawals per day')).toHaveText('Up to ₦100,000');
    await expect(level.nextStep).toContainText('Next: Verify your identity');
    await expect(level.nextStep).toContainText(
      'single deposits up to ₦100,000 and a balance up to ₦500,000',
    );
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'settings-account-level-tier-1');

    await level.action('Verify your identity').click();
    const verifyAccount = new VerifyAccountPage(page);
    await expect(page).toHaveURL('/verify-account');
    await expect(verifyAccount.heading).toBeVisible();
    await expect(verifyAccount.bvn).toHaveValue(/^22\d\d\*\*$/);
  });

  test('when the account level cannot be read, then the card says so and Try again shows it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpThroughApi(page);
    const reads = await failReads(page, '**/v1/accounts/level');
    await page.goto('/settings/account-level');

    const level = new AccountLevelCard(page);
    // The app asks twice more by itself before it says so.
    await expect(level.card).toContainText('We could not load your account level.', {
      timeout: 15_000,
    });
    await expect(level.tier).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    reads.letThrough();
    await level.tryAgain.click();
    await expect(level.tier).toHaveText('Tier 0 · Not verified yet');
    await expect(level.limit('Single deposit')).toHaveText('Not available yet');
    await expect(level.tryAgain).toHaveCount(0);
    forgetFailedReadLogs(consoleErrors);
  });
});
