import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './console-errors.ts';
import { NotFoundPage } from './not-found-page.ts';
import { saveScreenshots } from './screenshots.ts';

test.describe('smoke', () => {
  let consoleErrors: string[] = [];

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when /error/404 is opened, then the isolated not-found page shows and is accessible', async ({
    page,
  }, testInfo) => {
    const notFound = new NotFoundPage(page);
    await notFound.goto('/error/404');

    await expect(page).toHaveTitle('Page not found · Ajo');
    const accessibility = await new AxeBuilder({ page }).analyze();
    expect(accessibility.violations).toEqual([]);
    await saveScreenshots(page, testInfo, 'not-found');
  });

  test('when an unknown path is opened signed out, then Back to Home leads to sign in', async ({
    page,
  }) => {
    const notFound = new NotFoundPage(page);
    await notFound.goto('/some/unknown/path');

    await notFound.backHomeLink.click();

    await expect(page).toHaveURL('/login?redirect=%2F');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  });

  test('when / is opened signed out, then the guard sends the visitor to sign in', async ({
    page,
  }) => {
    await page.goto('/');

    await expect(page).toHaveURL('/login?redirect=%2F');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
