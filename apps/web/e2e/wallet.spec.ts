import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { failReads, forgetFailedReadLogs } from './failed-reads.ts';
import { saveScreenshots } from './screenshots.ts';
import {
  expectNoSidewaysScroll,
  formatNaira,
  FundAccountPanel,
  payCheckoutThroughApi,
  HomeWallet,
  PaymentStatusPage,
  readNairaBalance,
  readVirtualAccountNumber,
  SandboxCheckoutPage,
  SandboxTransferForm,
  sendTransferThroughApi,
  signInAsDemo,
  startCardDepositThroughApi,
  uniqueSuffix,
  WalletPage,
} from './wallet-pages.ts';

/** The quote endpoint answers 422 for an amount outside the limits; the panel shows its message. */
const QUOTE_REFUSED = 'status of 422';

test.describe('wallet', () => {
  let consoleErrors: string[] = [];

  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    // Whole journeys with checkout redirects, screenshots at two widths and axe scans.
    test.slow();
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when a bank transfer is sent from the Sandbox page, then Home and the wallet show it once, even when delivered twice', async ({
    page,
  }, testInfo) => {
    await signInAsDemo(page);
    const accountNumber = await readVirtualAccountNumber(page.request);
    const before = await readNairaBalance(page.request);
    const suffix = uniqueSuffix();
    const sender = `Transfer Tester ${suffix}`;
    const reference = `e2e-trf-${suffix}`;
    const expectedBalance = formatNaira(before.amountMinor + 1_250_000n);

    const sandbox = new SandboxTransferForm(page);
    await sandbox.goto();
    // Signed in, the account number starts as the visitor's own.
    await expect(sandbox.accountNumber).toHaveValue(accountNumber);
    await sandbox.amount.pressSequentially('12500');
    await expect(sandbox.amount).toHaveValue('12,500');
    await sandbox.senderName.fill(sender);
    await sandbox.reference.fill(reference);
    await expectNoAccessibilityViolations(page);
    await sandbox.send.click();
    await expect(sandbox.sent.first()).toContainText(reference);
    await expect(sandbox.sent.first()).toContainText('Webhook status 200');
    await expect(sandbox.sent.first()).toContainText(`₦12,500.00 to ${accountNumber}`);
    await saveScreenshots(page, testInfo, 'sandbox-transfer');

    const home = new HomeWallet(page);
    await home.goto();
    await expect(home.balance).toHaveText(expectedBalance);
    await expect(home.rows.filter({ hasText: sender })).toHaveCount(1);
    await expect(home.rows.filter({ hasText: sender })).toContainText('+₦12,500.00');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'home-wallet');
    await expectNoSidewaysScroll(page);

    const wallet = new WalletPage(page);
    await wallet.goto();
    await expect(wallet.balance).toHaveText(expectedBalance);
    await expect(wallet.rowsWithText(sender)).toHaveCount(1);
    await expect(wallet.rowsWithText(sender)).toContainText('Successful');

    // The bank delivers the same transfer again: it is credited once only.
    await sandbox.goto();
    await sandbox.amount.fill('12500');
    await sandbox.senderName.fill(sender);
    await sandbox.reference.fill(reference);
    await sandbox.send.click();
    await expect(sandbox.sent.first()).toContainText(reference);

    await wallet.goto();
    await expect(wallet.rowsWithText(sender)).toHaveCount(1);
    await expect(wallet.balance).toHaveText(expectedBalance);
    await home.goto();
    await expect(home.rows.filter({ hasText: sender })).toHaveCount(1);
    await expect(home.balance).toHaveText(expectedBalance);
    expect((await readNairaBalance(page.request)).amountMinor).toBe(
      before.amountMinor + 1_250_000n,
    );
  });

  test('when a card top-up is paid at checkout, then the status page confirms it and the balance grows', async ({
    page,
  }, testInfo) => {
    await signInAsDemo(page);
    const accountNumber = await readVirtualAccountNumber(page.request);
    const before = await readNairaBalance(page.request);
    const expectedBalance = formatNaira(before.amountMinor + 500_000n);

    const wallet = new WalletPage(page);
    await wallet.goto();
    await expect(wallet.balance).toHaveText(formatNaira(before.amountMinor));
    await wallet.fundWallet.click();
    await expect(page).toHaveURL('/wallet?a=fund+account');

    const panel = new FundAccountPanel(page);
    await expect(panel.dialog).toBeVisible();
    await expect(panel.transferTab).toHaveAttribute('aria-selected', 'true');
    await expect(panel.accountNumber).toHaveText(accountNumber);
    await expect(panel.dialog.getByText('Ajo Sandbox MFB')).toBeVisible();
    await panel.copyButton.click();
    await expect(panel.copyButton).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'fund-panel-transfer');

    await panel.cardTab.click();
    await expect(page).toHaveURL('/wallet?a=fund+account&type=card');
    // The server's limits come back as a message under the box, before anything is paid.
    await panel.amount.fill('50');
    await expect(panel.dialog.getByText('The smallest deposit is ₦100.00')).toBeVisible();
    await expect(panel.continueButton).toBeDisabled();
    consoleErrors = consoleErrors.filter((error) => !error.includes(QUOTE_REFUSED));

    await panel.amount.fill('5000');
    await expect(panel.amount).toHaveValue('5,000');
    await expect(panel.total).toHaveText('₦5,075.00');
    await expect(panel.dialog.getByText('₦75.00')).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'fund-panel-card');

    await panel.continueButton.click();
    await expect(panel.confirmSummary).toHaveText(
      'You will pay ₦5,075.00 (₦5,000.00 + ₦75.00 fee)',
    );
    await saveScreenshots(page, testInfo, 'fund-panel-confirm');
    await panel.payButton('₦5,075.00').click();

    const checkout = new SandboxCheckoutPage(page);
    await checkout.expectShown();
    await checkout.pay.click();

    const status = new PaymentStatusPage(page);
    await expect(page).toHaveURL(/\/payments\/status\?.*reference=/);
    await expect(status.heading('Payment successful')).toBeVisible();
    await status.expectStandalone();
    await expect(status.detail('Added to wallet')).toContainText('₦5,000.00');
    await expect(status.detail('Card fee')).toContainText('₦75.00');
    await expect(status.detail('New wallet balance')).toContainText(expectedBalance);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'payment-status-success');

    await status.backToWallet.click();
    await expect(wallet.title).toBeVisible();
    await expect(wallet.balance).toHaveText(expectedBalance);
    await expect(wallet.rows.first()).toContainText('Card top-up');
    await expect(wallet.rows.first()).toContainText('Card fee ₦75.00');
    expect((await readNairaBalance(page.request)).amountMinor).toBe(before.amountMinor + 500_000n);
  });

  test('when the card is declined at checkout, then the status page says so and the balance is unchanged', async ({
    page,
  }, testInfo) => {
    await signInAsDemo(page);
    const before = await readNairaBalance(page.request);

    await page.goto('/wallet?a=fund account&type=card');
    const panel = new FundAccountPanel(page);
    await expect(panel.cardTab).toHaveAttribute('aria-selected', 'true');
    await panel.amount.fill('2000');
    await expect(panel.total).toHaveText(/^₦2,0\d\d\.\d\d$/);
    const total = (await panel.total.textContent()) ?? '';
    await panel.continueButton.click();
    await expect(panel.confirmSummary).toContainText(`You will pay ${total}`);
    await panel.payButton(total).click();

    const checkout = new SandboxCheckoutPage(page);
    await checkout.expectShown();
    await checkout.fail.click();

    const status = new PaymentStatusPage(page);
    await expect(status.heading('Payment failed')).toBeVisible();
    await expect(page.getByText('nothing was added to your wallet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'payment-status-failed');

    await status.backToWallet.click();
    const wallet = new WalletPage(page);
    await expect(wallet.balance).toHaveText(formatNaira(before.amountMinor));
    await expect(wallet.rows.first()).toContainText('Card top-up');
    await expect(wallet.rows.first()).toContainText('Failed');
    expect((await readNairaBalance(page.request)).amountMinor).toBe(before.amountMinor);

    // Back on the status page, Try again opens the card top-up with the amount that failed.
    await page.goBack();
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(panel.cardTab).toHaveAttribute('aria-selected', 'true');
    await expect(panel.amount).toHaveValue('2,000');
    await expect(panel.total).toHaveText(total);
  });

  test('when the history is longer than a page, then its filters and page live in the URL, survive a reload and can be shared', async ({
    page,
    context,
  }, testInfo) => {
    await signInAsDemo(page);
    const accountNumber = await readVirtualAccountNumber(page.request);
    const sender = `Batch Sender ${uniqueSuffix()}`;
    for (let index = 0; index < 11; index += 1) {
      await sendTransferThroughApi(page.request, {
        accountNumber,
        amount: '100.00',
        senderName: sender,
      });
    }
    await startCardDepositThroughApi(page.request, '1500');

    const wallet = new WalletPage(page);
    await wallet.goto();
    await expect(wallet.rows).toHaveCount(10);
    // Newest first: the unpaid card top-up (not money arriving), then the batch of transfers.
    await expect(wallet.rows.first()).toContainText('Card top-up');
    await expect(wallet.rows.first()).toContainText('Awaiting card payment');
    await expect(wallet.rows.first()).not.toContainText('+₦1,500.00');
    await expect(wallet.rows.nth(1)).toContainText(sender);
    await expect(wallet.rowsWithText(sender)).toHaveCount(9);
    await expect(wallet.range).toHaveText(/^Showing 1–10 of \d/);
    await expect(wallet.previousPage).toBeDisabled();

    await wallet.nextPage.click();
    await expect(page).toHaveURL('/wallet?page=2');
    // 11–20, or fewer when the demo user's history is still short (a fresh database).
    await expect(wallet.range).toHaveText(/^Showing 11–(1[1-9]|20) of \d/);
    await expect(wallet.rowsWithText(sender)).toHaveCount(2);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'wallet');
    await expectNoSidewaysScroll(page);
    // The page survives a reload, and Back returns to the first page.
    await page.reload();
    await expect(wallet.rowsWithText(sender)).toHaveCount(2);
    await page.goBack();
    await expect(page).toHaveURL('/wallet');
    await expect(wallet.rowsWithText(sender)).toHaveCount(9);

    await wallet.statusFilter.selectOption('pending');
    await expect(page).toHaveURL('/wallet?status=pending');
    await expect(wallet.rows.first()).toContainText('Card top-up');
    // The settled transfers leave first: reading the rows before would catch the old list.
    await expect(wallet.rowsWithText(sender)).toHaveCount(0);
    for (const row of await wallet.rows.all()) {
      await expect(row).toContainText(/Pending|Awaiting card payment/);
    }

    await wallet.statusFilter.selectOption('successful');
    await wallet.typeFilter.selectOption('deposit');
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ status: 'successful', kind: 'deposit' });
    await expect(wallet.rows.first()).toContainText(sender);
    await expect(wallet.rows).toHaveCount(10);
    for (const row of await wallet.rows.all()) {
      await expect(row).toContainText('Successful');
      await expect(row).toContainText('Deposit');
    }

    // The filtered view, opened from a shared link in another tab, is the same view.
    const shared = await context.newPage();
    await shared.goto(page.url());
    const sharedWallet = new WalletPage(shared);
    await expect(sharedWallet.typeFilter).toHaveValue('deposit');
    await expect(sharedWallet.statusFilter).toHaveValue('successful');
    await expect(sharedWallet.rows.first()).toContainText(sender);
    await shared.close();

    // Nothing is ever a reversed dollar-card payment here: the filtered empty state shows.
    await wallet.typeFilter.selectOption('card');
    await wallet.statusFilter.selectOption('reversed');
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/wallet');
    await expect(wallet.typeFilter).toHaveValue('');
    await expect(wallet.statusFilter).toHaveValue('');
    await expect(wallet.rowsWithText(sender)).toHaveCount(9);
  });

  test('when the next page of the history cannot be read, then the failure and Try again take the list’s place, not the page before dimmed, and Previous page leads back', async ({
    page,
  }, testInfo) => {
    await signInAsDemo(page);
    const accountNumber = await readVirtualAccountNumber(page.request);
    for (let index = 0; index < 11; index += 1) {
      await sendTransferThroughApi(page.request, {
        accountNumber,
        amount: '100.00',
        senderName: `Paging Sender ${uniqueSuffix()}`,
      });
    }
    // The second page (the API counts from 0) fails; the first is read as usual.
    const secondPage = /\/v1\/transactions\?(.*&)?page=1(&|$)/;
    const reads = await failReads(page, secondPage, 'server');
    const wallet = new WalletPage(page);
    await wallet.goto();
    await expect(wallet.rows).toHaveCount(10);

    await wallet.nextPage.click();
    await expect(page).toHaveURL('/wallet?page=2');
    const failed = wallet.transactions.getByRole('heading', {
      name: 'We could not load your transactions',
    });
    // The app asks twice more by itself before it says so.
    await expect(failed).toBeVisible({ timeout: 15_000 });
    // The first page's rows are not left on screen as if they were the second's.
    await expect(wallet.rows).toHaveCount(0);
    await expect(wallet.pages).toHaveCount(0);
    await saveScreenshots(page, testInfo, 'wallet-next-page-failed');
    await wallet.transactions.getByRole('button', { name: 'Previous page' }).click();
    await expect(page).toHaveURL('/wallet');
    await expect(wallet.rows).toHaveCount(10);
    await expect(wallet.range).toHaveText(/^Showing 1–10 of \d/);

    // Once the server answers, Try again brings the second page.
    await wallet.nextPage.click();
    await expect(failed).toBeVisible({ timeout: 15_000 });
    reads.letThrough();
    await wallet.transactions.getByRole('button', { name: 'Try again' }).click();
    await expect(wallet.range).toHaveText(/^Showing 11–/, { timeout: 15_000 });
    await expect(wallet.rows.first()).toBeVisible();
    forgetFailedReadLogs(consoleErrors);
  });

  test('when the fund panel is opened on any page, then it is a 30% side panel or an 80% sheet and Escape closes it', async ({
    page,
  }) => {
    await signInAsDemo(page);
    const panel = new FundAccountPanel(page);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings?a=fund account');
    await expect(panel.dialog).toBeVisible();
    await expect
      .poll(async () => Math.round((await panel.dialog.boundingBox())?.x ?? 0))
      .toBe(1008);
    const side = await panel.dialog.boundingBox();
    expect(side?.width).toBeCloseTo(1440 * 0.3, -1);
    expect(side?.height).toBeCloseTo(900, -1);
    await page.keyboard.press('Escape');
    await expect(panel.dialog).toBeHidden();
    await expect(page).toHaveURL('/settings');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/?a=fund account&type=card');
    await expect(panel.dialog).toBeVisible();
    await expect
      .poll(async () => {
        const settling = await panel.dialog.boundingBox();
        return Math.round((settling?.y ?? 0) + (settling?.height ?? 0));
      })
      .toBe(812);
    expect((await panel.dialog.boundingBox())?.height).toBeCloseTo(812 * 0.8, -1);
    await panel.close.click();
    await expect(panel.dialog).toBeHidden();
    await expect(page).toHaveURL('/');
  });

  test('when a new customer without a BVN opens the fund panel, then it explains how to get an account number', async ({
    page,
  }, testInfo) => {
    await signUpThroughApi(page);
    // An open panel goes first: the BVN modal waits until it closes.
    await page.goto('/wallet?a=fund account');
    const panel = new FundAccountPanel(page);
    await expect(panel.dialog).toBeVisible();
    await expect(
      panel.dialog.getByRole('heading', { name: 'Verify your BVN to get an account number' }),
    ).toBeVisible();
    await expect(page.getByText('No transactions yet')).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'fund-panel-no-account');

    // Tier 0 allows no deposits: the server's reason shows before anything is paid.
    await panel.cardTab.click();
    await panel.amount.fill('5000');
    await expect(
      panel.dialog.getByText('Verify your BVN to get your account number and start funding'),
    ).toBeVisible();
    await expect(panel.continueButton).toBeDisabled();
    consoleErrors = consoleErrors.filter((error) => !error.includes(QUOTE_REFUSED));

    await panel.transferTab.click();
    await panel.dialog.getByRole('link', { name: 'Verify BVN' }).click();
    await expect(page).toHaveURL('/wallet?a=bvn');
  });

  test('when the bank has not confirmed yet, then the status page waits, re-checks by itself and shows the outcome', async ({
    page,
  }) => {
    await signInAsDemo(page);
    const before = await readNairaBalance(page.request);
    const reference = await startCardDepositThroughApi(page.request, '1200');

    await page.goto(`/payments/status?reference=${reference}&trxref=${reference}`);
    const status = new PaymentStatusPage(page);
    await expect(status.heading('Payment processing')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();

    // The customer finishes paying elsewhere; the page notices within a few seconds.
    await payCheckoutThroughApi(page.request, reference);
    await expect(status.heading('Payment successful')).toBeVisible({ timeout: 15_000 });
    await expect(status.detail('New wallet balance')).toContainText(
      formatNaira(before.amountMinor + 120_000n),
    );
  });

  test('when the status page has no reference or an unknown one, then it explains and leads back', async ({
    page,
  }) => {
    await signInAsDemo(page);
    const status = new PaymentStatusPage(page);

    await page.goto('/payments/status');
    await expect(status.heading('We could not find this payment')).toBeVisible();
    await status.expectStandalone();

    await page.goto(
      '/payments/status?reference=AJO-DEP-NOT-A-REAL-ONE&trxref=AJO-DEP-NOT-A-REAL-ONE',
    );
    await expect(status.heading('We could not find this payment')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await status.backToWallet.click();
    await expect(page).toHaveURL('/wallet');
  });
});
