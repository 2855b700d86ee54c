import { expect, test } from '@playwright/test';

const signedInRoutes = [
  '/',
  '/wallet',
  '/commodities',
  '/commodities-all',
  '/dollar-cards',
  '/fixed-income',
  '/real-estate',
  '/bills-payment',
  '/payments/status',
  '/settings',
  '/settings/security',
  '/verify-account',
  '/savings',
  '/savings/fixed',
  '/savings/dollar',
  '/savings/target-savings',
  '/savings/target-savings/abc-123',
];

test.describe('route guard', () => {
  test('when a visitor opens any signed-in route, then sign-in comes with the path to return to', async ({
    page,
  }) => {
    for (const path of signedInRoutes) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  test('when someone signs in with the keyboard alone, then they land where they were going', async ({
    page,
  }) => {
    await page.goto('/savings');
    await expect(page).toHaveURL('/login?redirect=%2Fsavings');
    await page.getByLabel('Email address').focus();
    await page.keyboard.type('demo@ajo.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('AjoDemo2026!');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/savings');
    await expect(page.getByRole('heading', { level: 1, name: 'Savings' })).toBeVisible();
  });
});
