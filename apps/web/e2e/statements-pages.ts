import type { Locator, Page } from '@playwright/test';

/** The signed-in statements page: a period, a format, the download and its code. */
export class StatementsPage {
  readonly heading: Locator;
  readonly download: Locator;
  readonly code: Locator;
  readonly checkLink: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    // The top bar shows the page's title.
    this.heading = page.getByRole('banner').getByRole('heading', { name: 'Statements' });
    this.download = page.getByRole('button', { name: 'Download statement' });
    this.code = page.getByTestId('statement-code');
    this.checkLink = page.getByRole('link', { name: 'See what others see when they check it' });
  }

  /** Picks a choice as a person does: by its visible pill (the radio inside is visually hidden). */
  async choose(label: string) {
    await this.page.locator('label').filter({ hasText: label }).click();
  }

  period(label: string): Locator {
    return this.page.getByRole('radio', { name: label });
  }

  format(label: string): Locator {
    return this.page.getByRole('radio', { name: label });
  }
}

/** The public page that checks a statement's code and its file. */
export class StatementVerifyPage {
  readonly heading: Locator;
  readonly code: Locator;
  readonly checkCode: Locator;
  readonly file: Locator;
  readonly checkFile: Locator;
  readonly results: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Check an Ajo statement' });
    this.code = page.getByLabel('Verification code');
    this.checkCode = page.getByRole('button', { name: 'Check code' });
    this.file = page.getByLabel(/Choose the statement file/);
    this.checkFile = page.getByRole('button', { name: 'Check the file' });
    this.results = page.getByRole('status');
  }

  async goto(code?: string) {
    await this.page.goto(code ? `/statements/verify/${code}` : '/statements/verify');
  }
}
