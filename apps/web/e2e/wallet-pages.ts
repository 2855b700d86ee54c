import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CLIENT_HEADERS } from './client-headers.ts';

/**
 * The demo customer (seeded outside production) is the one user with a funding account in a
 * fresh sandbox: the sandbox BVN registry knows a single matching BVN (22222222222), the seed
 * links it to the demo user, and a BVN belongs to one user only. The wallet journeys therefore
 * run as the demo user and assert on differences (balance before and after, their own unique
 * sender names and references), never on absolute totals.
 */
export const DEMO_ACCOUNT = { email: 'demo@ajo.test', password: 'AjoDemo2026!' } as const;

export async function signInAsDemo(page: Page): Promise<void> {
  const response = await page.request.post('/v1/auth/login', {
    headers: CLIENT_HEADERS,
    data: DEMO_ACCOUNT,
  });
  expect(response.status()).toBe(200);
}

/** "12500.00" → 1250000n, without floats. */
export function minorFromText(text: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a money text: ${text}`);
  const magnitude = BigInt(`${match[2] ?? '0'}${match[3] ?? '00'}`);
  return match[1] === '-' ? -magnitude : magnitude;
}

/** 1250000n → "₦12,500.00", as the app shows it. */
export function formatNaira(amountMinor: bigint): string {
  const sign = amountMinor < 0n ? '-' : '';
  const magnitude = amountMinor < 0n ? -amountMinor : amountMinor;
  const whole = (magnitude / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${sign}₦${whole}.${fraction}`;
}

export interface NairaBalance {
  amountMinor: bigint;
  onHoldMinor: bigint;
}

/** The naira wallet as the API reports it for the page's signed-in user. */
export async function readNairaBalance(request: APIRequestContext): Promise<NairaBalance> {
  const response = await request.get('/v1/wallets');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: { items: { currency: string; amount: string; on_hold_amount: string }[] };
  };
  const naira = body.data.items.find((wallet) => wallet.currency === 'NGN');
  if (!naira) throw new Error('no naira wallet');
  return {
    amountMinor: minorFromText(naira.amount),
    onHoldMinor: minorFromText(naira.on_hold_amount),
  };
}

export async function readVirtualAccountNumber(request: APIRequestContext): Promise<string> {
  const response = await request.get('/v1/virtualaccount');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { account_number: string } | null };
  if (!body.data) throw new Error('the signed-in user has no virtual account');
  return body.data.account_number;
}

/** Sends a sandbox bank transfer (a signed webhook) without the Sandbox page. */
export async function sendTransferThroughApi(
  request: APIRequestContext,
  transfer: { accountNumber: string; amount: string; senderName: string; reference?: string },
): Promise<void> {
  const response = await request.post('/v1/sandbox/virtual-accounts/transfers', {
    headers: CLIENT_HEADERS,
    data: {
      account_number: transfer.accountNumber,
      amount: transfer.amount,
      sender_name: transfer.senderName,
      ...(transfer.reference ? { reference: transfer.reference } : {}),
    },
  });
  expect(response.status()).toBe(200);
}

/** Starts a card top-up through the API and leaves it pending (nobody pays the checkout). */
export async function startCardDepositThroughApi(
  request: APIRequestContext,
  amount: string,
): Promise<string> {
  const response = await request.post('/v1/wallets/deposit', {
    headers: { ...CLIENT_HEADERS, 'Idempotency-Key': `e2e-${uniqueSuffix()}` },
    data: { amount },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { reference: string } };
  return body.data.reference;
}

/** Presses Pay on the sandbox checkout page without a browser (as if paid on another device). */
export async function payCheckoutThroughApi(
  request: APIRequestContext,
  reference: string,
): Promise<void> {
  const response = await request.post(`/v1/sandbox/checkout/${encodeURIComponent(reference)}/pay`, {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

/** At phone width nothing may push the page sideways (long names, amounts, references). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  if (original) await page.setViewportSize(original);
}

export function uniqueSuffix(): string {
  return `${String(Date.now())}${String(Math.floor(Math.random() * 1e6))}`;
}

/** Page model of /wallet. */
export class WalletPage {
  readonly page: Page;
  readonly title: Locator;
  readonly balance: Locator;
  readonly fundWallet: Locator;
  readonly transactions: Locator;
  readonly rows: Locator;
  readonly typeFilter: Locator;
  readonly statusFilter: Locator;
  readonly pages: Locator;
  readonly nextPage: Locator;
  readonly previousPage: Locator;
  readonly range: Locator;

  constructor(page: Page) {
    this.page = page;
    this.title = page.getByRole('heading', { level: 1, name: 'Wallet' });
    this.balance = page.getByTestId('naira-balance');
    this.fundWallet = page.getByRole('link', { name: 'Fund wallet' }).first();
    this.transactions = page.getByRole('region', { name: 'Transactions' });
    this.rows = this.transactions.getByTestId('transaction-row');
    this.typeFilter = this.transactions.getByLabel('Type');
    this.statusFilter = this.transactions.getByLabel('Status');
    this.pages = this.transactions.getByRole('navigation', { name: 'Transaction pages' });
    this.nextPage = this.pages.getByRole('button', { name: 'Next' });
    this.previousPage = this.pages.getByRole('button', { name: 'Previous' });
    this.range = this.pages.getByRole('status');
  }

  async goto(): Promise<void> {
    await this.page.goto('/wallet');
    await expect(this.title).toBeVisible();
  }

  rowsWithText(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  /** A row is one link to its receipt. */
  rowLink(row: Locator): Locator {
    return row.getByRole('link');
  }
}

/** Page model of Home's wallet part. */
export class HomeWallet {
  readonly page: Page;
  readonly balance: Locator;
  readonly recent: Locator;
  readonly rows: Locator;

  constructor(page: Page) {
    this.page = page;
    this.balance = page.getByTestId('naira-balance');
    this.recent = page.getByRole('region', { name: 'Recent transactions' });
    this.rows = this.recent.getByTestId('transaction-row');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  }
}

/** Page model of the fund-account side panel (`?a=fund account`). */
export class FundAccountPanel {
  readonly page: Page;
  readonly dialog: Locator;
  readonly transferTab: Locator;
  readonly cardTab: Locator;
  readonly accountNumber: Locator;
  readonly copyButton: Locator;
  readonly amount: Locator;
  readonly total: Locator;
  readonly continueButton: Locator;
  readonly confirmSummary: Locator;
  readonly close: Locator;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog', { name: 'Fund your wallet' });
    this.transferTab = this.dialog.getByRole('tab', { name: 'Bank transfer' });
    this.cardTab = this.dialog.getByRole('tab', { name: 'Card' });
    this.accountNumber = this.dialog.getByTestId('virtual-account-number');
    this.copyButton = this.dialog.getByRole('button', { name: /^Cop(y account number|ied)$/ });
    this.amount = this.dialog.getByLabel('Amount', { exact: true });
    this.total = this.dialog.getByTestId('quote-total');
    this.continueButton = this.dialog.getByRole('button', { name: 'Continue' });
    this.confirmSummary = this.dialog.getByTestId('confirm-summary');
    this.close = this.dialog.getByRole('button', { name: 'Close fund wallet' });
  }

  payButton(total: string): Locator {
    return this.dialog.getByRole('button', { name: `Pay ${total}` });
  }

  /** Types an amount, waits for the server's quote, and goes on to the confirmation. */
  async quoteAndConfirm(amount: string, expectedTotal: string): Promise<void> {
    await this.cardTab.click();
    await this.amount.fill(amount);
    await expect(this.total).toHaveText(expectedTotal);
    await this.continueButton.click();
  }
}

/** Page model of the sandbox payment partner's hosted checkout page. */
export class SandboxCheckoutPage {
  readonly page: Page;
  readonly pay: Locator;
  readonly fail: Locator;

  constructor(page: Page) {
    this.page = page;
    this.pay = page.getByRole('button', { name: /^Pay / });
    this.fail = page.getByRole('button', { name: 'Fail payment' });
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/v1\/sandbox\/checkout\//);
    await expect(this.page.getByText('Sandbox payment page')).toBeVisible();
  }
}

/** Page model of /payments/status. */
export class PaymentStatusPage {
  readonly page: Page;
  readonly backToWallet: Locator;

  constructor(page: Page) {
    this.page = page;
    this.backToWallet = page.getByRole('link', { name: 'Back to wallet' });
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** One row of the payment's details, e.g. "New wallet balance". */
  detail(label: string): Locator {
    return this.page
      .locator('dl > div')
      .filter({ has: this.page.getByText(label, { exact: true }) });
  }

  async expectStandalone(): Promise<void> {
    await expect(this.page.getByRole('banner')).toHaveCount(0);
    await expect(this.page.getByRole('navigation')).toHaveCount(0);
  }
}

/** Page model of the Sandbox page's transfer form. */
export class SandboxTransferForm {
  readonly page: Page;
  readonly form: Locator;
  readonly accountNumber: Locator;
  readonly amount: Locator;
  readonly senderName: Locator;
  readonly reference: Locator;
  readonly send: Locator;
  readonly sent: Locator;

  constructor(page: Page) {
    this.page = page;
    this.form = page.getByRole('form', { name: 'Send a bank transfer' });
    this.accountNumber = this.form.getByLabel('Account number');
    this.amount = this.form.getByLabel('Amount', { exact: true });
    this.senderName = this.form.getByLabel('Sender name');
    this.reference = this.form.getByLabel('Reference (optional)');
    this.send = this.form.getByRole('button', { name: 'Send transfer' });
    this.sent = page.getByTestId('sent-transfer');
  }

  async goto(): Promise<void> {
    await this.page.goto('/sandbox');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sandbox' })).toBeVisible();
  }
}
