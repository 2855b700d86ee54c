import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, test } from '@playwright/test';
import { lagosToday, yearsBefore } from '../src/lib/dates.ts';
import { readServerTime } from './sandbox-clock.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshots } from './screenshots.ts';
import { BvnModal, verifyBvnThroughApi, VerifyAccountPage } from './verification-pages.ts';
import { freshBvn } from './withdraw-pages.ts';

/*
 * Issue 14, items 6 and 8: step 0 of /verify-account accepts only what the final submission
 * accepts. The BVN is the verified one, shown masked; someone without one is sent to the BVN step
 * before the camera; the phone takes the usual Nigerian forms; the age rule is checked here too.
 */

const details = { address: '12 Admiralty Way, Lekki, Lagos', dateOfBirth: '1994-06-15' };

/** The day after `isoDate` (YYYY-MM-DD), as YYYY-MM-DD. */
function nextDay(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test.describe('verify account, step 0', () => {
  test.describe.configure({ timeout: 90_000 });
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when a customer without a BVN presses Next, then the BVN step comes before the camera and the selfie step follows', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const account = await signUpThroughApi(page);
    const verifyAccount = new VerifyAccountPage(page);
    await verifyAccount.goto();

    await expect(page.getByText('Verify your BVN first')).toBeVisible();
    await expect(verifyAccount.verifyBvnFirst).toBeVisible();
    await expect(verifyAccount.bvn).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'verify-account-without-bvn');

    await verifyAccount.fillDetails({ phone: account.phone, ...details });
    await verifyAccount.next.click();
    const modal = new BvnModal(page);
    await modal.expectStep('Verify your BVN');
    await expect(verifyAccount.camera).toBeHidden();

    await modal.submitBvn(freshBvn());
    await modal.expectStep('Confirm Details');
    await modal.confirm.click();
    await modal.expectStep('BVN verified');
    await modal.done.click();
    await expect(modal.dialog).toBeHidden();
    await expect(page).toHaveURL('/verify-account');

    // The details were given: the selfie step is next, and the BVN is now shown masked.
    await expect(verifyAccount.openCamera).toBeVisible();
    await verifyAccount.back.click();
    await expect(verifyAccount.bvn).toHaveValue(/^22\d\d\*\*$/);
    await expect(verifyAccount.address).toHaveValue(details.address);
  });

  test('when a verified customer pastes a phone in the usual forms and gives too late a birth date, then the phone is kept as 10 digits and the age rule shows', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpThroughApi(page);
    const bvn = freshBvn();
    await verifyBvnThroughApi(page.request, bvn);
    const verifyAccount = new VerifyAccountPage(page);
    await verifyAccount.goto();

    await expect(verifyAccount.bvn).toHaveValue(`${bvn.slice(0, 4)}**`);
    await expect(verifyAccount.bvn).toHaveAttribute('readonly', '');

    for (const typed of ['08031234567', '+234 803 123 4567', '2348031234567']) {
      await verifyAccount.phone.fill(typed);
      await expect(verifyAccount.phone).toHaveValue('8031234567');
    }
    await verifyAccount.phone.fill('0803CALLME');
    await expect(verifyAccount.phone).toHaveValue('0803');

    // The server's day: other journeys may have moved the shared sandbox clock on.
    const today = lagosToday(await readServerTime(page.request));
    await verifyAccount.fillDetails({
      ...details,
      phone: '08031234567',
      dateOfBirth: nextDay(today),
    });
    await verifyAccount.next.click();
    await expect(page.getByText('Your date of birth cannot be in the future')).toBeVisible();
    await expect(verifyAccount.camera).toBeHidden();

    await verifyAccount.dateOfBirth.fill(nextDay(yearsBefore(today, 18)));
    await verifyAccount.next.click();
    await expect(
      page.getByText('You must be at least 18 years old to verify your account'),
    ).toBeVisible();
    await expect(verifyAccount.camera).toBeHidden();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'verify-account-age-rule');

    await verifyAccount.dateOfBirth.fill(yearsBefore(today, 18));
    await verifyAccount.next.click();
    await verifyAccount.expectLiveCamera();
  });
});
