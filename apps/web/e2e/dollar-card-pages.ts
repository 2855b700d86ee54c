import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CLIENT_HEADERS } from './client-headers.ts';

/** Sets the sandbox rate (naira per $1), so every quote's figures are known. */
export async function setExchangeRate(request: APIRequestContext, buy: string, sell: string) {
  const response = await request.post('/v1/sandbox/exchange-rate', {
    headers: CLIENT_HEADERS,
    data: { buy, sell },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Page model of /dollar-cards: the intro, the card, its actions, dialogs and transactions. */
export class DollarCardPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly create: Locator;
  readonly face: Locator;
  readonly available: Locator;
  readonly actions: Locator;
  readonly dialog: Locator;
  readonly panelTitle: Locator;
  readonly transactions: Locator;
  readonly rows: Locator;
  readonly loadFailure: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', {
      level: 2,
      name: 'Virtual Dollar Card',
      exact: true,
    });
    this.create = page.getByRole('link', { name: 'Create my dollar card' });
    this.face = page.getByTestId('card-face');
    this.available = page.getByTestId('card-available');
    this.actions = page.getByRole('navigation', { name: 'Card actions' });
    this.dialog = page.getByRole('dialog');
    this.panelTitle = this.dialog.getByRole('heading', { level: 2 });
    this.transactions = page.getByRole('region', { name: 'Card transactions' });
    this.rows = this.transactions.getByTestId('card-transaction');
    this.loadFailure = page.getByTestId('card-load-failure');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dollar-cards');
    await expect(this.heading).toBeVisible();
  }

  quote(field: 'amount' | 'card-fee' | 'rate' | 'naira' | 'naira-fee' | 'total'): Locator {
    return this.dialog.getByTestId(`quote-${field}`);
  }

  /** Types the dollars in the open panel and asks for the quote (nothing moves yet). */
  async askQuote(amount: string): Promise<void> {
    await this.dialog.getByLabel('Amount in dollars').fill(amount);
    await this.dialog.getByRole('button', { name: 'See the quote' }).click();
    await expect(this.dialog.getByTestId('quote-countdown')).toHaveText(/^Rate held for \d:\d\d$/);
  }

  row(title: string): Locator {
    return this.rows.filter({
      has: this.page.getByTestId('card-transaction-title').getByText(title, { exact: true }),
    });
  }
}

/** Page model of the Sandbox page's "Dollar card purchases" section. */
export class SandboxCardSection {
  readonly page: Page;
  readonly section: Locator;
  readonly form: Locator;
  readonly decision: Locator;
  readonly pending: Locator;

  constructor(page: Page) {
    this.page = page;
    this.section = page.getByRole('region', { name: 'Dollar card purchases' });
    this.form = this.section.getByRole('form', { name: 'Charge the dollar card' });
    this.decision = this.section.getByTestId('card-charge-decision');
    this.pending = this.section.getByTestId('sandbox-pending-authorization');
  }

  async goto(): Promise<void> {
    await this.page.goto('/sandbox');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sandbox' })).toBeVisible();
    await expect(this.form).toBeVisible();
  }

  async charge(merchant: string, amount: string): Promise<void> {
    await this.form.getByLabel('Merchant').fill(merchant);
    await this.form.getByLabel('Amount').fill(amount);
    await this.form.getByRole('button', { name: 'Charge the card' }).click();
  }
}
