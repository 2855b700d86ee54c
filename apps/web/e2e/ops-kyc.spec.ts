import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { AccountLevelCard } from './account-level-pages.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { signInToConsole } from './ops-pages.ts';
import { saveScreenshots } from './screenshots.ts';
import { NotificationsPanel } from './transactions-pages.ts';
import { BvnModal, VerifyAccountPage } from './verification-pages.ts';

/**
 * Sandbox BVNs (README): any BVN starting with 23 carries the registered name, but the selfie
 * face match is inconclusive, so the submission waits for an operator in the KYC review queue.
 */
const inconclusiveBvn = () => `23${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** The signed-in customer's id (the queue shows it under the name, which journeys share). */
async function customerId(page: Page): Promise<string> {
  const response = await page.request.get('/v1/accounts');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** Opens Settings › Account level until the card says `text` (the face match runs in the background). */
async function expectAccountLevel(page: Page, text: string | RegExp): Promise<AccountLevelCard> {
  const level = new AccountLevelCard(page);
  await expect(async () => {
    await page.goto('/settings/account-level');
    await expect(level.card).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return level;
}

test.describe('the KYC review queue', () => {
  test.describe.configure({ timeout: 180_000 });
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('when the face match cannot decide a selfie, then the customer sees it being reviewed, an operator approves it with a reason, and the customer is verified and told', async ({
    page,
  }, testInfo) => {
    // The customer: BVN of the inconclusive family, then details and a selfie.
    await page.setViewportSize({ width: 1440, height: 900 });
    const account = await signUpThroughApi(page);
    const userId = await customerId(page);
    await page.goto('/');
    const modal = new BvnModal(page);
    await modal.expectStep('Verify your BVN');
    await modal.submitBvn(inconclusiveBvn());
    await modal.expectStep('Confirm Details');
    await expect(modal.detail('First name')).toHaveText(account.firstName);
    await modal.confirm.click();
    await modal.expectStep('BVN verified');
    await modal.done.click();
    await expect(modal.dialog).toBeHidden();
    const verifyAccount = new VerifyAccountPage(page);
    await verifyAccount.goto();
    await verifyAccount.fillDetails({
      phone: account.phone,
      address: '12 Admiralty Way, Lekki, Lagos',
      dateOfBirth: '1994-06-15',
    });
    await verifyAccount.next.click();
    await verifyAccount.expectLiveCamera();
    await verifyAccount.capture.click();
    await expect(verifyAccount.selfie).toBeVisible();
    await verifyAccount.verify.click();
    await expect(page.getByText('Submitted', { exact: true })).toBeVisible();

    // Inconclusive: still "in review" for the customer, and a notice that a person is checking.
    const level = await expectAccountLevel(page, 'Your identity check is in review');
    await expect(level.tier).toHaveText('Tier 1 · BVN verified');
    // The notice comes with the face match's answer, which the job queue gives in the background.
    const notices = new NotificationsPanel(page);
    await expect(async () => {
      await page.goto('/settings/account-level?a=notification');
      await expect(notices.item('Your selfie is being checked')).toContainText(
        'a person on our team is checking it',
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    // The operator: the queue lists the customer; the detail shows the selfie and the BVN record.
    await signInToConsole(page, 0);
    await page.getByRole('link', { name: 'KYC review' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'KYC review' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Waiting for review' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const row = page.getByRole('row').filter({ hasText: userId });
    await expect(row).toContainText(`${account.firstName} ${account.lastName}`);
    await expect(row).toContainText('Inconclusive match');
    await expect(row).toContainText('74%');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-kyc-queue');

    await row
      .getByRole('link', { name: `Review ${account.firstName} ${account.lastName}` })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: `${account.firstName} ${account.lastName}` }),
    ).toBeVisible();
    const selfie = page.getByRole('img', {
      name: `Selfie submitted by ${account.firstName} ${account.lastName}`,
    });
    await expect(selfie).toBeVisible();
    expect(await selfie.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    const comparison = page.locator('section', {
      has: page.getByRole('heading', { name: 'Customer beside the BVN record' }),
    });
    await expect(comparison).toContainText(account.firstName);
    await expect(comparison).toContainText('15 Jun 1994');
    await expect(page.getByText(/^23\d\d\*\*$/)).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-kyc-detail');

    // Approve, with a reason; a reason that is too short is refused first.
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this verification?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('ok');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog.getByText('Write a reason of at least 5 characters')).toBeVisible();
    await dialog
      .getByLabel('Reason (kept in the audit log)')
      .fill('Same face as the BVN photo; the automatic match was thrown by the lighting');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-kyc-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Verification approved', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'KYC review' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: userId })).toHaveCount(0);
    await page.getByRole('button', { name: 'Rejected by the face match' }).click();
    await expect(page).toHaveURL('/ops/kyc?status=rejected');
    await expect(page.getByRole('button', { name: 'Rejected by the face match' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('status')).toBeHidden();
    await saveScreenshots(page, testInfo, 'ops-kyc-queue-rejected');

    // The audit log holds the read and the decision.
    await page.getByRole('link', { name: 'Audit log' }).first().click();
    await expect(page.getByRole('row').filter({ hasText: 'kyc.approved' }).first()).toContainText(
      'the automatic match was thrown by the lighting',
    );
    await expect(page.getByRole('row').filter({ hasText: 'kyc.viewed' }).first()).toBeVisible();

    // The customer: verified on tier 2, and told.
    const verified = await expectAccountLevel(page, 'Tier 2 · Identity verified');
    await expect(verified.tier).toHaveText('Tier 2 · Identity verified');
    await page.goto('/settings/account-level?a=notification');
    await expect(notices.item('Identity verified')).toContainText('Your account is now on tier 2');
  });
});
