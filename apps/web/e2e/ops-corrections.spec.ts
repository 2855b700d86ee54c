import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { signInToConsole, signOutOfConsole } from './ops-pages.ts';
import { moveSandboxClock } from './sandbox-clock.ts';
import { JOURNEY_PIN } from './pin-pages.ts';
import { saveScreenshots } from './screenshots.ts';
import { uniqueSuffix } from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/**
 * A withdrawal the sandbox bank never settles, two days old: stuck (past 15 minutes) and overdue
 * against CBN's 24 hours. Answers its reference.
 */
async function overdueWithdrawal(page: Page, name: string): Promise<string> {
  const opened = await page.request.post('/v1/sandbox/bank-accounts', {
    headers: CLIENT_HEADERS,
    data: { account_name: name },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const bank = ((await opened.json()) as { data: { account_number: string; bank_code: string } })
    .data;
  const linked = await page.request.post('/v1/bank_accounts', {
    headers: CLIENT_HEADERS,
    data: { account_number: bank.account_number, bank_code: bank.bank_code },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  const bankAccountId = ((await linked.json()) as { data: { id: string } }).data.id;
  const sent = await page.request.post('/v1/wallets/withdraw', {
    headers: {
      ...CLIENT_HEADERS,
      'Idempotency-Key': `e2e-${uniqueSuffix()}`,
      'x-transaction-pin': JOURNEY_PIN,
    },
    data: { amount: '5000', bank_account_id: bankAccountId },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const reference = ((await sent.json()) as { data: { transaction: { reference: string } } }).data
    .transaction.reference;
  await moveSandboxClock(page.request, { advance_days: 2 });
  return reference;
}

/*
 * Issue 21: no operator moves money directly. Tunde (the maker) proposes a correction, cannot
 * approve his own; Ngozi (the checker) approves it and it posts through the ledger; the customer
 * sees it in their transactions.
 */
test.describe('the operator console: money corrections', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('when one operator proposes a credit and another approves it, then the customer sees the correction in their transactions', async ({
    page,
  }, testInfo) => {
    // Two console sign-ins (each may wait out an authenticator step) and six screens.
    test.setTimeout(180_000);
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, '20000');
    const stuckReference = await overdueWithdrawal(
      page,
      `${account.firstName} ${account.lastName}`,
    );
    const me = await page.request.get('/v1/accounts');
    expect(me.ok()).toBe(true);
    const customerId = ((await me.json()) as { data: { id: string } }).data.id;
    const reason = `Refund of a double-charged fee ${customerId.slice(0, 8)}`;

    // The maker proposes: a confirmation names the exact amount and direction.
    await signInToConsole(page, 0, '/ops/corrections');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Money corrections' })
      .click();
    await expect(page.getByRole('heading', { name: 'Money corrections' })).toBeVisible();
    await page.getByRole('button', { name: 'Review the correction' }).click();
    await expect(page.getByText('Enter the customer id (a UUID)')).toBeVisible();
    await page.getByLabel('Customer id').fill(customerId);
    await page.getByLabel('Amount').fill('1500.25');
    await page.getByLabel(/^Reason/).fill(reason);
    await page.getByRole('button', { name: 'Review the correction' }).click();
    const confirm = page.getByRole('dialog', { name: 'Propose this correction?' });
    await expect(confirm).toContainText("Credit ₦1,500.25 to the customer's NGN wallet");
    await expect(confirm).toContainText(`Correction: ${reason}`);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-corrections-confirm');
    await confirm.getByRole('button', { name: 'Propose credit' }).click();
    await expect(confirm).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: customerId });
    await expect(row).toContainText('+₦1,500.25');
    await expect(row).toContainText(
      'You proposed this: another operator must approve or reject it.',
    );
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    // The toast fades out before the page is checked (its colours are mid-fade until then).
    const toastText = page.getByText('Correction proposed: it now needs another operator');
    await expect(toastText).toBeVisible();
    await expect(toastText).toBeHidden({ timeout: 15_000 });
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-corrections-proposed');
    await signOutOfConsole(page);

    // The checker approves with a reason; it posts.
    await signInToConsole(page, 1, '/ops/corrections');
    await expect(page.getByRole('heading', { name: 'Money corrections' })).toBeVisible();
    const pending = page.getByRole('row').filter({ hasText: customerId });
    await pending.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve and post this correction?' });
    await expect(approve).toContainText("Credit ₦1,500.25 to the customer's NGN wallet");
    await approve.getByLabel('Reason').fill('Fee statement checked: charged twice');
    await expectNoAccessibilityViolations(page);
    await approve.getByRole('button', { name: 'Approve credit' }).click();
    await expect(approve).toBeHidden();
    await expect(pending).toContainText('Approved by Ngozi');
    await expect(pending).toContainText(/AJO-ADJ-/);
    await expect(page.getByText('Correction posted')).toBeHidden({ timeout: 15_000 });
    await saveScreenshots(page, testInfo, 'ops-corrections-approved');

    // The withdrawal the bank never settled: stuck, and overdue against CBN's 24 hours.
    const consoleNav = page.getByRole('navigation', { name: 'Console' });
    await consoleNav.getByRole('link', { name: 'Stuck payments' }).click();
    await expect(
      page.getByRole('heading', { name: 'Stuck payouts and bill payments' }),
    ).toBeVisible();
    const stuck = page.getByRole('row').filter({ hasText: stuckReference });
    await expect(stuck).toContainText('₦5,000.00');
    await stuck.getByRole('button', { name: 'Ask the provider' }).click();
    // Asked now (or by the reconciler a moment ago): the bank still has no final answer.
    await expect(page.getByRole('status').filter({ hasText: stuckReference })).toContainText(
      /no final answer|not asked again/,
    );
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-stuck');

    await consoleNav.getByRole('link', { name: 'Reversals' }).click();
    await expect(page.getByRole('heading', { name: 'Reversals', level: 1 })).toBeVisible();
    await expect(page.getByText(/\d+ overdue/)).toBeVisible();
    const overdue = page.getByRole('row').filter({ hasText: stuckReference });
    await expect(overdue).toContainText('Overdue by');
    await expect(overdue).toContainText('Own channel: 24 h');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-reversals');

    await consoleNav.getByRole('link', { name: 'Flagged deposits' }).click();
    await expect(page.getByRole('heading', { name: 'Deposits flagged for review' })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-flagged');
    await signOutOfConsole(page);

    // The customer sees it in their wallet's transactions.
    await page.goto('/wallet');
    await expect(page.getByText(`Correction: ${reason}`).first()).toBeVisible();
    await expect(page.getByText('+₦1,500.25').first()).toBeVisible();
    await saveScreenshots(page, testInfo, 'ops-corrections-customer');
  });
});
