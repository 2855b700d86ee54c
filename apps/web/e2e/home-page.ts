import { expect, type Locator, type Page } from '@playwright/test';

/** Page model of Home inside the signed-in shell. */
export class HomePage {
  readonly page: Page;
  readonly title: Locator;
  readonly balance: Locator;
  /** "+₦250,000.00 in 30 days" under the balance. */
  readonly balanceChange: Locator;
  readonly fundWallet: Locator;
  readonly withdraw: Locator;
  readonly verifyBvn: Locator;
  readonly chart: Locator;
  readonly offers: Locator;
  readonly recentTransactions: Locator;

  constructor(page: Page) {
    this.page = page;
    this.title = page.getByRole('heading', { level: 1, name: 'Home' });
    const wallet = page.getByRole('region', { name: 'Naira wallet' });
    this.balance = wallet.getByTestId('naira-balance');
    this.balanceChange = wallet.getByTestId('balance-change');
    this.fundWallet = wallet.getByRole('link', { name: 'Fund wallet' });
    this.withdraw = wallet.getByRole('link', { name: 'Withdraw' });
    this.verifyBvn = wallet.getByRole('link', { name: 'Verify BVN' });
    this.chart = page.getByRole('figure', { name: 'Balance over time' });
    this.offers = page.getByRole('region', { name: 'Offers for you' });
    this.recentTransactions = page.getByRole('region', { name: 'Recent transactions' });
  }

  /** "Good morning, Ada" (or afternoon, evening: Lagos time). */
  greeting(firstName: string): Locator {
    return this.page.getByRole('heading', {
      level: 2,
      name: new RegExp(`^Good (morning|afternoon|evening), ${firstName}$`),
    });
  }

  async expectShown(firstName: string): Promise<void> {
    await expect(this.page).toHaveURL('/');
    await expect(this.title).toBeVisible();
    await expect(this.greeting(firstName)).toBeVisible();
  }

  /** The slide the carousel shows now ("2 of 3"); the others are hidden. */
  visibleOffer(position: string): Locator {
    return this.offers.getByRole('group', { name: position });
  }

  offerButton(name: 'Pause the offers' | 'Play the offers' | 'Next offer'): Locator {
    return this.offers.getByRole('button', { name, exact: true });
  }
}
