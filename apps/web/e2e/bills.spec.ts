import { expectNoAccessibilityViolations } from './accessibility.ts';
import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './auth-pages.ts';
import { BillDialog, BillsPage, buyAirtimeThroughApi, fundForBills } from './bills-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { failReads, forgetFailedReadLogs } from './failed-reads.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import { expectNoSidewaysScroll } from './wallet-pages.ts';
import { confirmWithPin, enterPin } from './pin-pages.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import { BvnModal, skipBvnModal } from './verification-pages.ts';

/** The outage journey makes the billers answer 503 on purpose; the browser logs it. */
const EXPECTED_OUTAGE = /Failed to load resource: the server responded with a status of 503\b/;

/** Sandbox phone numbers on each network (README: a number must be on the chosen network). */
const MTN_NUMBER = '0803 123 4567';
const AIRTEL_NUMBER = '0802 555 0101';
const GLO_NUMBER = '0805 222 3344';

for (const viewport of viewports) {
  test.describe(`bills payment at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];
    // Screenshots (at both widths) are taken once, in the phone-width run.
    const shoot = viewport.name === 'mobile';

    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      permissions: ['clipboard-read', 'clipboard-write'],
    });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      // Whole journeys: sign-up, funding, paying, polling the receipt, screenshots.
      test.slow();
      const account = await signUpThroughApi(page);
      await fundForBills(page, account, '50000');
    });

    test.afterEach(() => {
      expect(
        consoleErrors.filter((error) => !EXPECTED_OUTAGE.test(error)),
        'console errors (CSP violations show up here)',
      ).toEqual([]);
    });

    test('when a customer buys airtime, then the receipt confirms it and the number is kept for next time', async ({
      page,
    }, testInfo) => {
      const bills = new BillsPage(page);
      await bills.goto();
      await expect(bills.tab('Airtime')).toHaveAttribute('aria-selected', 'true');
      await expect(bills.history).toContainText('No bill payments yet');
      await expect(bills.balance).toHaveText('₦50,000.00');
      // The customer's own number (an MTN one) is filled in, its network chosen.
      await expect(bills.phone).not.toHaveValue('');
      await expect(bills.panel).toContainText(
        'Your MTN number. Change it to buy for someone else.',
      );
      await expect(bills.biller('MTN')).toBeChecked();
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'bills-airtime-empty');
      }

      // The network follows the number; a number on another network is caught before paying.
      await bills.phone.fill(AIRTEL_NUMBER);
      await expect(bills.biller('Airtel')).toBeChecked();
      await bills.biller('MTN').check({ force: true });
      await expect(bills.panel).toContainText('This number (0802…) is on Airtel');
      // Unless it was moved to MTN: it keeps its old prefix, and the person says so.
      await bills.panel.getByRole('checkbox', { name: /This number was moved to MTN/ }).check();
      await expect(bills.panel).not.toContainText('This number (0802…) is on Airtel');
      // A prefix no network carries is caught too, not after the PIN.
      await bills.phone.fill('07001234567');
      await expect(bills.panel).toContainText(
        '0700 123 4567 is not on MTN, Airtel, Glo or 9mobile. Check the number.',
      );
      await bills.phone.fill(MTN_NUMBER);
      await expect(bills.biller('MTN')).toBeChecked();

      // Below the minimum, the server's reason shows at the amount and nothing can be confirmed.
      await bills.amount.fill('20');
      await expect(bills.amount).toHaveAttribute('aria-invalid', 'true');
      await expect(bills.panel).toContainText('₦50.00');
      await expect(bills.continueButton).toBeDisabled();

      await bills.button('₦500').click();
      await expect(bills.amount).toHaveValue('500');
      await expect(bills.fee).toHaveText('₦0.00');
      await expect(bills.total).toHaveText('₦500.00');
      await expect(bills.continueButton).toBeEnabled();
      if (shoot) await saveScreenshots(page, testInfo, 'bills-airtime-form');
      await bills.continueButton.click();

      const dialog = new BillDialog(page);
      await expect(dialog.dialog).toContainText('Confirm payment');
      await expect(dialog.dialog).toContainText('MTN airtime');
      await expect(dialog.dialog).toContainText(MTN_NUMBER);
      await expect(dialog.pay).toHaveText('Pay ₦500.00');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'bills-airtime-confirm');
      }
      // While Pay is on its way, Escape does not take the dialog (and the receipt) away; nor does
      // a second Escape, which the browser does not let a page refuse.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/v1/bill_payments/airtime', async (route) => {
        await held;
        await route.continue();
      });
      await confirmWithPin(dialog.pay);
      await expect(dialog.pay).toHaveAttribute('aria-busy', 'true');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(dialog.dialog).toBeVisible();
      await expect(dialog.dialog).not.toHaveAttribute('data-closing');
      release();
      await expect(dialog.receiptTitle).toHaveText('Airtime sent', { timeout: 20_000 });
      await page.unroute('**/v1/bill_payments/airtime');
      await expect(dialog.receiptStatus).toHaveText('Successful');
      await expect(dialog.receiptTotal).toHaveText('₦500.00');
      if (shoot) await saveScreenshots(page, testInfo, 'bills-airtime-receipt');
      // The receipt replaced the confirmation: focus is on Done, not lost to the page, and when
      // the form behind starts again it goes to the chosen kind at the top of the new form.
      await expect(dialog.done).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog.dialog).toBeHidden();
      await expect(bills.tab('Airtime')).toBeFocused();

      const row = bills.rowsWithText('MTN airtime').first();
      await expect(row).toContainText(MTN_NUMBER);
      await expect(row).toContainText('Successful');
      await expect(bills.balance).toHaveText('₦49,500.00');

      // A repeat purchase starts from the recent number, on its network.
      await bills.phone.fill(AIRTEL_NUMBER);
      await bills.recent.getByRole('button', { name: new RegExp(MTN_NUMBER) }).click();
      await expect(bills.phone).toHaveValue('8031234567');
      await expect(bills.biller('MTN')).toBeChecked();

      // ₦….21: the biller is slow, and the receipt says it is still processing.
      await bills.amount.fill('100.21');
      await expect(bills.total).toHaveText('₦100.21');
      await bills.continueButton.click();
      await confirmWithPin(dialog.pay);
      await expect(dialog.receiptTitle).toHaveText('Payment processing');
      await expect(dialog.receiptStatus).toHaveText('Pending');
      if (shoot) await saveScreenshots(page, testInfo, 'bills-airtime-pending');
      await page.keyboard.press('Escape');
      await expect(dialog.dialog).toBeHidden();
      await expect(bills.rows.first()).toContainText('Pending');
      await expectNoSidewaysScroll(page);
      // The recent numbers scroll inside the card: the card keeps its margin on a phone.
      const card = await page.getByRole('region', { name: 'Pay a bill' }).boundingBox();
      expect((card?.x ?? 0) + (card?.width ?? Infinity)).toBeLessThanOrEqual(
        viewport.width - (card?.x ?? 0),
      );
      if (shoot) await saveScreenshots(page, testInfo, 'bills-history');
    });

    test('when the answer to a payment is lost and the page is reloaded, then paying again finds the first payment: one purchase, one debit', async ({
      page,
    }) => {
      const bills = new BillsPage(page);
      // ₦20,000 of the ₦30,000 left (an earlier top up took ₦20,000): once the first attempt has
      // gone through, what is left is short of it.
      await buyAirtimeThroughApi(page.request, 'Glo', GLO_NUMBER, '20000');
      await bills.goto();
      await bills.phone.fill(MTN_NUMBER);
      await bills.amount.fill('20000');
      await expect(bills.total).toHaveText('₦20,000.00');
      await bills.continueButton.click();
      const dialog = new BillDialog(page);
      // The purchase reaches Ajo and is paid; the browser never hears back.
      const keys = await loseFirstAnswer(page, '**/v1/bill_payments/airtime');
      await confirmWithPin(dialog.pay);
      await expect(dialog.dialog).toContainText(
        'We could not confirm this payment, and it may have gone through.',
      );
      // The wallet now reads ₦10,000, short by the payment that may have gone through: the
      // confirmation does not ask for ₦10,000 more, which would be money the customer need not add.
      await expect(bills.balance).toHaveText('₦10,000.00');
      await expect(dialog.dialog).not.toContainText('Fund your wallet');
      await expect(dialog.pay).toBeEnabled();

      // What people do when a payment seems stuck: reload, and pay the same bill again.
      await page.reload();
      await bills.phone.fill(MTN_NUMBER);
      await bills.amount.fill('20000');
      await expect(bills.total).toHaveText('₦20,000.00');
      await bills.continueButton.click();
      await confirmWithPin(dialog.pay);
      await expect(dialog.receiptTitle).toHaveText('Airtime sent', { timeout: 20_000 });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      await page.keyboard.press('Escape');
      await expect(dialog.dialog).toBeHidden();
      await expect(bills.rowsWithText('MTN airtime')).toHaveCount(1);
      await expect(bills.balance).toHaveText('₦10,000.00');
      forgetLostAnswerLogs(consoleErrors);
    });

    test('when the catalogue is slow or down, then skeletons show, then a way to try again', async ({
      page,
    }, testInfo) => {
      const bills = new BillsPage(page);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let failBillers = true;
      await page.route(/\/v1\/bill_payments(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      await page.route(/\/v1\/bill_payments\/billers\?/, async (route) => {
        if (!failBillers) {
          await route.continue();
          return;
        }
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'biller_unavailable',
            message: 'Bills cannot be reached right now; try again in a few minutes',
          }),
        });
      });
      await bills.goto('?type=betting');
      await expect(bills.history.getByRole('status')).toHaveText('Loading your bill payments');
      await expect(bills.panel).toContainText('Bills cannot be reached right now');
      if (shoot) await saveScreenshots(page, testInfo, 'bills-loading-and-outage');

      failBillers = false;
      release();
      await bills.button('Try again').click();
      await expect(bills.biller('Bet9ja')).toBeVisible();
      await expect(bills.history).toContainText('No bill payments yet');
    });

    test('when the fee and the balance cannot be read, then they say so with Try again, and nothing is blamed on the amount', async ({
      page,
    }, testInfo) => {
      const bills = new BillsPage(page);
      const quotes = await failReads(page, /\/v1\/bill_payments\/quote\?/);
      const wallets = await failReads(page, '**/v1/wallets');
      // The history gets no answer at all: that is the connection, and it says so.
      const history = await failReads(page, /\/v1\/bill_payments(\?|$)/, 'network');
      const balanceRetry = page
        .getByRole('region', { name: 'Pay a bill' })
        .getByRole('button', { name: 'Try again' })
        .first();
      await bills.goto();
      await expect(bills.panel.getByRole('alert')).toHaveText(/Something went wrong on our side/);
      await expect(bills.amount).not.toHaveAttribute('aria-invalid', 'true');
      // The app asks twice more by itself before it says the balance could not be read.
      await expect(page.getByText('We could not load your balance.')).toBeVisible({
        timeout: 15_000,
      });
      await expect(bills.history.getByRole('alert')).toHaveText(
        'We could not reach Ajo. Check your connection and try again.',
      );
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'bills-reads-failed');
      }

      // An amount typed meanwhile is not at fault: the banner stays, the box is not marked.
      await bills.phone.fill(MTN_NUMBER);
      await bills.amount.fill('500');
      await expect(bills.panel.getByRole('alert')).toHaveText(/Something went wrong on our side/);
      await expect(bills.amount).not.toHaveAttribute('aria-invalid', 'true');
      await expect(bills.continueButton).toBeDisabled();

      quotes.letThrough();
      await bills.button('Try again').click();
      await expect(bills.total).toHaveText('₦500.00');
      await expect(bills.panel.getByRole('alert')).toHaveCount(0);
      await expect(bills.continueButton).toBeEnabled();

      wallets.letThrough();
      await balanceRetry.click();
      await expect(bills.balance).toHaveText('₦50,000.00');
      await expect(page.getByText('We could not load your balance.')).toHaveCount(0);

      history.letThrough();
      await bills.history.getByRole('button', { name: 'Try again' }).click();
      await expect(bills.history).toContainText('No bill payments yet');
      forgetFailedReadLogs(consoleErrors);
    });

    test('when a customer buys a data bundle, then the plan is paid at its price', async ({
      page,
    }, testInfo) => {
      const bills = new BillsPage(page);
      await bills.goto();
      // The tabs are keyboard-operable: arrow keys move to the next kind of bill.
      await bills.tab('Airtime').focus();
      await page.keyboard.press('ArrowRight');
      await expect(bills.tab('Data')).toBeFocused();
      await expect(bills.tab('Data')).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\/bills-payment\?type=data$/);
      await bills.phone.fill(GLO_NUMBER);
      await expect(bills.biller('Glo')).toBeChecked();
      await bills.plan(/Glo 1GB/).check({ force: true });
      await expect(bills.total).toHaveText('₦500.00');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'bills-data-form');
      }
      await bills.continueButton.click();

      const dialog = new BillDialog(page);
      await expect(dialog.dialog).toContainText('Glo 1GB · 7 days');
      await expect(dialog.pay).toHaveText('Pay ₦500.00');
      // Enter in the PIN boxes pays, as the Pay button does.
      await enterPin(page);
      await page.keyboard.press('Enter');
      await expect(dialog.receiptTitle).toHaveText('Data bundle sent', { timeout: 20_000 });
      await dialog.done.click();
      await expect(bills.rowsWithText('Glo 1GB').first()).toContainText('Successful');

      // A shared link opens on its kind.
      await bills.goto('?type=2');
      await expect(bills.tab('Data')).toHaveAttribute('aria-selected', 'true');
    });

    test('when a customer pays a prepaid meter, then the token is shown to copy', async ({
      page,
    }, testInfo) => {
      const bills = new BillsPage(page);
      await bills.goto('?type=electricity');
      await bills.biller(/Eko Electricity/).check({ force: true });

      // A meter the DisCo does not know is refused with the DisCo's words.
      await bills.meterNumber.fill('2222222222222');
      await bills.button('Verify meter').click();
      await expect(bills.panel).toContainText('could not find this prepaid meter number');

      await bills.meterNumber.fill('1111111111111');
      await bills.button('Verify meter').click();
      await expect(bills.verified).toContainText('Adebayo Ogunleye');
      await expect(bills.verified).toContainText('12 Allen Avenue, Ikeja, Lagos');
      // Another meter type is another meter: it must be verified again.
      await bills.panel.getByRole('radio', { name: 'Postpaid' }).check({ force: true });
      await expect(bills.verified).toBeHidden();
      await expect(bills.button('Verify meter')).toBeVisible();
      await bills.panel.getByRole('radio', { name: 'Prepaid' }).check({ force: true });
      await bills.button('Verify meter').click();
      await expect(bills.verified).toContainText('Adebayo Ogunleye');

      await bills.amount.fill('5000');
      await expect(bills.fee).toHaveText('₦100.00');
      await expect(bills.total).toHaveText('₦5,100.00');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'bills-electricity-form');
      }
      await bills.continueButton.click();

      const dialog = new BillDialog(page);
      await expect(dialog.dialog).toContainText('Adebayo Ogunleye');
      await expect(dialog.dialog).toContainText('1111111111111');
      await expect(dialog.pay).toHaveText('Pay ₦5,100.00');
      if (shoot) await saveScreenshots(page, testInfo, 'bills-electricity-confirm');
      await confirmWithPin(dialog.pay);
      await expect(dialog.receiptTitle).toHaveText('Your token is ready', { timeout: 20_000 });
      // The receipt opens at its top (on a phone it is taller than the sheet), Done focused.
      await expect(dialog.dialog.getByRole('button', { name: 'Close receipt' })).toBeInViewport({
        ratio: 1,
      });
      await expect(dialog.receiptTitle).toBeInViewport({ ratio: 1 });
      await expect(dialog.done).toBeFocused();
      await expect(dialog.token).toHaveText(/^\d{4}( \d{4}){4}$/);
      await expect(dialog.units).toHaveText(/kWh$/);
      const token = (await dialog.token.innerText()).replace(/\s/g, '');
      await dialog.copyToken.click();
      await expect(dialog.copyToken).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'bills-electricity-token');
      }
      await dialog.done.click();
      await expect(dialog.dialog).toBeHidden();

      const row = bills.rowsWithText('Eko').first();
      await expect(row).toContainText('Successful');
      await expect(row.getByTestId('bill-history-token')).toHaveText(
        token.replace(/(\d{4})(?=\d)/g, '$1 '),
      );
      await expect(bills.balance).toHaveText('₦44,900.00');
      if (shoot) await saveScreenshots(page, testInfo, 'bills-electricity-history');

      // A past payment's row opens its receipt, token included, read from its heading; closed,
      // focus goes back to the row.
      const rowButton = row.getByRole('button', { name: /Eko Electricity token/ });
      await rowButton.click();
      await expect(dialog.receiptTitle).toHaveText('Your token is ready');
      await expect(dialog.receiptTitle).toBeFocused();
      await expect(dialog.token).toHaveText(token.replace(/(\d{4})(?=\d)/g, '$1 '));
      await page.keyboard.press('Escape');
      await expect(dialog.dialog).toBeHidden();
      await expect(rowButton).toBeFocused();

      // A postpaid meter is paid as a bill: no token.
      await bills.biller(/Abuja Electricity/).check({ force: true });
      await bills.panel.getByRole('radio', { name: 'Postpaid' }).check({ force: true });
      await bills.meterNumber.fill('1010101010101');
      await bills.meterNumber.press('Enter');
      await expect(bills.verified).toContainText('Adebayo Ogunleye');
      await bills.amount.fill('1000');
      await expect(bills.total).toHaveText('₦1,100.00');
      await bills.continueButton.click();
      await confirmWithPin(dialog.pay);
      await expect(dialog.receiptTitle).toHaveText('Electricity bill paid', { timeout: 20_000 });
      await expect(dialog.token).toHaveCount(0);
      await dialog.done.click();
      await expect(bills.rowsWithText('Abuja Electricity bill').first()).toContainText(
        'Successful',
      );
    });

    test('when a customer funds a betting account, then it is verified first and paid', async ({
      page,
    }, testInfo) => {
      const bills = new BillsPage(page);
      await bills.goto();
      await bills.tab('Betting').click();
      await bills.biller('SportyBet').check({ force: true });
      await bills.accountId.fill('99999999');
      await bills.button('Verify account').click();
      await expect(bills.panel).toContainText('could not find this account ID');

      await bills.accountId.fill('AJO2026X');
      await bills.button('Verify account').click();
      await expect(bills.verified).toContainText('Account verified');
      const holder = (await bills.verified.locator('p').nth(1).innerText()).trim();
      await bills.amount.fill('2500');
      await expect(bills.total).toHaveText('₦2,500.00');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'bills-betting-form');
      }
      await bills.continueButton.click();

      const dialog = new BillDialog(page);
      await expect(dialog.dialog).toContainText(holder);
      await confirmWithPin(dialog.pay);
      await expect(dialog.receiptTitle).toHaveText('Betting account funded', { timeout: 20_000 });
      if (shoot) await saveScreenshots(page, testInfo, 'bills-betting-receipt');
      await dialog.done.click();
      await expect(bills.rowsWithText('SportyBet').first()).toContainText('Account AJO2026X');

      // The recent account fills the form and is verified again at once.
      await expect(bills.accountId).toHaveValue('');
      await bills.recent.getByRole('button', { name: /AJO2026X/ }).click();
      await expect(bills.accountId).toHaveValue('AJO2026X');
      await expect(bills.verified).toContainText(holder);

      // ₦….24: the biller refuses at once and the money comes back.
      await bills.amount.fill('100.24');
      await expect(bills.total).toHaveText('₦100.24');
      await bills.continueButton.click();
      await confirmWithPin(dialog.pay);
      await expect(dialog.receiptTitle).toHaveText('Payment failed', { timeout: 20_000 });
      await expect(dialog.dialog).toContainText('The money is back in your wallet');
      if (shoot) await saveScreenshots(page, testInfo, 'bills-betting-failed');
      await dialog.done.click();
      await expect(dialog.dialog).toBeHidden();
      await expect(bills.rows.first()).toContainText('Failed');
      await expect(bills.balance).toHaveText('₦47,500.00');
      // After a failure the form is as it was, to try again or change one thing.
      await expect(bills.accountId).toHaveValue('AJO2026X');
      await expect(bills.amount).toHaveValue('100.24');
    });
  });
}

for (const viewport of viewports) {
  test.describe(`bills payment before the BVN is verified at ${String(viewport.width)} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('when a new customer has not verified their BVN, then the page says so before anything is typed and opens the BVN check there', async ({
      page,
    }, testInfo) => {
      const consoleErrors = collectConsoleErrors(page);
      // Signed up with a number no network carries (0800…).
      await signUpThroughApi(page, { phone: `800${String(Date.now()).slice(-7)}` });
      await skipBvnModal(page);
      const bills = new BillsPage(page);
      await bills.goto();
      const notice = page.getByTestId('verify-bvn-first');
      await expect(notice).toContainText('Verify your BVN before paying bills from your wallet.');
      // That number is not offered: the box starts empty, with no error the customer did not make.
      await expect(bills.phone).toHaveValue('');
      await expect(bills.biller('MTN')).toBeChecked();
      await expect(bills.panel).not.toContainText('is not on MTN');
      // The form's own hint, not a "maximum ₦0.00" to type against.
      await expect(bills.panel).toContainText('Sent to the number at once.');
      await expect(bills.panel).not.toContainText('₦0.00 per payment');
      if (viewport.name === 'mobile') {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'bills-before-bvn');
      }
      await notice.getByRole('link', { name: 'Verify your BVN' }).click();
      await new BvnModal(page).expectStep('Verify your BVN');
      await expect(page).toHaveURL(/\/bills-payment\?(.*&)?a=bvn/);
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });
  });
}
