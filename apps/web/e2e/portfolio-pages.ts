import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { moveSandboxClock } from './sandbox-clock.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/** Page model of Home's portfolio card: the total, the breakdown and the history chart. */
export class PortfolioCard {
  readonly card: Locator;
  readonly total: Locator;
  readonly change: Locator;
  readonly breakdown: Locator;
  readonly chart: Locator;

  constructor(page: Page) {
    this.card = page.getByRole('region', { name: 'Your portfolio' });
    this.total = this.card.getByTestId('portfolio-total');
    this.change = this.card.getByTestId('portfolio-change');
    this.breakdown = this.card.getByRole('list', { name: 'Breakdown by asset class' });
    this.chart = page.getByRole('figure', { name: 'Portfolio over time' });
  }

  /**
   * Scrolls to the card, as a person does: on a phone it sits below the balance, and its code
   * and reads are asked for only once it comes into view.
   */
  async scrollTo(): Promise<void> {
    // The placeholder is replaced by the card once in view, so scroll again until it has been.
    await expect(async () => {
      await this.card.scrollIntoViewIfNeeded({ timeout: 1_000 });
      await expect(this.card).not.toHaveAttribute('aria-busy', 'true', { timeout: 1_000 });
    }).toPass();
  }

  /** "Savings ₦10,000.00 33%": one class's line of the breakdown. */
  line(label: string): Locator {
    return this.breakdown.getByRole('listitem').filter({ hasText: label });
  }

  /** The rows of the chart's "Show the numbers" table, after opening it. */
  async tableRows(): Promise<Locator> {
    await this.chart.getByText('Show the numbers').click();
    return this.chart
      .getByRole('table', { name: 'Your portfolio at the end of each day' })
      .getByRole('row');
  }
}

/** The portfolio total in kobo as the API answers it for the page's signed-in user. */
export async function readPortfolioTotalMinor(request: APIRequestContext): Promise<bigint> {
  const response = await request.get('/v1/portfolios/total-amount');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { total_minor: string } };
  return BigInt(body.data.total_minor);
}

/** Fixes `amount` naira for 30 days through the API (the savings journeys test the screens). */
export async function fixSavingsThroughApi(
  request: APIRequestContext,
  amount: string,
): Promise<void> {
  const response = await request.post('/v1/savings/fixed', {
    headers: { ...CLIENT_HEADERS, 'Idempotency-Key': `e2e-portfolio-${String(Date.now())}` },
    data: { amount, duration: '30d' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Moves the sandbox clock a day on, which runs the day's work (the portfolio snapshot last). */
export async function advanceSandboxDay(request: APIRequestContext): Promise<void> {
  await moveSandboxClock(request, { advance_days: 1 });
}
