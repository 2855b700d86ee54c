import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshots } from './screenshots.ts';
import {
  BvnModal,
  recordCameraStreams,
  refuseCamera,
  verifyBvnThroughApi,
  VerifyAccountPage,
} from './verification-pages.ts';
import { freshBvn } from './withdraw-pages.ts';

/**
 * Sandbox BVNs (README): any BVN starting with 22 carries the registered name, 33… belongs to a
 * stranger. A BVN links to one user only, so each run takes a fresh one of the 22 family.
 */
const MATCHING_BVN = `2222${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const STRANGERS_BVN = '33333333333';

const details = {
  address: '12 Admiralty Way, Lekki, Lagos',
  dateOfBirth: '1994-06-15',
};

/** Holds the BVN answer back a little, so the "Hold on" step can be seen and checked. */
async function slowDownBvnCheck(page: Page): Promise<void> {
  await page.route('**/v1/virtualaccount/verify-bvn-*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}

test.describe('verification', () => {
  // Long journeys with screenshots at two widths and accessibility checks along the way.
  test.describe.configure({ timeout: 120_000 });
  let consoleErrors: string[] = [];

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test("when a new customer types a short or a stranger's BVN, then the modal explains", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await slowDownBvnCheck(page);
    await signUpThroughApi(page);
    await page.goto('/');

    // The modal opens by itself: this account has no funding account yet.
    const modal = new BvnModal(page);
    await modal.expectStep('Verify your BVN');
    await expect(modal.bvn).toBeFocused();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'bvn-modal-enter');

    // Digits only, 11 at most; Verify needs all 11.
    await modal.bvn.fill('2222-22a');
    await expect(modal.bvn).toHaveValue('222222');
    await modal.verify.click();
    await expect(modal.dialog.getByText('Please provide a valid BVN')).toBeVisible();
    await modal.bvn.fill('222222222223333');
    await expect(modal.bvn).toHaveValue('22222222222');

    await modal.submitBvn(STRANGERS_BVN);
    await modal.expectStep('Hold on while we verify your identity');
    await expect(modal.dialog.getByText('This will take a few seconds...')).toBeVisible();
    await saveScreenshots(page, testInfo, 'bvn-modal-verifying');
    await modal.expectStep('Verify your BVN');
    await expect(modal.errorBanner).toHaveText('BVN details do not match your registered name');
    await expect(modal.bvn).toHaveValue(STRANGERS_BVN);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'bvn-modal-mismatch');
  });

  test('when a new customer confirms the matching BVN and takes a selfie, then the account opens and the verification is submitted', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await recordCameraStreams(page);
    const account = await signUpThroughApi(page);
    await page.goto('/');
    const modal = new BvnModal(page);
    await modal.expectStep('Verify your BVN');

    await modal.submitBvn(MATCHING_BVN);
    await modal.expectStep('Confirm Details');
    await expect(modal.detail('First name')).toHaveText(account.firstName);
    await expect(modal.detail('Last name')).toHaveText(account.lastName);
    await expect(modal.detail('BVN')).toHaveText('2222**');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'bvn-modal-confirm');

    await modal.confirm.click();
    await modal.expectStep('BVN verified');
    await expect(modal.dialog.getByText('Your BVN has been verified')).toBeVisible();
    // The created account is kept under "modal" until the modal closes (spec section 2).
    expect(await page.evaluate(() => window.localStorage.getItem('modal'))).toContain(
      '"account_number"',
    );
    await saveScreenshots(page, testInfo, 'bvn-modal-verified');

    await modal.done.click();
    await expect(modal.dialog).toBeHidden();
    await expect(page).toHaveURL('/?a=fund+account');
    expect(await page.evaluate(() => window.localStorage.getItem('modal'))).toBeNull();

    // With an account the modal no longer opens by itself.
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(modal.dialog).toBeHidden();

    // Identity verification, on a wide screen this time.
    await page.setViewportSize({ width: 1440, height: 900 });
    const verifyAccount = new VerifyAccountPage(page);
    await verifyAccount.goto();
    await expect(page).toHaveTitle('Verify Account · Ajo');
    await expect(verifyAccount.phone).toHaveValue(account.phone);
    // The verified BVN, masked as the spec masks it: nobody types it twice.
    await expect(verifyAccount.bvn).toHaveValue('2222**');
    await expect(verifyAccount.bvn).toHaveAttribute('readonly', '');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'verify-account-details');

    await verifyAccount.fillDetails({ phone: account.phone, ...details });
    await verifyAccount.next.click();
    await verifyAccount.expectLiveCamera();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'verify-account-camera');

    await verifyAccount.capture.click();
    await expect(verifyAccount.selfie).toBeVisible();
    expect(await verifyAccount.liveCameraTracks()).toBe(0);
    await verifyAccount.retake.click();
    await verifyAccount.expectLiveCamera();
    await verifyAccount.capture.click();
    await expect(verifyAccount.selfie).toBeVisible();
    expect(await verifyAccount.liveCameraTracks()).toBe(0);
    await saveScreenshots(page, testInfo, 'verify-account-selfie');

    await verifyAccount.verify.click();
    await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
    await expect(verifyAccount.camera).toBeHidden();
    await expect(page).toHaveURL('/', { timeout: 5_000 });
    // Submitted: the verification page now sends the user Home.
    await page.goto('/verify-account');
    await expect(page).toHaveURL('/');
  });

  test('when the BVN modal is closed, then it stays closed for the session and ?a=bvn reopens it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpThroughApi(page);
    await page.goto('/');
    const modal = new BvnModal(page);
    await modal.expectStep('Verify your BVN');

    // Centred on wide screens.
    const box = await modal.dialog.boundingBox();
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - 720)).toBeLessThan(2);
    expect(box?.y ?? 0).toBeGreaterThan(0);

    await page.keyboard.press('Escape');
    await expect(modal.dialog).toBeHidden();
    await page.getByRole('link', { name: 'Wallet' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(modal.dialog).toBeHidden();

    await page.goto('/wallet?a=bvn');
    await modal.expectStep('Verify your BVN');
    await modal.close.click();
    await expect(modal.dialog).toBeHidden();
    await expect(page).toHaveURL('/wallet');

    // A click on the dimmed overlay closes it too; at 375 px it is a sheet along the bottom.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/wallet?a=bvn');
    await modal.expectStep('Verify your BVN');
    await expect
      .poll(async () => {
        const settling = await modal.dialog.boundingBox();
        return Math.round((settling?.y ?? 0) + (settling?.height ?? 0));
      })
      .toBe(812);
    await page.mouse.click(187, 20);
    await expect(modal.dialog).toBeHidden();
  });

  test('when the details are wrong or the submission is refused on a phone, then the spec messages show', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await recordCameraStreams(page);
    const account = await signUpThroughApi(page);
    await verifyBvnThroughApi(page.request, freshBvn());
    const verifyAccount = new VerifyAccountPage(page);
    await verifyAccount.goto();

    await verifyAccount.phone.fill('');
    await verifyAccount.next.click();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await expect(page.getByText('Enter your home address')).toBeVisible();
    await expect(page.getByText('Enter your date of birth')).toBeVisible();
    await expect(verifyAccount.camera).toBeHidden();
    await verifyAccount.phone.fill('803');
    await expect(verifyAccount.phone).toHaveAttribute('placeholder', '800-000-0000');
    await expect(page.getByText('+234', { exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'verify-account-errors');

    await verifyAccount.fillDetails({ phone: account.phone, ...details });
    await verifyAccount.next.click();
    await verifyAccount.expectLiveCamera();
    // A sheet along the bottom edge below 1280 px.
    await expect
      .poll(async () => {
        const settling = await verifyAccount.camera.boundingBox();
        return Math.round((settling?.y ?? 0) + (settling?.height ?? 0));
      })
      .toBe(812);

    // Escape closes the camera and switches it off; Back returns to the details, kept as typed.
    await page.keyboard.press('Escape');
    await expect(verifyAccount.camera).toBeHidden();
    expect(await verifyAccount.liveCameraTracks()).toBe(0);
    await expect(page.getByText('Centre your face')).toBeVisible();
    await verifyAccount.back.click();
    await expect(verifyAccount.address).toHaveValue(details.address);
    await verifyAccount.next.click();
    await verifyAccount.expectLiveCamera();

    await verifyAccount.capture.click();
    await expect(verifyAccount.selfie).toBeVisible();
    await verifyAccount.retake.click();
    await verifyAccount.expectLiveCamera();
    await verifyAccount.capture.click();
    await expectNoAccessibilityViolations(page);

    // As an older client would, the submission carries a BVN, and not the verified one: the
    // server refuses it and says what to do.
    await page.route('**/v1/accounts/verify', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      const response = await route.fetch({ postData: { ...body, bvn: STRANGERS_BVN } });
      await route.fulfill({ response });
    });
    await verifyAccount.verify.click();
    const refusal = 'Enter the same BVN you verified for your account number';
    await expect(page.getByText(`error : ${refusal}`)).toBeVisible();
    await expect(verifyAccount.camera).toBeHidden();
    await expect(verifyAccount.problem).toHaveText(refusal);
    await expect(page).toHaveURL('/verify-account');
    await saveScreenshots(page, testInfo, 'verify-account-refused');

    // Back from the details goes Home.
    await verifyAccount.back.click();
    await verifyAccount.back.click();
    await expect(page).toHaveURL('/');
  });

  test('when the camera is refused, then the spec toast shows and the page explains', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await refuseCamera(page);
    const account = await signUpThroughApi(page);
    await verifyBvnThroughApi(page.request, freshBvn());
    const verifyAccount = new VerifyAccountPage(page);
    await verifyAccount.goto();
    await verifyAccount.fillDetails({ phone: account.phone, ...details });
    await verifyAccount.next.click();

    await expect(page.getByText('error: there was an issue accessing your camera')).toBeVisible();
    await expect(verifyAccount.camera).toBeHidden();
    await expect(verifyAccount.problem).toContainText('We could not use your camera.');
    await expect(verifyAccount.openCamera).toBeVisible();
  });
});
