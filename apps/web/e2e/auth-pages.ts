import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { setPinThroughApi } from './pin-pages.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/** Page model of /login. */
export class LoginPage {
  readonly page: Page;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly errorBanner: Locator;

  constructor(page: Page) {
    this.page = page;
    this.email = page.getByLabel('Email address');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Sign in' });
    this.errorBanner = page.getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}

/**
 * A new account's details. Its phone is an MTN number (`0803…`, README's sandbox networks), so
 * the bills forms offer it as the customer's own; a journey passes another `phone` to see a
 * number no network carries.
 */
export function randomAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const suffix = `${String(Date.now())}${String(Math.floor(Math.random() * 1e6))}`;
  return {
    firstName: 'Adaeze',
    lastName: 'Okafor',
    email: `e2e-${suffix}@example.com`,
    phone: '803' + suffix.slice(-7),
    password: 'Savings-2026!',
    ...overrides,
  };
}

/** Page model of /register and its code step. */
export class RegisterPage {
  readonly page: Page;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly email: Locator;
  readonly phone: Locator;
  readonly password: Locator;
  readonly referralCode: Locator;
  readonly submit: Locator;
  readonly codeDigits: Locator;
  readonly continueButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.firstName = page.getByLabel('First name');
    this.lastName = page.getByLabel('Last name');
    this.email = page.getByLabel('Email address');
    this.phone = page.getByLabel('Phone number');
    this.password = page.getByLabel('Password', { exact: true });
    this.referralCode = page.getByLabel('Referral code (optional)');
    this.submit = page.getByRole('button', { name: 'Create account' });
    this.codeDigits = page.getByRole('group', { name: 'Verification code' }).locator('input');
    this.continueButton = page.getByRole('button', { name: 'Continue' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/register${query}`);
    await this.expectFormShown();
  }

  async expectFormShown(): Promise<void> {
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();
    await expect(this.submit).toBeVisible();
  }

  async fill(account: NewAccount): Promise<void> {
    await this.firstName.fill(account.firstName);
    await this.lastName.fill(account.lastName);
    await this.email.fill(account.email);
    await this.phone.fill(account.phone);
    await this.password.fill(account.password);
  }

  async expectCodeStep(email: string): Promise<void> {
    await expect(this.page).toHaveURL(`/register?confirm=${encodeURIComponent(email)}`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Verify your email' }),
    ).toBeVisible();
    await expect(this.codeDigits).toHaveCount(6);
  }

  async enterCode(code: string): Promise<void> {
    await this.codeDigits.first().click();
    await this.page.keyboard.type(code);
  }
}

/** Reads the newest 6-digit code sent to `email` from the sandbox mailbox. */
export async function readCodeFromMailbox(
  request: APIRequestContext,
  email: string,
): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get(`/v1/sandbox/mailbox?email=${encodeURIComponent(email)}`, {
      headers: CLIENT_HEADERS,
    });
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { data: { items: { text: string }[] } };
    code = /\b(\d{6})\b/.exec(body.data.items[0]?.text ?? '')?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code!;
}

/** Registers a fresh account through the API; it waits on its code step, unconfirmed. */
export async function registerThroughApi(
  page: Page,
  details: Partial<NewAccount> = {},
): Promise<NewAccount> {
  const account = randomAccount(details);
  const registered = await page.request.post('/v1/auth/register', {
    headers: CLIENT_HEADERS,
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      country_code: '+234',
      phone: account.phone,
    },
  });
  expect(registered.status()).toBe(201);
  return account;
}

/**
 * Signs a fresh account up and in through the API, in the page's own cookie jar, so a test can
 * start on a signed-in screen without walking the forms again. The account gets the journeys'
 * transaction PIN (JOURNEY_PIN) unless `withPin` is false.
 */
export async function signUpThroughApi(
  page: Page,
  { withPin = true, phone }: { withPin?: boolean; phone?: string } = {},
): Promise<NewAccount> {
  const account = await registerThroughApi(page, phone === undefined ? {} : { phone });
  const token = await readCodeFromMailbox(page.request, account.email);
  const confirmed = await page.request.post('/v1/auth/confirm-account', {
    headers: CLIENT_HEADERS,
    data: { email: account.email, token },
  });
  expect(confirmed.ok()).toBe(true);
  if (withPin) await setPinThroughApi(page.request, account.password);
  return account;
}
