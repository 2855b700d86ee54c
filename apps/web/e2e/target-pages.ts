import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { moveSandboxClock } from './sandbox-clock.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/** YYYY-MM-DD plus whole days, as calendar dates. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus whole months, the day clamped to the month's last (the contract's rule). */
export function addMonths(isoDate: string, months: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0));
  target.setUTCDate(Math.min(day, last.getUTCDate()));
  return target.toISOString().slice(0, 10);
}

/** The weekly due dates from the start while before the end, and the instalment they need. */
export function weeklyInstalmentMinor(targetMinor: bigint, start: string, end: string): bigint {
  let count = 0n;
  for (let due = start; due < end; due = addDays(due, 7)) count += 1n;
  const each = (targetMinor + count - 1n) / count;
  return ((each + 99n) / 100n) * 100n;
}

export interface SandboxTime {
  now: string;
  businessDate: string;
}

/**
 * Moves the shared sandbox clock forward (it only goes forward, a day at a time, running what
 * fell due each day). The browser's clock is left alone: the app takes "today" from the server's
 * `X-Server-Time`, so the screens must show the server's day by themselves.
 */
export async function advanceSandboxClock(page: Page, days: number): Promise<SandboxTime> {
  const moved = await moveSandboxClock(page.request, { advance_days: days });
  return { now: moved.now, businessDate: moved.business_date };
}

export async function payIntoFundingAccount(
  request: APIRequestContext,
  accountNumber: string,
  amount: string,
): Promise<void> {
  const response = await request.post('/v1/sandbox/virtual-accounts/transfers', {
    headers: CLIENT_HEADERS,
    data: { account_number: accountNumber, amount, sender_name: 'Target Tester' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Page model of /savings/target-savings. */
export class TargetSavingsPage {
  readonly page: Page;
  readonly total: Locator;
  readonly rateCard: Locator;
  readonly challenge: Locator;
  readonly createTarget: Locator;
  readonly tabs: Locator;
  readonly tabPanel: Locator;
  readonly cards: Locator;

  constructor(page: Page) {
    this.page = page;
    this.total = page.getByTestId('target-total');
    this.rateCard = page.getByRole('region', { name: 'Annual Interest Rate' });
    this.challenge = page.getByRole('region', { name: 'Olympic Investment Marathon!' });
    this.createTarget = page.getByRole('link', { name: 'Create new target' }).first();
    this.tabs = page.getByRole('tablist', { name: 'Targets' });
    this.tabPanel = page.getByRole('tabpanel');
    this.cards = page.getByTestId('target-plan-card');
  }

  async goto(search = ''): Promise<void> {
    await this.page.goto(`/savings/target-savings${search}`);
    await expect(
      this.page.getByRole('heading', { level: 2, name: 'Target Savings', exact: true }),
    ).toBeVisible();
  }

  tab(name: 'Active' | 'Matured'): Locator {
    return this.tabs.getByRole('tab', { name });
  }
}

/** Page model of the Create a Target wizard, its three steps. */
export class CreateTargetWizard {
  readonly page: Page;
  readonly title: Locator;
  readonly reason: Locator;
  readonly frequency: Locator;
  readonly amount: Locator;
  readonly submit: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly method: Locator;
  readonly collectionAmount: Locator;
  readonly schedule: Locator;
  readonly scheduleNotice: Locator;
  readonly continueButton: Locator;
  readonly agreements: Locator;
  readonly agreementNotice: Locator;
  readonly createButton: Locator;
  readonly created: Locator;

  constructor(page: Page) {
    this.page = page;
    this.title = page.getByRole('heading', {
      level: 2,
      name: /Create a Target|You're almost done/,
    });
    this.reason = page.getByLabel('What are you saving for ?');
    this.frequency = page.getByLabel('Set Savings Frequency');
    this.amount = page.getByLabel('What is your target amount ?');
    this.submit = page.getByRole('button', { name: 'Submit' });
    this.startDate = page.getByLabel('Start Date');
    this.endDate = page.getByLabel('End Date');
    this.method = page.getByLabel('Select Collection method');
    this.collectionAmount = page.getByLabel('How much do you want to deposit manually?');
    this.schedule = page.getByTestId('target-schedule');
    this.scheduleNotice = page.getByTestId('target-schedule-notice');
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.agreements = page.getByRole('checkbox');
    this.agreementNotice = page.getByTestId('target-agreement-notice');
    this.createButton = page.getByRole('button', { name: 'Create Target' });
    this.created = page.getByTestId('target-created');
  }

  category(label: string): Locator {
    return this.page.getByRole('radio', { name: label });
  }

  async expectMessage(text: string, count = 1): Promise<void> {
    await expect(this.page.getByText(text, { exact: true })).toHaveCount(count);
  }
}

/** Page model of a target's detail, /savings/target-savings/detail?a=… */
export class TargetDetailPage {
  readonly page: Page;
  readonly reason: Locator;
  readonly bannerAmount: Locator;
  readonly bannerDays: Locator;
  readonly bannerRate: Locator;
  readonly saved: Locator;
  readonly progress: Locator;
  readonly progressBar: Locator;
  readonly nextCollection: Locator;
  readonly missed: Locator;
  readonly topUp: Locator;
  readonly breakPlan: Locator;
  readonly toppedUp: Locator;

  constructor(page: Page) {
    this.page = page;
    this.reason = page.getByTestId('target-banner-reason');
    this.bannerAmount = page.getByTestId('target-banner-amount');
    this.bannerDays = page.getByTestId('target-banner-days');
    this.bannerRate = page.getByTestId('target-banner-rate');
    this.saved = page.getByTestId('target-saved-amount');
    this.progress = page.getByTestId('target-progress');
    this.progressBar = page.getByRole('progressbar', { name: 'Target achieved' });
    this.nextCollection = page.getByTestId('target-next-collection');
    this.missed = page.getByTestId('target-missed');
    this.topUp = page.getByRole('button', { name: 'Top Up' });
    this.breakPlan = page.getByRole('button', { name: 'Break Plan' });
    this.toppedUp = page.getByTestId('target-topped-up');
  }

  fact(testId: string): Locator {
    return this.page.getByTestId(testId);
  }
}
