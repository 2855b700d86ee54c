import { expect, type Locator, type Page } from '@playwright/test';

/** Page model of Home inside the signed-in shell. */
export class HomePage {
  readonly page: Page;
  readonly title: Locator;

  constructor(page: Page) {
    this.page = page;
    this.title = page.getByRole('heading', { level: 1, name: 'Home' });
  }

  greeting(firstName: string): Locator {
    return this.page.getByRole('heading', { level: 2, name: `Hello, ${firstName}` });
  }

  async expectShown(firstName: string): Promise<void> {
    await expect(this.page).toHaveURL('/');
    await expect(this.title).toBeVisible();
    await expect(this.greeting(firstName)).toBeVisible();
  }
}
