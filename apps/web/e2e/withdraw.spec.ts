import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import { saveScreenshots } from './screenshots.ts';
import { expectNoSidewaysScroll, WalletPage } from './wallet-pages.ts';
import {
  BankAccountsSection,
  SandboxBankSection,
  verifyAndFundThroughApi,
  WithdrawPanel,
} from './withdraw-pages.ts';
import { enterPin } from './pin-pages.ts';

test.describe('withdraw', () => {
  let consoleErrors: string[] = [];

  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    // Whole journeys through two pages, screenshots at two widths and axe scans.
    test.slow();
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when a customer links their own account and withdraws, then it is pending until the bank settles it', async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, '30000');
    const ownName = `${account.firstName} ${account.lastName}`;

    const sandbox = new SandboxBankSection(page);
    await sandbox.goto();
    const accountNumber = await sandbox.openAccount(ownName);
    // Named as the server names it in the history and in notices (issue 14, item 12).
    const masked = `••••••${accountNumber.slice(-4)}`;
    await saveScreenshots(page, testInfo, 'sandbox-bank-account');

    const wallet = new WalletPage(page);
    await wallet.goto();
    await expect(wallet.balance).toHaveText('₦30,000.00');
    const banks = new BankAccountsSection(page);
    await expect(banks.section).toContainText('No bank account linked yet');
    await banks.add.click();
    await banks.enterAccount('058', accountNumber, ownName);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'add-bank-account');
    await banks.link.click();
    await expect(banks.dialog).toBeHidden();
    await expect(banks.rows).toHaveCount(1);
    await expect(banks.rows.first()).toContainText('Guaranty Trust Bank');
    await expect(banks.rows.first()).toContainText(masked);
    await expect(banks.rows.first()).not.toContainText(accountNumber);

    const panel = new WithdrawPanel(page);
    await panel.open.click();
    await expect(page).toHaveURL('/wallet?a=withdraw');
    await expect(panel.dialog).toBeVisible();
    await expect(panel.account(new RegExp(masked))).toBeChecked();
    await panel.amount.fill('20000');
    await expect(panel.amount).toHaveValue('20,000');
    await expect(panel.fee).toHaveText('₦50.00');
    await expect(panel.total).toHaveText('₦20,050.00');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'withdraw-quote');
    await panel.continueButton.click();
    await expect(panel.confirmSummary).toHaveText(
      `Send ₦20,000.00 to Guaranty Trust Bank ${masked} (${ownName})?`,
    );
    await expect(panel.dialog).toContainText('₦50.00 fee, ₦20,050.00 leaves your wallet');
    await saveScreenshots(page, testInfo, 'withdraw-confirm');
    // The keyboard path: the PIN, then Enter sends, as the Send button does.
    await expect(panel.sendButton('₦20,000.00')).toBeVisible();
    await enterPin(page);
    await page.keyboard.press('Enter');
    await expect(panel.result).toHaveText('Withdrawal on its way');
    await expect(panel.dialog).toContainText('we will notify you when the bank confirms', {
      ignoreCase: true,
    });
    await saveScreenshots(page, testInfo, 'withdraw-pending');
    // The Send button went with the confirmation: focus is on Done, then back on Withdraw.
    await expect(panel.done).toBeFocused();
    await panel.done.click();
    await expect(panel.dialog).toBeHidden();
    await expect(panel.open).toBeFocused();

    const withdrawalRow = wallet.rowsWithText('Withdrawal').first();
    await expect(withdrawalRow).toContainText('Pending');
    await expect(withdrawalRow).toContainText('₦20,000.00');
    // Until the bank answers, the money is held: still in the balance, no longer available.
    const nairaCard = page.getByRole('region', { name: 'Naira wallet' });
    await expect(wallet.balance).toHaveText('₦30,000.00');
    await expect(nairaCard).toContainText('Available₦9,950.00');
    await expect(nairaCard).toContainText('Held for pending payments₦20,050.00');
    await saveScreenshots(page, testInfo, 'wallet-withdrawal-pending');

    await sandbox.goto();
    const payout = sandbox.payoutTo(accountNumber);
    await expect(payout).toContainText('pending');
    await expect(payout).toContainText('₦20,000.00');
    await saveScreenshots(page, testInfo, 'sandbox-payouts');
    await payout.getByRole('button', { name: 'Settle success' }).click();
    await expect(payout).toContainText('success');
    await expect(payout.getByRole('button', { name: 'Reverse' })).toBeVisible();

    await wallet.goto();
    await expect(wallet.rowsWithText('Withdrawal').first()).toContainText('Successful');
    await expect(wallet.balance).toHaveText('₦9,950.00');
    await expect(nairaCard).toContainText('Held for pending payments₦0.00');
    await expectNoSidewaysScroll(page);
    await saveScreenshots(page, testInfo, 'wallet-withdrawal-successful');
  });

  test('when the answer to a withdrawal is lost and the customer changes the amount, then the retry carries the same key and the money leaves once', async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, '30000');
    const ownName = `${account.firstName} ${account.lastName}`;
    const sandbox = new SandboxBankSection(page);
    await sandbox.goto();
    const accountNumber = await sandbox.openAccount(ownName);
    const wallet = new WalletPage(page);
    await wallet.goto();
    const banks = new BankAccountsSection(page);
    await banks.add.click();
    await banks.enterAccount('058', accountNumber, ownName);
    await banks.link.click();
    await expect(banks.rows).toHaveCount(1);

    // The first withdrawal reaches Ajo, but its answer never reaches the browser.
    const keys = await loseFirstAnswer(page, '**/v1/wallets/withdraw');
    const panel = new WithdrawPanel(page);
    await panel.open.click();
    await panel.amount.fill('1000');
    await panel.continueButton.click();
    await enterPin(page);
    await panel.sendButton('₦1,000.00').click();
    await expect(panel.dialog.getByRole('alert')).toContainText(
      'We could not confirm this payment, and it may have gone through',
    );
    await saveScreenshots(page, testInfo, 'withdraw-answer-lost');

    // Changing the amount does not make it a new payment: the key is kept, and Ajo says the
    // first one arrived.
    await panel.dialog.getByRole('button', { name: 'Change details' }).click();
    await expect(panel.amount).toBeFocused();
    await panel.amount.fill('2000');
    await panel.continueButton.click();
    await enterPin(page);
    await panel.sendButton('₦2,000.00').click();
    await expect(panel.dialog.getByRole('alert')).toContainText(
      'Your earlier attempt reached Ajo before the connection dropped',
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const nairaCard = page.getByRole('region', { name: 'Naira wallet' });
    await expect(nairaCard).toContainText('Held for pending payments₦1,050.00');
    await expect(wallet.rowsWithText('Withdrawal')).toHaveCount(1);
    forgetLostAnswerLogs(consoleErrors);
  });

  test("when the account is in someone else's name, then linking is refused; a linked account can be removed after confirming", async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, '1000');
    const ownName = `${account.firstName} ${account.lastName}`;

    const sandbox = new SandboxBankSection(page);
    await sandbox.goto();
    const strangerNumber = await sandbox.openAccount('Someone Else');
    const ownNumber = await sandbox.openAccount(ownName);

    const wallet = new WalletPage(page);
    await wallet.goto();
    const banks = new BankAccountsSection(page);
    await banks.add.click();
    // The name enquiry already says it cannot be linked, before Link is pressed.
    await banks.bank.selectOption('058');
    await banks.accountNumber.fill(strangerNumber);
    const refusal = banks.dialog.getByRole('alert');
    await expect(refusal).toContainText('This account is in the name of Someone Else');
    await expect(refusal).toContainText(`your own name (${ownName})`);
    await expect(banks.resolvedName).toBeHidden();
    await expect(banks.link).toBeDisabled();
    await saveScreenshots(page, testInfo, 'add-bank-account-refused');

    // Another number resets the looked-up name until the next enquiry answers.
    await banks.accountNumber.fill(ownNumber.slice(0, 9));
    await expect(banks.resolvedName).toBeHidden();
    await expect(banks.link).toBeDisabled();
    await banks.accountNumber.fill(ownNumber);
    await expect(banks.resolvedName).toHaveText(ownName);
    await expect(refusal).toBeHidden();
    await banks.link.click();
    await expect(banks.dialog).toBeHidden();
    await expect(banks.rows).toHaveCount(1);

    const label = `Guaranty Trust Bank ••••••${ownNumber.slice(-4)}`;
    await banks.removeButton(label).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${label}?` });
    await expect(confirm).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'remove-bank-account');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
    await expect(banks.rows).toHaveCount(1);

    await banks.removeButton(label).click();
    await confirm.getByRole('button', { name: 'Remove account' }).click();
    await expect(confirm).toBeHidden();
    await expect(banks.rows).toHaveCount(0);
    await expect(banks.section).toContainText('No bank account linked yet');

    // With nothing linked, the withdraw panel asks for an account first.
    const panel = new WithdrawPanel(page);
    await panel.open.click();
    await expect(
      panel.dialog.getByRole('heading', { name: 'Add a bank account first' }),
    ).toBeVisible();
    await expect(panel.continueButton).toBeDisabled();
    await saveScreenshots(page, testInfo, 'withdraw-no-account');
  });
});
