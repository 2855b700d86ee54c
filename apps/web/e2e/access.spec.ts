import { analyzeAccessibility } from './accessibility.ts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  LoginPage,
  RegisterPage,
  randomAccount,
  registerThroughApi,
  readCodeFromMailbox,
  signUpThroughApi,
} from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { HomePage } from './home-page.ts';
import { saveScreenshots } from './screenshots.ts';
import { skipBvnModal } from './verification-pages.ts';

test.describe('access', () => {
  let consoleErrors: string[] = [];

  test.beforeEach(async ({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    // New accounts have no funding account; the BVN modal has its own journeys.
    await skipBvnModal(page);
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when the login page opens, then it is accessible and explains a wrong password', async ({
    page,
  }, testInfo) => {
    const login = new LoginPage(page);
    await login.goto();
    const accessibility = await analyzeAccessibility(page);
    expect(accessibility.violations).toEqual([]);
    await saveScreenshots(page, testInfo, 'login');

    await login.email.fill('not-an-email');
    await login.password.focus();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();

    await login.signIn('nobody@example.com', 'wrong-password-1');
    await expect(login.errorBanner).toHaveText('Incorrect email or password');
  });

  test('when sign-in is sent empty, then both fields explain and focus goes to the email', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    // The first load carries neither zod (nor react-hook-form, bundled with it) nor the toasts.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(scripts.filter((name) => /\/assets\/(zod|toast|app-toaster)-/.test(name))).toEqual([]);

    await login.submit.press('Enter');
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expect(login.email).toBeFocused();
    await expect(login.email).toHaveAttribute('aria-invalid', 'true');

    // Once shown, a message follows the typing.
    await login.email.fill('ada@example.com');
    await expect(page.getByText('Enter a valid email address')).toBeHidden();
    await login.password.fill('x');
    await expect(page.getByText('Enter your password')).toBeHidden();
  });

  test('when register fields are touched and left invalid, then the spec texts show', async ({
    page,
  }, testInfo) => {
    const register = new RegisterPage(page);
    await register.goto('?ref=FRIEND42');
    await expect(
      page.getByText('Please ensure your BVN details match your registered name'),
    ).toBeVisible();
    await expect(register.referralCode).toHaveValue('FRIEND42');
    await expect(register.referralCode).toHaveAttribute('readonly', '');
    const accessibility = await analyzeAccessibility(page);
    expect(accessibility.violations).toEqual([]);
    await saveScreenshots(page, testInfo, 'register');

    // Walk the form with the keyboard only, leaving each field empty or wrong.
    await register.firstName.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await page.keyboard.type('short');
    await page.keyboard.press('Tab');

    await expect(page.getByText('please enter your first name')).toBeVisible();
    await expect(page.getByText('please enter your last name')).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('invalid phone number')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    const withErrors = await analyzeAccessibility(page);
    expect(withErrors.violations).toEqual([]);
  });

  test('when a new customer signs up, confirms, signs out and in again, then the guard keeps the target', async ({
    page,
    request,
  }, testInfo) => {
    const account = randomAccount();
    const register = new RegisterPage(page);
    await register.goto();
    await register.fill(account);
    await register.submit.click();

    await register.expectCodeStep(account.email);
    await expect(page.getByRole('button', { name: /^Resend OTP in \d+ seconds?$/ })).toBeDisabled();
    await expect(register.codeDigits.first()).toHaveAttribute('type', 'password');
    await expect(register.continueButton).toBeDisabled();
    await saveScreenshots(page, testInfo, 'otp');

    // A wrong code is refused; the boxes clear with the first one focused, for the right code.
    const code = await readCodeFromMailbox(request, account.email);
    await register.enterCode(code === '000000' ? '111111' : '000000');
    await register.continueButton.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(register.codeDigits.first()).toBeFocused();
    await expect(register.codeDigits.first()).toHaveValue('');
    await expect(register.continueButton).toBeDisabled();
    await page.keyboard.type(code);
    await expect(page.getByRole('alert')).toBeHidden();
    await register.continueButton.click();

    const home = new HomePage(page);
    await home.expectShown(account.firstName);
    await saveScreenshots(page, testInfo, 'home');

    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');

    await page.goto('/wallet');
    await expect(page).toHaveURL('/login?redirect=%2Fwallet');

    const login = new LoginPage(page);
    await login.signIn(account.email, account.password);
    await expect(page).toHaveURL('/wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();

    // Signed in, a public route sends the user Home.
    await page.goto('/login');
    await home.expectShown(account.firstName);
  });

  test('when an unconfirmed account signs in, then it is sent to the code step', async ({
    page,
  }) => {
    const account = await registerThroughApi(page);

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(account.email, account.password);

    await new RegisterPage(page).expectCodeStep(account.email);
  });

  test('when the sandbox mailbox is opened for an address, then its sign-up code email is listed', async ({
    page,
  }) => {
    const account = await registerThroughApi(page);
    await page.goto('/sandbox');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Show messages' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: /is your Ajo confirmation code/ }),
    ).toBeVisible();
  });

  test('when the code is wrong or resent, then the code step explains and the countdown restarts', async ({
    page,
  }) => {
    const account = await registerThroughApi(page);
    const register = new RegisterPage(page);
    await page.goto(`/register?confirm=${encodeURIComponent(account.email)}`);
    await register.expectCodeStep(account.email);

    const code = await readCodeFromMailbox(page.request, account.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    await register.enterCode(wrongCode);
    await register.continueButton.click();
    await expect(page.getByRole('alert')).toHaveText(
      'This code is wrong or has expired; request a new one',
    );
    await expect(register.continueButton).toBeDisabled();

    const resend = page.getByRole('button', { name: 'Resend OTP', exact: true });
    await expect(resend).toBeEnabled({ timeout: 15_000 });
    await resend.click();
    await expect(
      page.getByRole('region', { name: /Registration notifications/ }).getByText('OTP sent'),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Resend OTP in (1 minute 5\d seconds|2 minutes)$/ }),
    ).toBeDisabled();
  });

  test('when the change-password screen opens without a verified code, then it goes to sign in', async ({
    page,
  }) => {
    await page.goto('/password-reset');
    await expect(page).toHaveURL('/login');
  });

  test('when a customer resets a forgotten password, then only the new password signs in', async ({
    page,
    browser,
  }) => {
    // Sign up in a separate context so this page starts signed out.
    const setupContext = await browser.newContext();
    const setupPage = await setupContext.newPage();
    const account = await signUpThroughApi(setupPage);
    await setupContext.close();

    await page.goto('/forgot-password');
    const send = page.getByRole('button', { name: 'Send code' });
    await expect(send).toBeDisabled();
    await page.getByLabel('Email address').fill(account.email);
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page).toHaveURL(`/forgot-password?confirm=${encodeURIComponent(account.email)}`);

    const code = await readResetCode(page.request, account.email);
    const digits = page.getByRole('group', { name: 'Verification code' }).locator('input');
    await digits.first().focus();
    await page.evaluate(async (text) => {
      // A paste fills all six boxes at once.
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
      await Promise.resolve();
    }, code);
    await expect(digits.last()).toHaveValue(code.charAt(5));
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/password-reset');
    const newPassword = 'Brand-new-2026!';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();

    const login = new LoginPage(page);
    await login.signIn(account.email, account.password);
    await expect(login.errorBanner).toHaveText('Incorrect email or password');
    await login.password.fill(newPassword);
    await login.submit.click();
    await expect(page).toHaveURL('/');
  });
});

/** The reset email is the newest one; its subject differs from the sign-up code's. */
async function readResetCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get(`/v1/sandbox/mailbox?email=${encodeURIComponent(email)}`);
    const body = (await response.json()) as {
      data: { items: { subject: string; text: string }[] };
    };
    const newest = body.data.items[0];
    expect(body.data.items.length).toBeGreaterThan(1);
    code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code!;
}
