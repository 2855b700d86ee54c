import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { NewAccount } from './auth-pages.ts';
import { CLIENT_HEADERS } from './client-headers.ts';
import { JOURNEY_PIN } from './pin-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';

/**
 * Bills are paid from a wallet once the BVN is verified: a fresh customer gets their BVN, their
 * funding account and `amount` naira through the sandbox, so each journey starts from its own
 * empty history.
 */
export async function fundForBills(page: Page, account: NewAccount, amount: string): Promise<void> {
  await verifyAndFundThroughApi(page.request, account, amount);
}

/** Buys `amount` naira of airtime on `network` through the API, as another tab would. */
export async function buyAirtimeThroughApi(
  request: APIRequestContext,
  network: string,
  phone: string,
  amount: string,
): Promise<void> {
  const billers = await request.get('/v1/bill_payments/billers?type=1', {
    headers: CLIENT_HEADERS,
  });
  expect(billers.ok(), await billers.text()).toBe(true);
  const { data } = (await billers.json()) as {
    data: { items: { id: string; short_name: string }[] };
  };
  const biller = data.items.find((item) => item.short_name === network);
  if (!biller) throw new Error(`no ${network} biller`);
  const bought = await request.post('/v1/bill_payments/airtime', {
    headers: {
      ...CLIENT_HEADERS,
      'Idempotency-Key': crypto.randomUUID(),
      'x-transaction-pin': JOURNEY_PIN,
    },
    data: { biller_id: biller.id, phone: phone.replace(/\s/g, ''), amount },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
}

export type BillTabName = 'Airtime' | 'Data' | 'Electricity' | 'Betting';

/** Page model of /bills-payment: the kind tabs, the form of the chosen kind, and the history. */
export class BillsPage {
  readonly page: Page;
  readonly title: Locator;
  readonly tabs: Locator;
  readonly panel: Locator;
  readonly phone: Locator;
  readonly amount: Locator;
  readonly fee: Locator;
  readonly total: Locator;
  readonly continueButton: Locator;
  readonly meterNumber: Locator;
  readonly accountId: Locator;
  readonly verified: Locator;
  readonly recent: Locator;
  readonly history: Locator;
  readonly rows: Locator;
  readonly balance: Locator;

  constructor(page: Page) {
    this.page = page;
    this.title = page.getByRole('heading', { level: 1, name: 'Bills payment' });
    this.tabs = page.getByRole('tablist', { name: 'Bill type' });
    this.panel = page.getByRole('tabpanel');
    this.phone = this.panel.getByLabel('Phone number');
    this.amount = this.panel.getByLabel('Amount', { exact: true });
    this.fee = this.panel.getByTestId('bill-fee');
    this.total = this.panel.getByTestId('bill-total');
    this.continueButton = this.panel.getByRole('button', { name: 'Continue' });
    this.meterNumber = this.panel.getByLabel('Meter number');
    this.accountId = this.panel.getByLabel('Account ID');
    this.verified = this.panel.getByTestId('verified-customer');
    this.recent = this.panel.getByRole('region', { name: 'Recent' });
    this.history = page.getByRole('region', { name: 'Bill payments' });
    this.rows = this.history.getByTestId('bill-payment-row');
    this.balance = page.getByTestId('bills-balance');
  }

  async goto(search = ''): Promise<void> {
    await this.page.goto(`/bills-payment${search}`);
    await expect(this.title).toBeVisible();
  }

  tab(name: BillTabName): Locator {
    return this.tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  /** A network, DisCo or betting company tile (a radio button named after it). */
  biller(name: string | RegExp): Locator {
    return this.panel.getByRole('radio', { name, exact: typeof name === 'string' });
  }

  plan(name: string | RegExp): Locator {
    return this.panel.getByRole('radio', { name });
  }

  button(name: string | RegExp): Locator {
    return this.panel.getByRole('button', { name });
  }

  rowsWithText(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }
}

/** Page model of the dialog that confirms a bill, then shows its receipt. */
export class BillDialog {
  readonly page: Page;
  readonly dialog: Locator;
  readonly pay: Locator;
  readonly changeDetails: Locator;
  readonly receiptTitle: Locator;
  readonly receiptStatus: Locator;
  readonly receiptTotal: Locator;
  readonly token: Locator;
  readonly units: Locator;
  readonly copyToken: Locator;
  readonly done: Locator;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog');
    this.pay = this.dialog.getByRole('button', { name: /^Pay ₦/ });
    this.changeDetails = this.dialog.getByRole('button', { name: 'Change details' });
    this.receiptTitle = this.dialog.getByTestId('bill-receipt-title');
    this.receiptStatus = this.dialog.getByTestId('bill-receipt-status');
    this.receiptTotal = this.dialog.getByTestId('bill-receipt-total');
    this.token = this.dialog.getByTestId('electricity-token');
    this.units = this.dialog.getByTestId('electricity-units');
    this.copyToken = this.dialog.getByRole('button', { name: /^(Copy token|Copied)$/ });
    this.done = this.dialog.getByRole('button', { name: 'Done' });
  }

  summaryRow(label: string): Locator {
    return this.dialog
      .locator('dl > div')
      .filter({ has: this.page.getByText(label, { exact: true }) });
  }
}
