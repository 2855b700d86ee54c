import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatShortLagosDate } from '../src/components/wallet/transaction-presentation.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshots } from './screenshots.ts';
import {
  NotificationsPanel,
  savePanelScreenshots,
  settlePayoutThroughApi,
  TransactionReceiptPanel,
  upgradeToTier2ThroughApi,
  waitForTransactionStatus,
} from './transactions-pages.ts';
import {
  expectNoSidewaysScroll,
  sendTransferThroughApi,
  startCardDepositThroughApi,
  uniqueSuffix,
  WalletPage,
} from './wallet-pages.ts';
import {
  BankAccountsSection,
  SandboxBankSection,
  verifyAndFundThroughApi,
} from './withdraw-pages.ts';
import { JOURNEY_PIN } from './pin-pages.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/*
 * Issue 14, items 3, 4, 5 and 12: a transaction opens as a receipt (from its row and from the
 * notice about it), a released on-hold part says so, an unpaid card checkout reads as awaiting
 * payment with Resume and Cancel, and a bank account is named the same masked way everywhere.
 */

/**
 * "24 Nov": the day in Lagos the held part was released, as the history writes it. Read from the
 * server's own record and clock rather than this machine's: the sandbox clock may have been moved
 * on (savings.spec.ts advances it to mature a plan), into another year even.
 */
async function releasedDay(request: APIRequestContext, sender: string): Promise<string> {
  const response = await request.get('/v1/transactions', {
    params: { page: 0, size: 20, sort: '-created_at' },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: { items: { on_hold_released_at: string | null }[] };
  };
  const released = body.data.items.find((item) => item.on_hold_released_at !== null);
  const releasedAt = released?.on_hold_released_at;
  if (!releasedAt) throw new Error(`no released deposit from ${sender}`);
  const serverTime = response.headers()['x-server-time'];
  return formatShortLagosDate(releasedAt, serverTime ? new Date(serverTime) : new Date());
}

test.describe('transactions', () => {
  let consoleErrors: string[] = [];

  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    // Whole journeys with background settlement, screenshots at two widths and axe scans.
    test.slow();
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when a withdrawal settles, then its notice and its row open the receipt, with the account masked the same way everywhere', async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, '30000');
    const ownName = `${account.firstName} ${account.lastName}`;
    const sandbox = new SandboxBankSection(page);
    await sandbox.goto();
    const accountNumber = await sandbox.openAccount(ownName);
    const label = `Guaranty Trust Bank ••••••${accountNumber.slice(-4)}`;

    const wallet = new WalletPage(page);
    await wallet.goto();
    const banks = new BankAccountsSection(page);
    await banks.add.click();
    await banks.enterAccount('058', accountNumber, ownName);
    await banks.link.click();
    await expect(banks.rows).toHaveCount(1);

    // The withdrawal through the API (the panel has its own journeys), then the bank pays it.
    const bankAccounts = (await (await page.request.get('/v1/bank_accounts')).json()) as {
      data: { items: { id: string }[] };
    };
    const sent = await page.request.post('/v1/wallets/withdraw', {
      headers: {
        ...CLIENT_HEADERS,
        'Idempotency-Key': `e2e-${uniqueSuffix()}`,
        'x-transaction-pin': JOURNEY_PIN,
      },
      data: { amount: '20000', bank_account_id: bankAccounts.data.items[0]?.id },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const transactionId = ((await sent.json()) as { data: { transaction: { id: string } } }).data
      .transaction.id;
    await settlePayoutThroughApi(page.request, accountNumber, 'success');
    await waitForTransactionStatus(page.request, transactionId, 'successful');

    // The notice names the account masked, as the history does, and links to the receipt.
    await page.goto('/wallet?a=notification');
    const notifications = new NotificationsPanel(page);
    const notice = notifications.item('Withdrawal successful');
    await expect(notice).toContainText(`₦20,000.00 was sent to ${label}.`);
    await expect(notifications.dialog).not.toContainText(accountNumber);
    await expectNoAccessibilityViolations(page);
    await savePanelScreenshots(page, testInfo, 'notifications-receipt-link', notifications.dialog);
    await notifications.receiptLink(notice).click();

    const receipt = new TransactionReceiptPanel(page);
    await expect(page).toHaveURL(`/wallet?a=transaction&id=${transactionId}`);
    await expect(receipt.dialog).toBeVisible();
    await expect(notifications.dialog).toBeHidden();
    await expect(receipt.amount).toHaveText('−₦20,000.00');
    await expect(
      receipt.dialog.getByRole('heading', { name: `Withdrawal to ${label}` }),
    ).toBeVisible();
    await expect(receipt.detail('Sent to')).toContainText(ownName);
    await expect(receipt.bankAccount).toHaveText(label);
    await expect(receipt.fee).toHaveText('₦50.00');
    await expect(receipt.detail('Total debited')).toContainText('₦20,050.00');
    await expect(receipt.reference).toHaveText(/^AJO-WDR-[A-F0-9]{24}$/);
    await expect(receipt.statusHistory.getByRole('listitem')).toHaveText([
      /^Pending \d/,
      /^Successful \d/,
    ]);
    await expect(receipt.dialog).not.toContainText(accountNumber);
    await expectNoAccessibilityViolations(page);
    await savePanelScreenshots(page, testInfo, 'transaction-receipt', receipt.dialog);

    // Copy the reference, then the whole receipt (Chromium on Linux has no Web Share).
    const reference = (await receipt.reference.textContent()) ?? '';
    await receipt.copyReference.click();
    await expect(receipt.copyReference).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await expect(receipt.share).toHaveCount(0);
    await receipt.copyReceipt.click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`Withdrawal to ${label}`);
    expect(copied).toContain(`Reference: ${reference}`);
    expect(copied).toContain('Fee: ₦50.00');
    expect(copied).not.toContain(accountNumber);

    // Printed, the receipt stands alone: no shell, no wallet page, no buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(receipt.copyReceipt).toBeHidden();
    await expect(receipt.amount).toBeVisible();
    await savePanelScreenshots(page, testInfo, 'transaction-receipt-print', receipt.dialog);
    await page.emulateMedia({ media: 'screen' });

    // The link survives a reload; closing keeps the page and removes only the panel.
    await page.reload();
    await expect(receipt.amount).toHaveText('−₦20,000.00');
    await receipt.close.click();
    await expect(receipt.dialog).toBeHidden();
    await expect(page).toHaveURL('/wallet');

    // The row opens the same receipt, over the filtered history.
    await wallet.typeFilter.selectOption('withdrawal');
    const row = wallet.rowsWithText(label);
    await expect(row).toHaveCount(1);
    await wallet.rowLink(row).click();
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ kind: 'withdrawal', a: 'transaction', id: transactionId });
    await expect(receipt.bankAccount).toHaveText(label);
    await page.keyboard.press('Escape');
    await expect(receipt.dialog).toBeHidden();
    await expect(wallet.typeFilter).toHaveValue('withdrawal');
    await expectNoSidewaysScroll(page);
  });

  test('when a card checkout is left unpaid, then it reads as awaiting card payment, not money arriving, and can be resumed or cancelled', async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, '1000');
    const reference = await startCardDepositThroughApi(page.request, '3000');

    const wallet = new WalletPage(page);
    await wallet.goto();
    const row = wallet.rowsWithText('Card top-up');
    await expect(row).toContainText('Awaiting card payment');
    await expect(row).toContainText('₦3,000.00');
    await expect(row).not.toContainText('+₦3,000.00');
    await expect(row).not.toContainText('Pending');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'wallet-awaiting-card-payment');

    await wallet.rowLink(row).click();
    const receipt = new TransactionReceiptPanel(page);
    await expect(receipt.awaiting).toBeVisible();
    await expect(receipt.amount).toHaveText('₦3,000.00');
    await expect(receipt.resume).toHaveAttribute(
      'href',
      new RegExp(`/v1/sandbox/checkout/${reference}$`),
    );
    await expectNoAccessibilityViolations(page);
    await savePanelScreenshots(page, testInfo, 'transaction-awaiting-card-payment', receipt.dialog);

    // Cancel asks first; "Keep it" changes nothing.
    await receipt.cancelTopUp.click();
    await expect(receipt.cancelDialog).toBeVisible();
    await expect(receipt.cancelDialog).toContainText('Your card has not been charged');
    await expectNoAccessibilityViolations(page);
    await savePanelScreenshots(page, testInfo, 'transaction-cancel-top-up', receipt.cancelDialog);
    await receipt.cancelDialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(receipt.cancelDialog).toBeHidden();
    await expect(receipt.awaiting).toBeVisible();

    await receipt.cancelTopUp.click();
    await receipt.cancelDialog.getByRole('button', { name: 'Cancel top-up', exact: true }).click();
    await expect(receipt.cancelDialog).toBeHidden();
    await expect(receipt.awaiting).toBeHidden();
    await expect(receipt.dialog.getByText('Cancelled', { exact: true }).first()).toBeVisible();
    await expect(receipt.statusHistory.getByRole('listitem')).toHaveText([
      /^Pending \d/,
      /^Cancelled \d/,
    ]);
    await receipt.close.click();
    await expect(row).toContainText('Cancelled');
    await expect(row).not.toContainText('Awaiting card payment');

    // Resume leads to the checkout; paying it there credits the wallet as usual.
    const second = await startCardDepositThroughApi(page.request, '2000');
    await page.reload();
    const awaiting = wallet.rowsWithText('Awaiting card payment');
    await wallet.rowLink(awaiting).click();
    await receipt.resume.click();
    await expect(page).toHaveURL(new RegExp(`/v1/sandbox/checkout/${second}$`));
  });

  test('when money held above the tier cap is released by an upgrade, then the row says when, in Lagos time, not "on hold"', async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    const virtualAccount = await verifyAndFundThroughApi(page.request, account, '100');
    const sender = `Big Sender ${uniqueSuffix()}`;
    // Tier 1 takes at most ₦50,000 in one deposit: ₦10,000 of this is kept aside.
    await sendTransferThroughApi(page.request, {
      accountNumber: virtualAccount,
      amount: '60000.00',
      senderName: sender,
    });

    const wallet = new WalletPage(page);
    await wallet.goto();
    const row = wallet.rowsWithText(sender);
    await expect(row).toContainText('₦10,000.00 on hold (above your limit)');
    // The wallet's notice names both ways held money comes in: room, and the upgrade.
    await expect(page.getByText('₦10,000.00 is on hold')).toBeVisible();
    await expect(
      page.getByText(
        'What was held for your balance limit moves to your wallet as you spend. Verify your identity to raise your limits and release the rest.',
        { exact: false },
      ),
    ).toBeVisible();
    await saveScreenshots(page, testInfo, 'wallet-on-hold');

    await upgradeToTier2ThroughApi(page);
    await page.reload();
    const day = await releasedDay(page.request, sender);
    await expect(row).toContainText(`₦10,000.00 released on ${day}`);
    await expect(row).not.toContainText('on hold');
    await saveScreenshots(page, testInfo, 'wallet-on-hold-released');

    await wallet.rowLink(row).click();
    const receipt = new TransactionReceiptPanel(page);
    await expect(receipt.onHold).toHaveText(`₦10,000.00 released on ${day}`);
    await expect(receipt.detail('From')).toContainText(sender);
    await expectNoAccessibilityViolations(page);
  });
});
