import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The signed-in user's plans, of one product when asked, as the API lists them (GET /v1/savings). */
export async function readSavingPlans(
  request: APIRequestContext,
  slug?: 'fixed' | 'target_saving',
): Promise<{ id: string; amount: string; saving_order: { id: string; amount: string } }[]> {
  const response = await request.get(slug ? `/v1/savings?slug=${slug}` : '/v1/savings');
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as {
    data: { items: { id: string; amount: string; saving_order: { id: string; amount: string } }[] };
  };
  return body.data.items;
}

/** Page model of /savings: the total, the empty state and one card per product. */
export class SavingsOverviewPage {
  readonly page: Page;
  readonly total: Locator;
  readonly noPlans: Locator;
  readonly products: Locator;

  constructor(page: Page) {
    this.page = page;
    this.total = page.getByTestId('savings-total');
    this.noPlans = page.getByRole('heading', { name: 'You have no savings plans yet' });
    this.products = page.getByRole('region', { name: 'Ways to save' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/savings');
    await expect(
      this.page.getByRole('heading', { level: 2, name: 'Savings Plans', exact: true }),
    ).toBeVisible();
  }

  product(slug: 'fixed' | 'target_saving' | 'dollar' | 'olympic_challenge'): Locator {
    return this.page.getByTestId(`product-${slug}`);
  }
}

/** Page model of /savings/fixed: total, rate, the Active and Matured tabs and their plans. */
export class FixedSavingsPage {
  readonly page: Page;
  readonly total: Locator;
  readonly rateCard: Locator;
  readonly newPlan: Locator;
  readonly tabs: Locator;
  readonly tabPanel: Locator;
  readonly cards: Locator;

  constructor(page: Page) {
    this.page = page;
    this.total = page.getByTestId('fixed-total');
    this.rateCard = page.getByRole('region', { name: 'Annual Interest Rate' });
    this.newPlan = page.getByRole('link', { name: 'Set a new fixed plan' }).first();
    this.tabs = page.getByRole('tablist', { name: 'Fixed plans' });
    this.tabPanel = page.getByRole('tabpanel');
    this.cards = page.getByTestId('fixed-plan-card');
  }

  async goto(search = ''): Promise<void> {
    await this.page.goto(`/savings/fixed${search}`);
    await expect(
      this.page.getByRole('heading', { level: 2, name: 'Fixed Savings', exact: true }),
    ).toBeVisible();
  }

  tab(name: 'Active' | 'Matured'): Locator {
    return this.tabs.getByRole('tab', { name });
  }
}

/** Page model of the "Set a new fixed plan" panel, both steps and the success view. */
export class FixedPlanPanel {
  readonly page: Page;
  readonly dialog: Locator;
  readonly title: Locator;
  readonly amount: Locator;
  readonly duration: Locator;
  readonly fundingBalance: Locator;
  readonly estimate: Locator;
  readonly continueButton: Locator;
  readonly agreement: Locator;
  readonly fixAmount: Locator;
  readonly changeDetails: Locator;
  readonly error: Locator;
  readonly success: Locator;
  readonly done: Locator;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog');
    this.title = this.dialog.getByRole('heading', { level: 2 });
    this.amount = this.dialog.getByLabel('Amount', { exact: true });
    this.duration = this.dialog.getByLabel('Duration');
    this.fundingBalance = this.dialog.getByTestId('funding-balance');
    this.estimate = this.dialog.getByTestId('fixed-plan-estimate');
    this.continueButton = this.dialog.getByRole('button', { name: 'Continue' });
    this.agreement = this.dialog.getByRole('checkbox', {
      name: 'I hereby agree that this amount is fixed and cannot be accessed until the set withdrawal date.',
    });
    this.fixAmount = this.dialog.getByRole('button', { name: 'Fix Amount' });
    this.changeDetails = this.dialog.getByRole('button', { name: 'Change details' });
    this.error = this.dialog.getByTestId('fixed-plan-error');
    this.success = this.dialog.getByTestId('fixed-plan-success');
    this.done = this.dialog.getByRole('button', { name: 'Done' });
  }

  async expectMessage(text: string): Promise<void> {
    await expect(this.dialog.getByText(text, { exact: true })).toBeVisible();
  }
}

/** Page model of a plan's own page, /savings/fixed/{savingId}/{orderId}. */
export class FixedPlanDetailPage {
  readonly page: Page;
  readonly principal: Locator;
  readonly rate: Locator;
  readonly start: Locator;
  readonly maturity: Locator;
  readonly accrued: Locator;
  readonly gross: Locator;
  readonly tax: Locator;
  readonly net: Locator;
  readonly payout: Locator;
  readonly accrualRows: Locator;
  readonly status: Locator;

  constructor(page: Page) {
    this.page = page;
    this.principal = page.getByTestId('plan-principal');
    this.rate = page.getByTestId('fact-rate');
    this.start = page.getByTestId('fact-start');
    this.maturity = page.getByTestId('fact-maturity');
    this.accrued = page.getByTestId('fact-accrued');
    this.gross = page.getByTestId('maturity-gross');
    this.tax = page.getByTestId('maturity-tax');
    this.net = page.getByTestId('maturity-net');
    this.payout = page.getByTestId('maturity-payout');
    this.accrualRows = page.getByTestId('accrual-row');
    this.status = page.getByRole('region', { name: /^Fixed plan/ }).getByTestId('plan-status');
  }
}

/** Page model of the Sandbox page's "Move the clock" section. */
export class SandboxClockSection {
  readonly page: Page;
  readonly section: Locator;
  readonly days: Locator;
  readonly move: Locator;
  readonly result: Locator;

  constructor(page: Page) {
    this.page = page;
    this.section = page.getByRole('region', { name: 'Move the clock' });
    this.days = this.section.getByLabel('Days to move forward');
    this.move = this.section.getByRole('button', { name: 'Move the clock' });
    this.result = this.section.getByTestId('clock-result');
  }

  async goto(): Promise<void> {
    await this.page.goto('/sandbox');
    await expect(this.section).toBeVisible();
  }
}
