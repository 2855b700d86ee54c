import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { NewAccount } from './auth-pages.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/** A fresh sandbox BVN: any number starting with 22 matches the name the customer registered. */
export function freshBvn(): string {
  return `22${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/**
 * Gives the signed-in user a verified BVN and their funding account through the API, then pays
 * `amount` naira into it through the sandbox bank. Answers the funding account number.
 */
export async function verifyAndFundThroughApi(
  request: APIRequestContext,
  account: NewAccount,
  amount: string,
): Promise<string> {
  const bvn = freshBvn();
  const verified = await request.post('/v1/virtualaccount/verify-bvn-sandbox', {
    headers: CLIENT_HEADERS,
    data: { Bvn: bvn },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const name = `${account.firstName} ${account.lastName}`;
  const created = await request.post('/v1/virtualaccount/create-sandbox-account', {
    headers: CLIENT_HEADERS,
    data: { account_name: name, customer: { name }, kyc: { bvn } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const mine = await request.get('/v1/virtualaccount');
  expect(mine.ok()).toBe(true);
  const body = (await mine.json()) as { data: { account_number: string } | null };
  const accountNumber = body.data?.account_number;
  if (!accountNumber) throw new Error('no funding account after the BVN step');
  const transfer = await request.post('/v1/sandbox/virtual-accounts/transfers', {
    headers: CLIENT_HEADERS,
    data: { account_number: accountNumber, amount, sender_name: 'Withdraw Tester' },
  });
  expect(transfer.status(), await transfer.text()).toBe(200);
  return accountNumber;
}

/** Page model of the Sandbox page's "Bank accounts and payouts" section. */
export class SandboxBankSection {
  readonly page: Page;
  readonly section: Locator;
  readonly form: Locator;
  readonly bank: Locator;
  readonly accountName: Locator;
  readonly open: Locator;
  readonly openedNumbers: Locator;
  readonly payouts: Locator;

  constructor(page: Page) {
    this.page = page;
    this.section = page.getByRole('region', { name: 'Bank accounts and payouts' });
    this.form = this.section.getByRole('form', { name: 'Open a sandbox bank account' });
    this.bank = this.form.getByLabel('Bank');
    this.accountName = this.form.getByLabel('Account name');
    this.open = this.form.getByRole('button', { name: 'Open account' });
    this.openedNumbers = this.section.getByTestId('opened-account-number');
    this.payouts = this.section.getByTestId('sandbox-payout');
  }

  async goto(): Promise<void> {
    await this.page.goto('/sandbox');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sandbox' })).toBeVisible();
  }

  /** Opens an account at the default bank (GTBank) and answers its number. */
  async openAccount(name: string): Promise<string> {
    await expect(this.bank).toHaveValue('058');
    await this.accountName.fill(name);
    const before = await this.openedNumbers.count();
    await this.open.click();
    await expect(this.openedNumbers).toHaveCount(before + 1);
    const number = (await this.openedNumbers.first().textContent())?.trim() ?? '';
    expect(number).toMatch(/^\d{10}$/);
    return number;
  }

  /** The payout to one account number (other users' payouts share the list). */
  payoutTo(accountNumber: string): Locator {
    return this.payouts.filter({ hasText: accountNumber });
  }
}

/** Page model of the wallet page's "Bank accounts" section and its dialogs. */
export class BankAccountsSection {
  readonly page: Page;
  readonly section: Locator;
  readonly rows: Locator;
  readonly add: Locator;
  readonly dialog: Locator;
  readonly search: Locator;
  readonly bank: Locator;
  readonly accountNumber: Locator;
  readonly resolvedName: Locator;
  readonly link: Locator;

  constructor(page: Page) {
    this.page = page;
    this.section = page.getByRole('region', { name: 'Bank accounts' });
    this.rows = this.section.getByTestId('bank-account');
    this.add = this.section.getByRole('button', { name: 'Add bank account' });
    this.dialog = page.getByRole('dialog', { name: 'Add bank account' });
    this.search = this.dialog.getByLabel('Search banks');
    this.bank = this.dialog.getByLabel('Bank', { exact: true });
    this.accountNumber = this.dialog.getByLabel('Account number');
    this.resolvedName = this.dialog.getByTestId('resolved-account-name');
    this.link = this.dialog.getByRole('button', { name: 'Link account' });
  }

  /** Chooses the bank, types the number and waits for the name enquiry's answer. */
  async enterAccount(bankCode: string, accountNumber: string, expectedName: string): Promise<void> {
    await expect(this.dialog).toBeVisible();
    await this.bank.selectOption(bankCode);
    await this.accountNumber.fill(accountNumber);
    await expect(this.resolvedName).toHaveText(expectedName);
    await expect(this.link).toBeEnabled();
  }

  removeButton(label: string): Locator {
    return this.section.getByRole('button', { name: `Remove ${label}` });
  }
}

/** Page model of the withdraw side panel (`?a=withdraw`). */
export class WithdrawPanel {
  readonly page: Page;
  readonly open: Locator;
  readonly dialog: Locator;
  readonly amount: Locator;
  readonly available: Locator;
  readonly withdrawAll: Locator;
  readonly fee: Locator;
  readonly total: Locator;
  readonly continueButton: Locator;
  readonly confirmSummary: Locator;
  readonly result: Locator;
  readonly done: Locator;

  constructor(page: Page) {
    this.page = page;
    // Exact: rows of the history are links too, and one may mention a withdrawal.
    this.open = page.getByRole('link', { name: 'Withdraw', exact: true });
    this.dialog = page.getByRole('dialog', { name: 'Withdraw to your bank' });
    this.amount = this.dialog.getByLabel('Amount', { exact: true });
    this.available = this.dialog.getByTestId('withdraw-available');
    this.withdrawAll = this.dialog.getByRole('button', { name: /^Withdraw all/ });
    this.fee = this.dialog.getByTestId('withdraw-fee');
    this.total = this.dialog.getByTestId('withdraw-total');
    this.continueButton = this.dialog.getByRole('button', { name: 'Continue' });
    this.confirmSummary = this.dialog.getByTestId('withdraw-confirm-summary');
    this.result = this.dialog.getByTestId('withdraw-result');
    this.done = this.dialog.getByRole('button', { name: 'Done' });
  }

  account(label: RegExp | string): Locator {
    return this.dialog.getByRole('radio', { name: label });
  }

  sendButton(amount: string): Locator {
    return this.dialog.getByRole('button', { name: `Send ${amount}` });
  }
}
