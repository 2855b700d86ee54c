import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import {
  LoginPage,
  randomAccount,
  readCodeFromMailbox,
  registerThroughApi,
  RegisterPage,
  signUpThroughApi,
} from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshots } from './screenshots.ts';
import { skipBvnModal } from './verification-pages.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/*
 * Issue 14, items 6, 7 and 12: phone numbers in the usual Nigerian forms, messages that name the
 * rule in words, server errors that leave once the field they are about is edited, and the resend
 * countdown in words.
 */

/** The newest code emailed to `email` once it differs from `previous` (mail leaves in a queue). */
async function nextCodeFromMailbox(page: Page, email: string, previous: string): Promise<string> {
  await expect
    .poll(() => readCodeFromMailbox(page.request, email), { timeout: 10_000 })
    .not.toBe(previous);
  return readCodeFromMailbox(page.request, email);
}

test.describe('form messages', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    await skipBvnModal(page);
  });
  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when a phone is typed as 0803… or pasted as +234…, then sign-up keeps the 10 digits and registers; a long name says its limit', async ({
    page,
  }) => {
    const account = randomAccount();
    const register = new RegisterPage(page);
    await register.goto();
    await register.fill({ ...account, phone: `0${account.phone}` });
    await expect(register.phone).toHaveValue(account.phone);
    await register.phone.fill(`+234 ${account.phone.slice(0, 3)} ${account.phone.slice(3)}`);
    await expect(register.phone).toHaveValue(account.phone);

    await register.firstName.fill('A'.repeat(61));
    await register.firstName.blur();
    await expect(page.getByText('First name must be at most 60 characters')).toBeVisible();
    await expect(page.getByText('please enter your first name')).toBeHidden();
    await register.firstName.fill(account.firstName);

    await register.submit.click();
    await register.expectCodeStep(account.email);
    const code = await readCodeFromMailbox(page.request, account.email);
    await register.enterCode(code);
    await register.continueButton.click();
    await expect(page).toHaveURL('/');
    const me = await page.request.get('/v1/accounts');
    expect(((await me.json()) as { data: { phone: string } }).data.phone).toBe(account.phone);
  });

  test('when the profile phone gets letters or a +234 number, then letters never stay and the number saves as 10 digits', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.goto('/settings/profile');
    const phone = page.getByLabel('Phone number');
    await phone.fill('0803CALLME1');
    await expect(phone).toHaveValue('08031');
    await phone.blur();
    await expect(page.getByText('invalid phone number')).toBeVisible();

    await phone.fill('+234 909 876 5432');
    await expect(phone).toHaveValue('9098765432');
    await expect(page.getByText('invalid phone number')).toBeHidden();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Phone number')).toHaveValue('9098765432');

    const firstName = page.getByLabel('First name');
    await firstName.fill('B'.repeat(61));
    await firstName.blur();
    await expect(page.getByText('First name must be at most 60 characters')).toBeVisible();
  });

  test('when the password change is refused, then the server message sits on its field and leaves once that field is edited', async ({
    page,
  }, testInfo) => {
    const account = await signUpThroughApi(page);
    await page.goto('/settings/security');
    const current = page.getByLabel('Current password');
    const fresh = page.getByLabel('New password');
    const submit = page.getByRole('button', { name: 'Change password' });

    await current.fill(account.password);
    await fresh.fill(account.password);
    await submit.click();
    const unchanged = page.getByText(
      'Choose a new password that is different from your current one',
    );
    await expect(unchanged).toBeVisible();
    await expect(fresh).toHaveAttribute('aria-invalid', 'true');
    // Said once, on the field: no banner repeats it.
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'settings-security-password-unchanged');
    await fresh.fill('a-new-password-2026');
    await expect(unchanged).toBeHidden();

    await current.fill('not-my-password');
    await submit.click();
    const wrongCurrent = page.getByText('Your current password is not correct');
    await expect(wrongCurrent).toBeVisible();
    await current.fill(account.password);
    await expect(wrongCurrent).toBeHidden();
    await submit.click();
    await expect(page.getByText('Password changed.')).toBeVisible();
  });

  test('when sign-in is refused and a field is edited, then the stale banner goes', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('nobody@example.com', 'wrong-password-1');
    await expect(login.errorBanner).toHaveText('Incorrect email or password');
    await login.password.fill('wrong-password-2');
    await expect(login.errorBanner).toHaveCount(0);
  });

  test('when a reset password is too short, then the banner names the rule without a field key and goes once it is edited', async ({
    page,
  }) => {
    const account = await signUpThroughApi(page);
    const signUpCode = await readCodeFromMailbox(page.request, account.email);
    await page.request.post('/v1/auth/logout', { headers: CLIENT_HEADERS });
    const requested = await page.request.post('/v1/auth/password/reset', {
      headers: CLIENT_HEADERS,
      data: { email: account.email },
    });
    expect(requested.ok()).toBe(true);
    await page.goto(`/forgot-password?confirm=${encodeURIComponent(account.email)}`);
    const code = await nextCodeFromMailbox(page, account.email, signUpCode);
    await new RegisterPage(page).enterCode(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/password-reset');

    const newPassword = page.getByLabel('New password');
    await newPassword.fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters');
    await newPassword.fill('long-enough-2026');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('when the code is resent, then the countdown reads in words: 2 minutes, then 1 minute 59 seconds', async ({
    page,
  }) => {
    await page.clock.install();
    const account = await registerThroughApi(page);
    await page.goto(`/register?confirm=${encodeURIComponent(account.email)}`);
    await new RegisterPage(page).expectCodeStep(account.email);
    await expect(page.getByRole('button', { name: 'Resend OTP in 10 seconds' })).toBeDisabled();
    // The countdown sets its next one-second timer after each render: one second at a time.
    for (let secondsLeft = 9; secondsLeft >= 1; secondsLeft -= 1) {
      await page.clock.runFor(1_000);
      const unit = secondsLeft === 1 ? 'second' : 'seconds';
      await expect(
        page.getByRole('button', { name: `Resend OTP in ${String(secondsLeft)} ${unit}` }),
      ).toBeDisabled();
    }
    await page.clock.runFor(1_000);
    await page.getByRole('button', { name: 'Resend OTP', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Resend OTP in 2 minutes' })).toBeDisabled();
    await page.clock.runFor(1_000);
    await expect(
      page.getByRole('button', { name: 'Resend OTP in 1 minute 59 seconds' }),
    ).toBeDisabled();
  });

  test('when the address was registered again elsewhere, then the code step says so and leads back to the form', async ({
    page,
  }, testInfo) => {
    const account = randomAccount();
    const register = new RegisterPage(page);
    await register.goto();
    await register.fill(account);
    await register.submit.click();
    await register.expectCodeStep(account.email);
    const firstCode = await readCodeFromMailbox(page.request, account.email);

    // Someone else registers the same address from another browser.
    const elsewhere = await playwrightRequest.newContext({
      baseURL: testInfo.project.use.baseURL ?? '',
    });
    const again = await elsewhere.post('/v1/auth/register', {
      headers: CLIENT_HEADERS,
      data: {
        email: account.email,
        password: 'Another-person-2026',
        first_name: 'Someone',
        last_name: 'Else',
        country_code: '+234',
        phone: account.phone,
      },
    });
    expect(again.status()).toBe(201);
    await elsewhere.dispose();

    await register.enterCode(await nextCodeFromMailbox(page, account.email, firstCode));
    await register.continueButton.click();
    await expect(page.getByRole('alert')).toHaveText(
      'This email was registered again after you, so this code is not for your sign-up. Register again to get a new code.',
    );
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'register-replaced');
    await page.getByRole('link', { name: 'Register again' }).click();
    await register.expectFormShown();
  });
});
