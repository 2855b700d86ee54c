import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshots } from './screenshots.ts';
import { StatementsPage, StatementVerifyPage } from './statements-pages.ts';
import { expectNoSidewaysScroll, signInAsDemo } from './wallet-pages.ts';

test.describe('statements', () => {
  let consoleErrors: string[] = [];

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    test.slow();
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when the demo user downloads a statement from the wallet, then a stranger signed out checks its code and its file, and an altered copy fails', async ({
    page,
    browser,
  }, testInfo) => {
    await signInAsDemo(page);
    await page.goto('/wallet');
    await page.getByRole('link', { name: 'Download a statement' }).click();
    const statements = new StatementsPage(page);
    await expect(statements.heading).toBeVisible();
    // Keyboard only: the period group, then the format group, then the button.
    await statements.choose('Last 3 months');
    await expect(statements.period('Last 3 months')).toBeChecked();
    await statements.period('Last 3 months').focus();
    await page.keyboard.press('ArrowRight');
    await expect(statements.period('Custom')).toBeChecked();
    await expect(page.getByLabel('From')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(statements.period('Last 3 months')).toBeChecked();
    await expect(statements.format('PDF')).toBeChecked();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'statements');

    const downloaded = page.waitForEvent('download');
    await statements.download.focus();
    await page.keyboard.press('Enter');
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(
      /^ajo-statement-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const file = await download.path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(statements.code).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const code = (await statements.code.textContent()) ?? '';
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'statements-downloaded');
    await expectNoSidewaysScroll(page);

    // Someone else, never signed in, given the statement.
    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    const strangerErrors = collectConsoleErrors(visitor);
    const verify = new StatementVerifyPage(visitor);
    await verify.goto();
    await expect(verify.heading).toBeVisible();
    await verify.code.fill(code.toLowerCase());
    await verify.code.press('Enter');
    await expect(visitor).toHaveURL(/\/statements\/verify\//);
    await expect(verify.results.first()).toContainText('Genuine Ajo statement');
    await expect(verify.results.first()).toContainText('Ada ');
    await expect(verify.results.first()).toContainText(code);

    await verify.file.setInputFiles(file);
    await verify.checkFile.click();
    await expect(verify.results.last()).toContainText('Unaltered');
    await expectNoAccessibilityViolations(visitor);
    await saveScreenshots(visitor, testInfo, 'statement-verify');
    await expectNoSidewaysScroll(visitor);

    const altered = Buffer.from(bytes);
    const middle = altered.length >> 1;
    altered[middle] = (altered[middle] ?? 0) ^ 0x01;
    await verify.file.setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: altered,
    });
    await verify.checkFile.click();
    await expect(verify.results.last()).toContainText('Altered or not issued by Ajo');
    await saveScreenshots(visitor, testInfo, 'statement-verify-altered');

    await verify.goto('AAAA-BBBB-CCCC-DDDD');
    await expect(verify.results.first()).toContainText('Not a statement issued by Ajo');
    expect(strangerErrors.filter((error) => !error.includes('404'))).toEqual([]);
    await stranger.close();
  });
});
