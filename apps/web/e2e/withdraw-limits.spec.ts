import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { failReads, forgetFailedReadLogs } from './failed-reads.ts';
import { saveScreenshots } from './screenshots.ts';
import { savePanelScreenshots, upgradeToTier2ThroughApi } from './transactions-pages.ts';
import { FundAccountPanel, WalletPage } from './wallet-pages.ts';
import {
  BankAccountsSection,
  SandboxBankSection,
  verifyAndFundThroughApi,
  WithdrawPanel,
} from './withdraw-pages.ts';
import { confirmWithPin } from './pin-pages.ts';

/*
 * Issue 14, items 1, 2 and 12: the amount step checks the balance with the fee and offers
 * "Withdraw all"; a tier-2 customer above their maximum reads the server's words for tier 2;
 * bank search knows the short names; a linked account shows its last four digits on a phone and
 * its removal names the account.
 */

/** The quote answers 422 for an amount above the limits; the panel shows its message. */
const QUOTE_REFUSED = /status of 422\b/;

test.describe('withdraw limits', () => {
  let consoleErrors: string[] = [];

  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    test.slow();
  });

  test.afterEach(() => {
    expect(
      consoleErrors.filter((error) => !QUOTE_REFUSED.test(error)),
      'console errors (CSP violations show up here)',
    ).toEqual([]);
  });

  /** A signed-up customer with `amount` naira and a linked GTBank account found by "GTB". */
  async function customerWithAccount(page: Page, testInfo: TestInfo, amount: string) {
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, amount);
    const ownName = `${account.firstName} ${account.lastName}`;
    const sandbox = new SandboxBankSection(page);
    await sandbox.goto();
    const accountNumber = await sandbox.openAccount(ownName);
    const wallet = new WalletPage(page);
    await wallet.goto();
    const banks = new BankAccountsSection(page);
    // The bank list is slow to come: "GTB" is typed before it arrives, as a quick typist would.
    await page.route('**/v1/banks', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await banks.add.click();
    await expect(banks.dialog).toBeVisible();
    // "GTB" is what people type: the search finds Guaranty Trust Bank and chooses it, also when
    // the list arrives after the typing.
    await banks.search.fill('GTB');
    await expect(banks.bank).toHaveValue('058');
    await page.unroute('**/v1/banks');
    await expect(banks.bank.getByRole('option')).toHaveText([
      'Choose your bank',
      'Guaranty Trust Bank',
    ]);
    await savePanelScreenshots(page, testInfo, 'add-bank-account-search', banks.dialog);
    await banks.accountNumber.fill(accountNumber);
    await expect(banks.resolvedName).toHaveText(ownName);
    await banks.link.click();
    await expect(banks.rows).toHaveCount(1);
    return { account, accountNumber, ownName, wallet, banks };
  }

  test('when the amount and its fee are more than the balance, then the amount step says so and Withdraw all fills what is left after the fee', async ({
    page,
  }, testInfo) => {
    await customerWithAccount(page, testInfo, '30000');
    const panel = new WithdrawPanel(page);
    await panel.open.click();
    await expect(panel.available).toHaveText('₦30,000.00');

    await panel.amount.fill('30000');
    await expect(panel.total).toHaveText('₦30,050.00');
    await expect(
      panel.dialog.getByText(
        'Your available balance is ₦30,000.00. With the transfer fee, you can withdraw at most ₦29,950.00.',
      ),
    ).toBeVisible();
    await expect(panel.amount).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.continueButton).toBeDisabled();
    await expectNoAccessibilityViolations(page);
    await savePanelScreenshots(page, testInfo, 'withdraw-above-balance', panel.dialog);

    await panel.withdrawAll.click();
    await expect(panel.amount).toHaveValue('29,950');
    await expect(panel.fee).toHaveText('₦50.00');
    await expect(panel.total).toHaveText('₦30,000.00');
    await expect(panel.amount).not.toHaveAttribute('aria-invalid', 'true');
    await savePanelScreenshots(page, testInfo, 'withdraw-all', panel.dialog);
    await panel.continueButton.click();
    await expect(panel.confirmSummary).toContainText(
      'Send ₦29,950.00 to Guaranty Trust Bank ••••••',
    );
    await confirmWithPin(panel.sendButton('₦29,950.00'));
    await expect(panel.result).toHaveText('Withdrawal on its way');
  });

  test('when a tier-2 customer asks for more than their maximum, then the server’s words for tier 2 show, not "verify your identity"', async ({
    page,
  }, testInfo) => {
    await customerWithAccount(page, testInfo, '1000');
    await upgradeToTier2ThroughApi(page);

    const panel = new WithdrawPanel(page);
    await page.goto('/wallet?a=withdraw');
    await panel.amount.fill('100001');
    await expect(
      panel.dialog.getByText(
        'Your account can withdraw at most ₦100,000.00 at a time. This is the highest limit for a verified account.',
      ),
    ).toBeVisible();
    await expect(panel.dialog).not.toContainText('Verify your identity');
    await expect(panel.continueButton).toBeDisabled();
    await savePanelScreenshots(page, testInfo, 'withdraw-tier-2-maximum', panel.dialog);

    await page.goto('/wallet?a=fund account&type=card');
    const fund = new FundAccountPanel(page);
    await fund.amount.fill('100001');
    await expect(
      fund.dialog.getByText(
        'Your account can receive at most ₦100,000.00 in one deposit. This is the highest limit for a verified account.',
      ),
    ).toBeVisible();
    await expect(fund.dialog).not.toContainText('Verify your identity');
    await savePanelScreenshots(page, testInfo, 'fund-tier-2-maximum', fund.dialog);
    await expect(fund.continueButton).toBeDisabled();
    await expectNoAccessibilityViolations(page);
  });

  test('when the fee of a withdrawal or a card top-up cannot be read, then a banner says so with Try again, and nothing is blamed on the amount', async ({
    page,
  }, testInfo) => {
    await customerWithAccount(page, testInfo, '30000');
    const panel = new WithdrawPanel(page);
    const availableUnread = panel.dialog.getByText('We could not load your available balance.');
    // What can be withdrawn (the quote without an amount) and the fee of an amount both fail.
    const withdrawAllQuote = await failReads(page, /\/v1\/wallets\/withdraw\/quote$/);
    const withdrawQuotes = await failReads(page, /\/v1\/wallets\/withdraw\/quote\?amount=/);
    await page.goto('/wallet?a=withdraw');
    await expect(availableUnread).toBeVisible();
    withdrawAllQuote.letThrough();
    await panel.dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(panel.available).toHaveText('₦30,000.00');
    await expect(availableUnread).toHaveCount(0);

    await panel.amount.fill('20000');
    await expect(panel.dialog.getByRole('alert')).toHaveText(/Something went wrong on our side/);
    await expect(panel.amount).not.toHaveAttribute('aria-invalid', 'true');
    await expect(panel.fee).toHaveText('—');
    await expect(panel.continueButton).toBeDisabled();
    await expectNoAccessibilityViolations(page);
    await savePanelScreenshots(page, testInfo, 'withdraw-fee-unread', panel.dialog);

    withdrawQuotes.letThrough();
    await panel.dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(panel.fee).toHaveText('₦50.00');
    await expect(panel.total).toHaveText('₦20,050.00');
    await expect(panel.dialog.getByRole('alert')).toHaveCount(0);
    await expect(panel.continueButton).toBeEnabled();

    // No answer at all reads the same way on the card top-up, and says what to do.
    const depositQuotes = await failReads(page, /\/v1\/wallets\/deposit\/quote\?/, 'network');
    await page.goto('/wallet?a=fund account&type=card');
    const fund = new FundAccountPanel(page);
    await fund.amount.fill('5000');
    await expect(fund.dialog.getByRole('alert')).toHaveText(
      'We could not reach Ajo. Check your connection and try again.',
    );
    await expect(fund.amount).not.toHaveAttribute('aria-invalid', 'true');
    await expect(fund.continueButton).toBeDisabled();
    await savePanelScreenshots(page, testInfo, 'fund-card-fee-unread', fund.dialog);

    depositQuotes.letThrough();
    await fund.dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(fund.total).toHaveText('₦5,075.00');
    await expect(fund.dialog.getByRole('alert')).toHaveCount(0);
    await expect(fund.continueButton).toBeEnabled();

    // A refusal of the amount itself still shows at the box.
    await fund.amount.fill('50');
    await expect(fund.dialog.getByText('The smallest deposit is ₦100.00')).toBeVisible();
    await expect(fund.amount).toHaveAttribute('aria-invalid', 'true');
    await expect(fund.dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    forgetFailedReadLogs(consoleErrors);
  });

  test('when a linked account is shown on a phone, then its last four digits are never cut off, and removing it names the bank and masked number', async ({
    page,
  }, testInfo) => {
    const { accountNumber, banks } = await customerWithAccount(page, testInfo, '1000');
    const last4 = accountNumber.slice(-4);
    const label = `Guaranty Trust Bank ••••••${last4}`;

    await page.setViewportSize({ width: 375, height: 812 });
    const masked = banks.rows.first().getByTestId('masked-account-number');
    await expect(masked).toHaveText(`••••••${last4}`);
    // Fully inside the row and not clipped by an ellipsis.
    expect(await masked.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    const box = await masked.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await saveScreenshots(page, testInfo, 'bank-accounts-phone');

    const panel = new WithdrawPanel(page);
    await panel.open.click();
    await expect(panel.account(label)).toBeChecked();
    await expect(panel.dialog.getByText(`••••••${last4}`, { exact: true })).toBeInViewport();
    await savePanelScreenshots(page, testInfo, 'withdraw-account-picker', panel.dialog);
    // A dialog opened from the panel closes alone: the panel stays where the person was.
    await panel.dialog.getByRole('button', { name: 'Add another account' }).click();
    await expect(banks.dialog).toBeVisible();
    await banks.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(banks.dialog).toBeHidden();
    await expect(panel.dialog).toBeVisible();
    await expect(page).toHaveURL('/wallet?a=withdraw');
    await page.keyboard.press('Escape');
    await expect(panel.dialog).toBeHidden();

    await banks.removeButton(label).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${label}?` });
    await expect(confirm).toContainText(`${label} will no longer be offered for withdrawals`);
    await expectNoAccessibilityViolations(page);
    await savePanelScreenshots(page, testInfo, 'remove-bank-account-named', confirm);
  });
});
