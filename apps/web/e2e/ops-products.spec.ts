import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { signInToConsole, signOutOfConsole } from './ops-pages.ts';
import { saveScreenshots } from './screenshots.ts';

test.describe('product management in the operator console', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('when an operator changes a savings rate effective now, then a customer’s Fixed savings page shows the new rate', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpThroughApi(page);
    await page.goto('/savings/fixed');
    const rateOnCustomerPage = page.getByTestId('fixed-rate');
    await expect(rateOnCustomerPage).toBeVisible();
    const before = Number((await rateOnCustomerPage.innerText()).replace('%', ''));
    const after = before >= 99 ? 5 : Math.round((before + 0.25) * 100) / 100;

    await signInToConsole(page, 0, '/ops/products');
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Savings/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const fixedRow = page.getByRole('row').filter({ hasText: /^Fixed/ });
    await expect(fixedRow).toContainText(`30 days ${before.toFixed(2)}%`);
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-products');

    await page.getByRole('button', { name: 'Schedule a change: Fixed', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a change: Fixed' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('Fixed');
    await expect(dialog.getByRole('radio', { name: 'Now' })).toBeChecked();
    await expect(dialog.getByTestId('change-summary')).toHaveText('Nothing changed yet.');
    await dialog.getByLabel('30 days: rate').fill(after.toFixed(2));
    await expect(dialog.getByTestId('change-summary')).toHaveText(
      `Fixed: 30 days: rate ${before.toFixed(2)}% → ${after.toFixed(2)}% now; plans already open keep their rate`,
    );
    // A later start reads as a Lagos date and time in the summary.
    await dialog.getByRole('radio', { name: /A later date and time/ }).check();
    await expect(dialog.getByTestId('change-summary')).toContainText(' from ');
    await dialog.getByRole('radio', { name: 'Now' }).check();
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-products-schedule');
    await dialog.getByRole('button', { name: 'Confirm: apply now' }).click();
    await expect(dialog.getByRole('status')).toHaveText('The change has been applied.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(fixedRow).toContainText(`30 days ${after.toFixed(2)}%`);

    await page.getByLabel('Show').selectOption('applied');
    const applied = page
      .getByRole('table', { name: 'applied product changes' })
      .getByRole('row')
      .filter({ hasText: 'Fixed' })
      .first();
    await expect(applied).toContainText('Applied');
    await expect(applied).toContainText(`30 days ${after.toFixed(2)}%`);
    await expect(applied).toContainText(`Was: 30 days ${before.toFixed(2)}%`);
    await saveScreenshots(page, testInfo, 'ops-products-applied');
    await signOutOfConsole(page);

    // The customer reads the new rate (the catalogue cache was cleared when it applied).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/savings/fixed');
    await expect(page.getByTestId('fixed-rate')).toHaveText(`${String(after)}%`);
    // A new customer is asked for a BVN on arrival; put that aside for the picture.
    const bvn = page.getByRole('dialog', { name: 'Verify your BVN' });
    if (await bvn.isVisible()) {
      await bvn.getByRole('button', { name: 'Close' }).click();
      await expect(bvn).toBeHidden();
    }
    await saveScreenshots(page, testInfo, 'ops-products-customer-fixed');
  });

  test('when an operator schedules a fee change for tomorrow and cancels it with a reason, then it is listed as cancelled', async ({
    page,
  }) => {
    await signInToConsole(page, 1, '/ops/products');
    await page.getByRole('tab', { name: /Fees/ }).click();
    await page
      .getByRole('button', { name: 'Schedule a change: Fee: Withdraw', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a change: Fee: Withdraw' });
    await dialog.getByLabel('Flat (NGN)').fill('65.00');
    await dialog.getByRole('radio', { name: /A later date and time/ }).check();
    await expect(dialog.getByTestId('change-summary')).toContainText(
      'Fee: Withdraw: Flat (NGN) ₦50.00 → ₦65.00 from ',
    );
    await dialog.getByRole('button', { name: 'Confirm: schedule change' }).click();
    await expect(dialog.getByRole('status')).toHaveText('The change is scheduled.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const withdrawRow = page.getByRole('row').filter({ hasText: 'Fee: Withdraw' });
    await expect(withdrawRow).toContainText('flat ₦65.00');

    await page.getByRole('button', { name: 'Cancel the change to withdraw' }).click();
    const reason = page.getByRole('dialog', { name: 'Cancel this change?' });
    await reason.getByLabel('Reason').fill('Pricing committee withdrew it');
    await reason.getByRole('button', { name: 'Cancel the change' }).click();
    await expect(page.getByText('No scheduled changes.')).toBeVisible();
    await page.getByLabel('Show').selectOption('cancelled');
    await expect(
      page
        .getByRole('table', { name: 'cancelled product changes' })
        .getByRole('row')
        .filter({ hasText: 'withdraw' })
        .first(),
    ).toContainText('Cancelled');
    await expectNoAccessibilityViolations(page);
  });

  test('when an operator adds a listing effective now, then customers find it on sale with every unit', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToConsole(page, 0, '/ops/products');
    await page.getByRole('tab', { name: /Real estate/ }).click();
    await page.getByRole('button', { name: 'Add a listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a listing' });
    await expect(dialog).toBeVisible();

    // Everything is needed: an empty form says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Add the listing now' }).click();
    await expect(dialog.getByText('Enter the name')).toBeVisible();
    await expect(dialog.getByText('Enter the units for sale')).toBeVisible();

    const name = `Yaba Studio Flats ${String(Date.now()).slice(-5)}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Location').fill('Yaba, Lagos');
    await dialog
      .getByLabel('Description')
      .fill('Forty studio flats near the University of Lagos, let to students and staff.');
    await dialog.getByLabel('Price per unit (NGN)').fill('15000');
    await dialog.getByLabel('Rental yield (% p.a.)').fill('12.75');
    await dialog.getByLabel('Units for sale').fill('250');
    await dialog.getByLabel('Picture').selectOption({ label: 'Terraced houses' });
    await expectNoAccessibilityViolations(page);
    await saveScreenshots(page, testInfo, 'ops-products-new-listing');
    await dialog.getByRole('button', { name: 'Add the listing now' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'The listing is added and customers see it now.',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('₦15,000.00');
    await signOutOfConsole(page);

    await signUpThroughApi(page);
    await page.goto('/real-estate');
    const listing = page.getByRole('article', { name });
    await expect(listing).toContainText('₦15,000.00');
    await expect(listing).toContainText('12.75% yearly rent');
    await expect(listing.getByTestId('units-left')).toContainText('250');
  });
});
