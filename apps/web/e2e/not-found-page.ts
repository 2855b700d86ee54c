import { expect, type Locator, type Page } from '@playwright/test';

/** Page model of the isolated not-found page. */
export class NotFoundPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly backHomeLink: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Page not found' });
    this.backHomeLink = page.getByRole('link', { name: 'Back to Home' });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.backHomeLink).toBeVisible();
    await expect(this.page.getByRole('navigation')).toHaveCount(0);
    await expect(this.page.getByRole('banner')).toHaveCount(0);
  }
}
