import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { signInToConsole } from './ops-pages.ts';
import { saveScreenshots } from './screenshots.ts';

test.describe('the operator console: customers and the ledger', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('when an operator looks up the demo customer, then the profile shows tier 2 and balances, and the view is in the audit log', async ({
    page,
  }, testInfo) => {
    await signInToConsole(page, 0, '/ops');
    await expect(page.getByRole('heading', { name: /Good day, Tunde/ })).toBeVisible();
    await expect(page.getByText('Waiting for an operator')).toBeVisible();
    await expect(page.getByText('KYC in review')).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-overview');

    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Customers' })
      .click();
    await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
    await expect(page.getByText('Type what you know about the customer')).toBeVisible();
    await page.getByLabel('Search customers').fill('DEMO@ajo');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: 'demo@ajo.test' });
    await expect(row).toContainText('Ada Okafor');
    await expect(row).toContainText('••••••4567');
    await expect(row).toContainText('Tier 2');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-customers-search');

    await row.getByRole('link', { name: 'Ada Okafor' }).click();
    await expect(page.getByRole('heading', { name: 'Ada Okafor' })).toBeVisible();
    await expect(page.getByText('recorded in the audit log with your name')).toBeVisible();
    await expect(page.getByText('Limits of tier 2')).toBeVisible();
    await expect(page.getByText('2200**')).toBeVisible();
    const balances = page.getByRole('table', { name: 'Wallet balances' });
    await expect(balances.getByRole('row').filter({ hasText: 'NGN' })).toContainText('₦');
    await expect(page.getByText('AJO-DEMO-OPENING')).toBeVisible();
    const customerId = page.url().split('/').pop() ?? '';
    expect(customerId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('table', { name: 'Operator actions on this customer' }),
    ).toContainText('customer.viewed');
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-customer');

    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByLabel('Action').fill('customer.viewed');
    await page.getByLabel('Subject id').fill(customerId);
    const viewed = page.getByRole('row').filter({ hasText: 'customer.viewed' }).first();
    await expect(viewed).toContainText('Tunde');
    await expect(viewed).toContainText(customerId);
    await expect(page.getByRole('table')).not.toContainText('demo@ajo.test');
  });

  test('when an operator runs the ledger check and a reconciliation, then the check passes and each provider line is shown', async ({
    page,
  }, testInfo) => {
    await signInToConsole(page, 1, '/ops/ledger');
    await expect(page.getByRole('heading', { name: 'Ledger & reconciliation' })).toBeVisible();
    await page.getByRole('button', { name: 'Run the check' }).click();
    await expect(
      page.getByText('The ledger checks: every balance equals its postings.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Reconcile' }).click();
    await expect(
      page.getByText('Money in: deposits and bank transfers', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Money out: withdrawals to banks', { exact: true })).toBeVisible();
    await expect(page.getByText('Money out: dollar card loads', { exact: true })).toBeVisible();
    await expect(page.getByText(/Provider report not available/).first()).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-ledger');
  });
});
