import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import {
  addDays,
  addMonths,
  advanceSandboxClock,
  CreateTargetWizard,
  payIntoFundingAccount,
  TargetDetailPage,
  TargetSavingsPage,
  weeklyInstalmentMinor,
} from './target-pages.ts';
import {
  expectNoSidewaysScroll,
  formatNaira,
  minorFromText,
  readNairaBalance,
} from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { confirmWithPin } from './pin-pages.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import { readSavingPlans } from './savings-pages.ts';
import { readServerTime } from './sandbox-clock.ts';

const FUNDING_MINOR = 10_000_00n;
const TARGET_MINOR = 20_000_00n;
const TOP_UP_MINOR = 2_000_00n;

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-11-27" → "November 27th 2026", as the detail writes dates. */
function longDate(isoDate: string): string {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const dayNumber = Number(day);
  const lastTwo = dayNumber % 100;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[dayNumber % 10] ?? 'th');
  return `${months[Number(month) - 1] ?? ''} ${String(dayNumber)}${suffix} ${year}`;
}

const naira = (text: string) => minorFromText(text.replace(/[₦,]/g, ''));

for (const viewport of viewports) {
  test.describe(`target savings at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];
    // Screenshots (at both widths) are taken once, in the phone-width run.
    const shoot = viewport.name === 'mobile';

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      // A whole journey: sign-up, funding, a target, three weeks of sandbox time, screenshots.
      test.slow();
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when the answers to Create Target and Break Plan are lost, then each retry carries the same key and makes one target and one break', async ({
      page,
    }, testInfo) => {
      test.skip(viewport.name === 'desktop', 'the retries are the same at every width');
      const account = await signUpThroughApi(page);
      await verifyAndFundThroughApi(page.request, account, '10000');
      // Tomorrow in Lagos, by the server's clock (which other journeys may have moved on).
      const serverNow = await readServerTime(page.request);
      const start = addDays(
        new Date(serverNow.getTime() + 3_600_000).toISOString().slice(0, 10),
        1,
      );

      const wizard = new CreateTargetWizard(page);
      await page.goto('/savings/target-savings/new');
      await wizard.reason.fill('School Fees');
      await page.locator('label', { hasText: 'House rent' }).click();
      await wizard.frequency.selectOption({ label: 'Weekly' });
      await wizard.amount.fill('20000');
      await wizard.submit.click();
      await wizard.startDate.fill(start);
      await wizard.endDate.fill(addMonths(start, 2));
      await wizard.method.selectOption('manual');
      await wizard.collectionAmount.fill('2000');
      await wizard.continueButton.click();
      await wizard.agreements.nth(0).check();
      await wizard.agreements.nth(1).check();

      // Create Target reaches Ajo, its answer does not: the page says the target may be made.
      const createKeys = await loseFirstAnswer(page, '**/v1/savings/target');
      await wizard.createButton.click();
      await expect(page.getByRole('alert')).toContainText(
        'We could not confirm your new plan, and it may have been made',
      );
      if (shoot) await saveScreenshots(page, testInfo, 'target-create-answer-lost');
      // Back a step and on again, Create Target asks about the same target: Ajo answers the one
      // it made.
      await page.getByRole('button', { name: 'Back' }).click();
      await wizard.continueButton.click();
      await wizard.agreements.nth(0).check();
      await wizard.agreements.nth(1).check();
      await wizard.createButton.click();
      await expect(wizard.created).toHaveText('Target created');
      expect(createKeys).toHaveLength(2);
      expect(createKeys[1]).toBe(createKeys[0]);
      const plans = await readSavingPlans(page.request, 'target_saving');
      expect(plans).toHaveLength(1);

      // The new target's page starts at its heading.
      const viewTarget = page.getByRole('link', { name: 'View target' });
      await expect(viewTarget).toBeFocused();
      await viewTarget.click();
      const detail = new TargetDetailPage(page);
      await expect(detail.reason).toHaveText('School Fees');
      await expect(detail.reason).toBeFocused();

      // A top up: cancelled, focus is back on Top Up; made, on what happened.
      await detail.topUp.click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(detail.topUp).toBeFocused();
      await detail.topUp.click();
      await page.getByLabel('Enter the Amount').fill('3000');
      await page.getByRole('button', { name: 'Top Up', exact: true }).click();
      await expect(detail.toppedUp).toHaveText('Plan top up successful');
      await expect(detail.toppedUp).toBeFocused();
      await expect(detail.saved).toHaveText('₦3,000.00');
      const beforeBreak = await readNairaBalance(page.request);

      // Break Plan reaches Ajo, its answer does not; trying again answers the break Ajo made.
      const breakKeys = await loseFirstAnswer(page, '**/v1/savings/*/orders/*/break');
      await detail.breakPlan.click();
      const dialog = page.getByRole('dialog', { name: 'Break School Fees?' });
      await expect(dialog.getByTestId('break-payout')).toHaveText('₦2,970.00');
      await confirmWithPin(dialog.getByRole('button', { name: 'Break Plan', exact: true }));
      await expect(dialog.getByRole('alert')).toContainText(
        'We could not confirm this payment, and it may have gone through',
      );
      await dialog.getByRole('button', { name: 'Break Plan', exact: true }).click();
      await expect(page.getByTestId('target-broken')).toContainText('₦2,970.00 is back in');
      await expect(page.getByRole('button', { name: 'Done' })).toBeFocused();
      expect(breakKeys).toHaveLength(2);
      expect(breakKeys[1]).toBe(breakKeys[0]);
      const afterBreak = await readNairaBalance(page.request);
      expect(afterBreak.amountMinor).toBe(beforeBreak.amountMinor + 2_970_00n);

      // Closed, the broken plan has no Break Plan to go back to: focus is on its heading.
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('plan-status')).toHaveText('Broken');
      await expect(detail.reason).toBeFocused();
      forgetLostAnswerLogs(consoleErrors);
    });

    test('when a customer saves weekly from a wallet that runs short, then instalments are collected, retried, topped up and the plan broken for its deposits less 1%', async ({
      page,
    }, testInfo) => {
      // The longest journey: at phone width, with its screenshots and accessibility checks, it
      // takes about 90 s on a 2-core machine, the whole of test.slow()'s budget.
      test.setTimeout(180_000);
      const account = await signUpThroughApi(page);
      const accountNumber = await verifyAndFundThroughApi(page.request, account, '10000');
      // The sandbox clock is shared and only moves forward: everything is dated from its today.
      const start = await advanceSandboxClock(page, 1);
      const today = start.businessDate;
      const endDate = addMonths(today, 1);
      const instalmentMinor = weeklyInstalmentMinor(TARGET_MINOR, today, endDate);
      const before = await readNairaBalance(page.request);
      expect(before.amountMinor).toBe(FUNDING_MINOR);

      // The page: nothing saved, the rate on wide screens, the challenge, the empty Active tab.
      const list = new TargetSavingsPage(page);
      await list.goto();
      await expect(list.total).toHaveText('₦0.00');
      await expect(list.tab('Active')).toHaveAttribute('aria-selected', 'true');
      await expect(list.tabPanel).toContainText('No active targets');
      await expect(list.challenge).toContainText(
        'Set weekly investment goals and earn digital medals.',
      );
      await expect(list.challenge.getByRole('link', { name: 'Join Challenge' })).toHaveAttribute(
        'href',
        /^\/savings\/target-savings\/[0-9a-f-]{36}$/,
      );
      if (viewport.name === 'desktop') {
        await expect(list.rateCard).toContainText('Per annum');
        await expect(list.rateCard).toContainText(/\d+%/);
        await expect(
          page.getByRole('complementary').getByRole('link', { name: 'Savings Plans', exact: true }),
        ).toHaveAttribute('aria-current', 'page');
      } else {
        await expect(list.rateCard).toBeHidden();
      }
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'target-savings-empty');
      }

      // Step 0: the spec's messages, then the goal.
      await list.createTarget.click();
      await expect(page).toHaveURL('/savings/target-savings/new?step=0');
      const wizard = new CreateTargetWizard(page);
      await expect(wizard.title).toHaveText('Create a Target');
      await expect(
        page.getByText(
          'Save towards a personal goal - vacation, house rent, a gadget or anything you like.',
        ),
      ).toBeVisible();
      await expect(wizard.reason).toHaveAttribute('placeholder', 'My House Rent');
      await wizard.submit.click();
      await wizard.expectMessage('Select reason');
      await wizard.expectMessage('Select frequency');
      await wizard.expectMessage('Amount cannot be empty');
      await expect(wizard.reason).toBeFocused();
      await wizard.amount.fill('1500');
      await wizard.expectMessage('Must be at least 2,000 naira');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'target-create-errors');
      }
      await wizard.reason.fill('My House Rent');
      await page.locator('label', { hasText: 'House rent' }).click();
      await expect(wizard.category('House rent')).toBeChecked();
      await wizard.frequency.selectOption({ label: 'Weekly' });
      await wizard.amount.fill('20k');
      await expect(wizard.amount).toHaveValue('20,000');
      await wizard.submit.click();

      // Step 1: the field rules and the submit-time notices, then an automatic weekly plan.
      await expect(page).toHaveURL('/savings/target-savings/new?step=1');
      await expect(wizard.title).toHaveText("You're almost done");
      await wizard.continueButton.click();
      await wizard.expectMessage('Select start date');
      await wizard.expectMessage('End date is required');
      await wizard.expectMessage('Select collection method');
      await wizard.startDate.fill(today);
      await wizard.endDate.fill(addDays(today, -3));
      await wizard.expectMessage('End date cannot be before start date');
      await expect(wizard.scheduleNotice).toHaveText('End date must be beyond start date');
      await wizard.endDate.fill(addDays(today, 20));
      await wizard.expectMessage('End date must be at least one month after start date');
      await expect(wizard.scheduleNotice).toHaveText('Duration must be at least one month');
      await wizard.startDate.fill(addDays(today, -1));
      await wizard.endDate.fill(addMonths(addDays(today, -1), 2));
      await expect(wizard.scheduleNotice).toHaveText('Start date/time is elapsed');
      await wizard.method.selectOption('manual');
      await wizard.expectMessage('Select collection amount');
      await wizard.collectionAmount.fill('0');
      await wizard.expectMessage('Collection amount cannot be 0 or negative');
      await wizard.startDate.fill(today);
      await wizard.endDate.fill(endDate);
      await expect(wizard.scheduleNotice).toBeHidden();
      await wizard.method.selectOption('automatic');
      await expect(wizard.collectionAmount).toBeDisabled();
      await expect(wizard.collectionAmount).toHaveValue(
        formatNaira(instalmentMinor).replace('₦', ''),
      );
      await expect(wizard.schedule).toContainText(
        `${formatNaira(instalmentMinor).replace(/\.00$/, '')} every week from `,
      );
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'target-create-schedule');
      }
      await wizard.continueButton.click();

      // Step 2: both agreements, or the spec's words.
      await expect(page).toHaveURL('/savings/target-savings/new?step=2');
      await expect(page.getByTestId('confirm-target')).toHaveText('₦20,000.00');
      await wizard.createButton.click();
      await wizard.expectMessage('Confirm agreement to continue', 2);
      await expect(wizard.agreementNotice).toHaveText('Agree to terms to create target');
      await expect(page.getByText(/interest on it is forfeited/)).toBeVisible();
      await expect(page.getByText(/1% payment gateway charge on my deposits/)).toBeVisible();
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'target-create-agreement');
      }
      await wizard.agreements.nth(0).check();
      await wizard.agreements.nth(1).check();
      await wizard.createButton.click();
      await expect(wizard.created).toHaveText('Target created');
      await expect(page).toHaveURL('/savings/target-savings/new?step=0');
      await expect(wizard.title).toHaveText('Create a Target');
      await expect(wizard.reason).toHaveValue('');
      if (shoot) await saveScreenshots(page, testInfo, 'target-created');

      // Without a query string the wizard starts at step 0.
      await page.goto('/savings/target-savings/new?step=2');
      await expect(wizard.title).toHaveText('Create a Target');

      // Listed under Active, nothing collected yet.
      await list.goto();
      await expect(list.cards).toHaveCount(1);
      const card = list.cards.first();
      await expect(card.getByTestId('target-reason')).toHaveText('My House Rent');
      await expect(card.getByTestId('target-amount')).toHaveText('₦20,000.00 target');
      await expect(card.getByTestId('target-achieved')).toHaveText(/^\d+% achieved$/);
      await expect(card.getByTestId('plan-status')).toHaveText('Active');
      await expect(card.getByTestId('plan-yield')).toHaveText(/^\d+(\.\d+)?%pa$/);

      // Two weekly collections: the first due today, the second a week on.
      await advanceSandboxClock(page, 1);
      await advanceSandboxClock(page, 6);
      await list.goto();
      await expect(list.total).toHaveText(formatNaira(2n * instalmentMinor));
      const twoCollectedPercent = (2n * instalmentMinor * 100n) / TARGET_MINOR;
      await expect(card.getByTestId('target-achieved')).toHaveText(
        `${twoCollectedPercent.toString()}% achieved`,
      );
      const afterTwo = await readNairaBalance(page.request);
      expect(afterTwo.amountMinor).toBe(FUNDING_MINOR - 2n * instalmentMinor);
      expect(afterTwo.amountMinor).toBeLessThan(instalmentMinor);
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'target-savings-active');
      }

      // The third falls due with the wallet short: not collected, the user is told.
      const third = await advanceSandboxClock(page, 7);
      expect(third.businessDate).toBe(addDays(today, 14));
      await list.goto('?a=notification');
      const notices = page.getByRole('dialog', { name: 'Notifications' });
      await expect(notices).toContainText('Savings instalment not collected');
      if (shoot) await saveScreenshots(page, testInfo, 'target-notification');
      await page.keyboard.press('Escape');
      await expect(notices).toBeHidden();

      // The detail: what is saved, the schedule, the facts.
      await card.getByRole('link').click();
      await expect(page).toHaveURL(/\/savings\/target-savings\/detail\?a=[\w-]+&o=[\w-]+$/);
      const detailUrl = page.url();
      const detail = new TargetDetailPage(page);
      await expect(detail.reason).toHaveText('My House Rent');
      // The card went with the list: the plan's page starts at its heading.
      await expect(detail.reason).toBeFocused();
      await expect(detail.bannerAmount).toHaveText('₦20,000.00');
      await expect(detail.bannerRate).toHaveText(/^\d+(\.\d+)? ?% pa$/);
      await expect(detail.saved).toHaveText(formatNaira(2n * instalmentMinor));
      await expect(detail.progressBar).toHaveAttribute(
        'aria-valuenow',
        twoCollectedPercent.toString(),
      );
      await expect(
        page.getByText('Your individual savings/deposits is accessible to only you at due date.'),
      ).toBeVisible();
      await expect(detail.missed).toHaveText('0');
      await expect(detail.nextCollection).toContainText(longDate(addDays(today, 14)));
      await expect(detail.nextCollection).toContainText(formatNaira(instalmentMinor));
      await expect(detail.fact('fact-withdrawal')).toHaveText(longDate(endDate));
      await expect(detail.fact('fact-start')).toHaveText(longDate(today));
      await expect(detail.fact('fact-frequency')).toHaveText('Weekly');
      await expect(detail.fact('fact-target')).toHaveText('₦20,000.00');
      await expect(detail.fact('fact-days-left')).toHaveText(
        String(Math.round((Date.parse(endDate) - Date.parse(third.businessDate)) / 86_400_000)),
      );
      await expect(detail.fact('fact-interest')).toHaveText(/^\d+(\.\d+)?% per annum$/);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'target-detail');
      }

      // A panel opened over the detail (it takes ?a=) leaves the target where it is.
      await page.getByRole('link', { name: /^Notifications/ }).click();
      await expect(notices).toBeVisible();
      await expect(detail.reason).toHaveText('My House Rent');
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(detailUrl);

      // Funded again (the instalment and the top-up below: a month of four due dates makes
      // ₦5,000 instalments, of five ₦4,000), the retry the next day collects it.
      await payIntoFundingAccount(
        page.request,
        accountNumber,
        String(Number(instalmentMinor / 100n) + Number(TOP_UP_MINOR / 100n)),
      );
      await advanceSandboxClock(page, 1);
      await page.goto(detailUrl);
      await expect(detail.saved).toHaveText(formatNaira(3n * instalmentMinor));
      await expect(detail.missed).toHaveText('0');

      // Top up by hand.
      await detail.topUp.click();
      await expect(page.getByText('You can top up now to reach your goals quicker.')).toBeVisible();
      const topUpAmount = page.getByLabel('Enter the Amount');
      await expect(topUpAmount).toBeFocused();
      await page.getByRole('button', { name: 'Top Up', exact: true }).click();
      await expect(page.getByText('Amount cannot be empty', { exact: true })).toBeVisible();
      await topUpAmount.fill('2000');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'target-top-up');
      }
      await page.getByRole('button', { name: 'Top Up', exact: true }).click();
      await expect(detail.toppedUp).toHaveText('Plan top up successful');
      const savedMinor = 3n * instalmentMinor + TOP_UP_MINOR;
      await expect(detail.saved).toHaveText(formatNaira(savedMinor));
      const beforeBreak = await readNairaBalance(page.request);

      // Break: the quote first, exactly what comes back, then the money.
      await detail.breakPlan.click();
      const dialog = page.getByRole('dialog', { name: 'Break My House Rent?' });
      await expect(dialog.getByTestId('break-deposits')).toHaveText(formatNaira(savedMinor));
      const chargeMinor = (savedMinor * 2n + 100n) / 200n;
      await expect(dialog.getByTestId('break-charge')).toHaveText(
        `\u2212${formatNaira(chargeMinor)}`,
      );
      await expect(dialog.getByTestId('break-payout')).toHaveText(
        formatNaira(savedMinor - chargeMinor),
      );
      expect(
        naira((await dialog.getByTestId('break-forfeited').textContent()) ?? ''),
      ).toBeGreaterThan(0n);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'target-break-quote');
      }
      await confirmWithPin(dialog.getByRole('button', { name: 'Break Plan', exact: true }));
      const broken = page.getByTestId('target-broken');
      await expect(broken).toContainText(`${formatNaira(savedMinor - chargeMinor)} is back in`);
      // The result opens at its top, Done focused for the keyboard.
      await expect(page.getByRole('button', { name: 'Close break plan' })).toBeInViewport({
        ratio: 1,
      });
      await expect(page.getByRole('button', { name: 'Done' })).toBeFocused();
      if (shoot) await saveScreenshots(page, testInfo, 'target-broken');
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('target-paid')).toHaveText(
        formatNaira(savedMinor - chargeMinor),
      );
      await expect(detail.topUp).toBeHidden();
      await expect(detail.fact('fact-days-left')).toHaveText('0');
      // Ended: the banner says broken, and the advice for a running plan is gone.
      await expect(page.getByTestId('plan-status')).toHaveText('Broken');
      await expect(page.getByTestId('fact-accrued')).toHaveCount(0);
      const afterBreak = await readNairaBalance(page.request);
      expect(afterBreak.amountMinor).toBe(beforeBreak.amountMinor + savedMinor - chargeMinor);

      // Matured tab: the broken target, which no longer opens.
      await list.goto();
      await expect(list.total).toHaveText('₦0.00');
      await list.tab('Matured').click();
      await expect(page).toHaveURL('/savings/target-savings?status=matured');
      await expect(list.cards).toHaveCount(1);
      await expect(list.cards.first().getByTestId('plan-status')).toHaveText('Matured');
      await expect(list.cards.first().getByRole('link')).toHaveCount(0);
      await expect(list.cards.first()).toContainText('Broken early');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'target-savings-matured');
      }

      // A link that names no target says so.
      await page.goto('/savings/target-savings/detail?a=not-a-plan');
      await expect(
        page.getByRole('heading', { name: 'We could not find this target' }),
      ).toBeVisible();
    });
  });
}
