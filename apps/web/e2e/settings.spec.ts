import { analyzeAccessibility } from './accessibility.ts';
import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshots } from './screenshots.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { skipBvnModal } from './verification-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

test.describe('settings', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    await skipBvnModal(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('when the profile is edited, then the new name shows everywhere', async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    const firstName = page.getByLabel('First name');
    await expect(firstName).toHaveValue(account.firstName);
    await firstName.fill('Bisola');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Bisola');
    const accessibility = await analyzeAccessibility(page);
    expect(
      accessibility.violations.filter(
        (item) => item.impact === 'serious' || item.impact === 'critical',
      ),
    ).toEqual([]);
    await saveScreenshots(page, testInfo, 'settings-profile');
  });

  test('when the BVN is verified, then the name is read-only with its reason and the phone still saves', async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    await verifyAndFundThroughApi(page.request, account, '100');
    await page.goto('/settings/profile');
    await expect(
      page.getByText(
        'Your name comes from your verified BVN record. Contact support if it has changed.',
      ),
    ).toBeVisible();
    const firstName = page.getByLabel('First name');
    await expect(firstName).toHaveValue(account.firstName);
    await expect(firstName).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Last name')).toHaveAttribute('readonly', '');
    await expect(page.getByText('Set by your verified BVN record')).toHaveCount(2);
    const phone = page.getByLabel('Phone number');
    await phone.fill('9098765432');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Phone number')).toHaveValue('9098765432');
    await expect(page.getByLabel('First name')).toHaveValue(account.firstName);
    await saveScreenshots(page, testInfo, 'settings-profile-verified');
  });

  test('when a phone number is too short, then the spec message shows and nothing is saved', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.goto('/settings/profile');
    const phone = page.getByLabel('Phone number');
    await phone.fill('803');
    await phone.blur();
    await expect(page.getByText('invalid phone number')).toBeVisible();
  });

  test('when the referral tab is opened, then the code and share link show', async ({
    page,
  }, testInfo) => {
    await signUpThroughApi(page);
    await page.goto('/settings/referral');
    const code = await page.getByTestId('referral-code').textContent();
    expect(code).toMatch(/^[A-Z0-9]{6,}$/);
    await expect(page.getByText(`/register?ref=${code ?? ''}`)).toBeVisible();
    await expect(page.getByText('No referrals yet')).toBeVisible();
    await saveScreenshots(page, testInfo, 'settings-referral');
  });

  test('when the password changes and the user signs out everywhere, then login needs the new one', async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    await page.goto('/settings/security');
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password').fill('a-new-password-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed.')).toBeVisible();
    // It asks first; Escape (or "Stay signed in") keeps the session.
    await page.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out of every device?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await saveScreenshots(page, testInfo, 'settings-sign-out-everywhere');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL('/settings/security');
    await page.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
    await confirm.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('You are signed out of every device.')).toBeVisible();
    const login = await page.request.post('/v1/auth/login', {
      headers: CLIENT_HEADERS,
      data: { email: account.email, password: 'a-new-password-2026' },
    });
    expect(login.status()).toBe(200);
  });
});
