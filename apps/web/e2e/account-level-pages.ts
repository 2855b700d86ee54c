import type { Locator, Page } from '@playwright/test';

/** Page model of the account-level card (Settings › Account level; Home and Wallet later). */
export class AccountLevelCard {
  readonly page: Page;
  readonly card: Locator;
  readonly tier: Locator;
  readonly nextStep: Locator;
  readonly tryAgain: Locator;

  constructor(page: Page) {
    this.page = page;
    this.card = page.getByRole('region', { name: 'Account level' });
    this.tier = this.card.getByTestId('account-level-tier');
    this.nextStep = this.card.getByTestId('account-level-next-step');
    this.tryAgain = this.card.getByRole('button', { name: 'Try again' });
  }

  /** The value shown beside a limit's label ("Single deposit", "Wallet balance"…). */
  limit(label: string): Locator {
    return this.card
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=../dd');
  }

  action(name: string): Locator {
    return this.nextStep.getByRole('link', { name });
  }
}
