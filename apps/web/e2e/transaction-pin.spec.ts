import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { readCodeFromMailbox, signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { enterPin, pinBoxes } from './pin-pages.ts';
import { viewports } from './screenshots.ts';
import { expectNoSidewaysScroll, WalletPage } from './wallet-pages.ts';
import {
  BankAccountsSection,
  SandboxBankSection,
  verifyAndFundThroughApi,
  WithdrawPanel,
} from './withdraw-pages.ts';

const FIRST_PIN = '4826';
const NEW_PIN = '3917';

/** Types four digits into the PIN boxes whose test ids start with `testId`. */
async function typePin(page: Page, testId: string, pin: string): Promise<void> {
  await page.getByTestId(`${testId}-1`).click();
  await page.keyboard.type(pin);
}

for (const viewport of viewports) {
  test.describe(`transaction PIN at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      test.slow();
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    const shot = (page: Page, testInfo: TestInfo, name: string) =>
      page.screenshot({
        path: path.join(
          testInfo.project.outputDir,
          'screenshots',
          `pin-${name}-${viewport.name}.png`,
        ),
        fullPage: true,
        animations: 'disabled',
      });

    test('when a customer sets a PIN, withdraws with a wrong then the right PIN, and resets it by email, then only the right PIN moves money', async ({
      page,
      context,
    }, testInfo) => {
      const account = await signUpThroughApi(page, { withPin: false });
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

      // No PIN yet: every money-out form says so before anything is typed (bills here).
      await page.goto('/bills-payment');
      await expect(page.getByTestId('pin-not-set')).toContainText(
        'Set your transaction PIN in Settings before moving money',
      );
      await wallet.goto();
      // The withdraw panel says so too, and so does its confirm step; both lead to Settings.
      const panel = new WithdrawPanel(page);
      await panel.open.click();
      await expect(panel.dialog.getByTestId('pin-not-set')).toContainText(
        'Set your transaction PIN in Settings before moving money',
      );
      await panel.amount.fill('1000');
      await panel.continueButton.click();
      const notSet = panel.dialog.getByTestId('pin-not-set');
      await expect(notSet).toContainText(
        'Set your transaction PIN in Settings before moving money',
      );
      await expect(panel.sendButton('₦1,000.00')).toBeDisabled();
      await shot(page, testInfo, 'not-set');
      await notSet.getByRole('link', { name: 'Set your transaction PIN' }).click();

      // Settings › Transaction PIN: a simple sequence is refused before anything is sent.
      await expect(page).toHaveURL('/settings/pin?next=%2Fwallet%3Fa%3Dwithdraw');
      const section = page.getByRole('region', { name: 'Transaction PIN' });
      await expect(section.getByTestId('pin-status')).toContainText('No PIN yet');
      await typePin(page, 'new-pin', '1234');
      await typePin(page, 'repeat-pin', '1234');
      await section.getByLabel('Your password').fill(account.password);
      await section.getByRole('button', { name: 'Set PIN' }).click();
      await expect(
        section.getByText(/not four of the same digit or a simple sequence/),
      ).toHaveCount(1);
      await expect(section.getByRole('alert')).toContainText('a simple sequence such as 1234');
      await typePin(page, 'new-pin', FIRST_PIN);
      // The fourth digit moves on to the repeat; a letter typed there is ignored.
      await expect(page.getByTestId('repeat-pin-1')).toBeFocused();
      await page.keyboard.type('48a27');
      await expect(page.getByTestId('repeat-pin-4')).toHaveValue('7');
      await section.getByRole('button', { name: 'Set PIN' }).click();
      await expect(section.getByRole('alert')).toHaveText('The two PINs do not match');
      await expectNoAccessibilityViolations(page);
      await shot(page, testInfo, 'settings-set');
      await typePin(page, 'repeat-pin', FIRST_PIN);
      await section.getByRole('button', { name: 'Set PIN' }).click();
      // Set: back to the withdrawal it was needed for, its panel open again.
      await expect(page).toHaveURL(/\/wallet\?(.*&)?a=withdraw/);
      await expect(panel.dialog).toBeVisible();
      await page.goto('/settings/pin');
      await expect(section.getByTestId('pin-status')).toContainText('PIN set');
      await expect(section.getByRole('button', { name: 'Email me a code' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, testInfo, 'settings-status');

      // A wrong PIN: refused in the API's words with the tries left, the boxes cleared.
      // The panel opens on its amount, and the confirm step on the PIN: keys go where they should.
      await wallet.goto();
      await panel.open.click();
      await expect(panel.amount).toBeFocused();
      await page.keyboard.type('1000');
      await panel.continueButton.click();
      await expect(pinBoxes(page)).toHaveCount(4);
      await expect(page.getByTestId('pin-digit-1')).toBeFocused();
      await enterPin(page, '1111');
      await panel.sendButton('₦1,000.00').click();
      const pinError = panel.dialog.getByTestId('pin-confirm').getByRole('alert');
      await expect(pinError).toHaveText(/^Wrong PIN\. 4 tries left before your PIN locks/);
      for (const box of await pinBoxes(page).all()) await expect(box).toHaveValue('');
      await expect(panel.result).toHaveCount(0);
      await expectNoAccessibilityViolations(page);
      await shot(page, testInfo, 'wrong-pin');

      // The right PIN sends the money.
      await enterPin(page, FIRST_PIN);
      await expect(pinError).toHaveCount(0);
      await panel.sendButton('₦1,000.00').click();
      await expect(panel.result).toHaveText('Withdrawal on its way');
      await panel.done.click();
      await expect(wallet.rowsWithText('Withdrawal').first()).toContainText('₦1,000.00');

      // Reset by email: a code, the password and the new PIN twice.
      await page.goto('/settings/pin');
      await section.getByRole('button', { name: 'Email me a code' }).click();
      await expect(section).toContainText(`We emailed a 6-digit code to`);
      const code = await readCodeFromMailbox(page.request, account.email);
      const mailbox = await context.newPage();
      await mailbox.goto(`/sandbox?email=${encodeURIComponent(account.email)}`);
      const mails = mailbox.getByRole('region', { name: 'Mailbox' }).getByRole('listitem');
      await expect(mails.first()).toContainText(code);
      await mails.first().scrollIntoViewIfNeeded();
      await shot(mailbox, testInfo, 'mailbox');
      await mailbox.close();

      await section
        .getByRole('group', { name: 'Code from the email' })
        .locator('input')
        .first()
        .click();
      await page.keyboard.type(code);
      await section.getByLabel('Your password').fill(account.password);
      await typePin(page, 'new-pin', NEW_PIN);
      await typePin(page, 'repeat-pin', NEW_PIN);
      await expectNoAccessibilityViolations(page);
      await shot(page, testInfo, 'settings-reset');
      await section.getByRole('button', { name: 'Save new PIN' }).click();
      await expect(page.getByText('Transaction PIN changed.')).toBeVisible();
      await expect(section.getByRole('button', { name: 'Email me a code' })).toBeVisible();

      // The old PIN no longer works; the new one does.
      await wallet.goto();
      await panel.open.click();
      await panel.amount.fill('1000');
      await panel.continueButton.click();
      await enterPin(page, FIRST_PIN);
      await panel.sendButton('₦1,000.00').click();
      await expect(pinError).toHaveText(/^Wrong PIN\./);
      await enterPin(page, NEW_PIN);
      await panel.sendButton('₦1,000.00').click();
      await expect(panel.result).toHaveText('Withdrawal on its way');
    });
  });
}
