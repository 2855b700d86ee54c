import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import {
  FixedPlanDetailPage,
  FixedPlanPanel,
  FixedSavingsPage,
  readSavingPlans,
  SandboxClockSection,
  SavingsOverviewPage,
} from './savings-pages.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import {
  expectNoSidewaysScroll,
  formatNaira,
  minorFromText,
  readNairaBalance,
} from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';

const FUNDING = '50000';
const PLAN_AMOUNT_MINOR = 5_000_000n;

/** The 30-day duration of the Fixed product, as the catalogue lists it. */
async function readThirtyDayDuration(
  request: APIRequestContext,
): Promise<{ id: string; label: string; rate: number }> {
  const response = await request.get('/v1/savings/plans');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: {
      items: {
        slug: string;
        meta: { durations: { id: string; label: string; days: number; rate: number }[] };
      }[];
    };
  };
  const fixed = body.data.items.find((product) => product.slug === 'fixed');
  const duration = fixed?.meta.durations.find((candidate) => candidate.days === 30);
  if (!duration) throw new Error('the Fixed product has no 30-day duration');
  return duration;
}

for (const viewport of viewports) {
  test.describe(`fixed savings at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];
    // Screenshots (at both widths) are taken once, in the phone-width run.
    const shoot = viewport.name === 'mobile';

    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      permissions: ['clipboard-read', 'clipboard-write'],
    });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      // A whole journey: sign-up, funding, a plan, a month of sandbox time, screenshots.
      test.slow();
      const account = await signUpThroughApi(page);
      await verifyAndFundThroughApi(page.request, account, FUNDING);
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when the answer to Fix Amount is lost, then the retry carries the same key and one plan is made', async ({
      page,
    }, testInfo) => {
      test.skip(viewport.name === 'desktop', 'the retry is the same at every width');
      const duration = await readThirtyDayDuration(page.request);
      const before = await readNairaBalance(page.request);
      const fixed = new FixedSavingsPage(page);
      await fixed.goto();
      await fixed.newPlan.click();
      const panel = new FixedPlanPanel(page);
      await panel.amount.fill('10000');
      await panel.duration.selectOption({ label: duration.label });
      await panel.continueButton.click();
      await panel.agreement.check();

      // The first Fix Amount reaches Ajo, but its answer never reaches the browser.
      const keys = await loseFirstAnswer(page, '**/v1/savings/fixed');
      await panel.fixAmount.click();
      await expect(panel.error).toContainText(
        'We could not confirm this payment, and it may have gone through',
      );
      if (shoot) await saveScreenshots(page, testInfo, 'savings-fixed-answer-lost');

      // Back and on again, Fix Amount asks about the same plan: Ajo answers the one it made.
      await panel.changeDetails.click();
      await panel.continueButton.click();
      await panel.agreement.check();
      await panel.fixAmount.click();
      await expect(panel.success).toHaveText('Amount fixed Successfully');
      await expect(panel.done).toBeFocused();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(await readSavingPlans(page.request, 'fixed')).toHaveLength(1);
      const after = await readNairaBalance(page.request);
      expect(after.amountMinor).toBe(before.amountMinor - 1_000_000n);

      // Done gives focus back to the link that opened the panel; the plan's page starts at its
      // heading.
      await panel.done.click();
      await expect(panel.dialog).toBeHidden();
      await expect(fixed.newPlan).toBeFocused();
      await expect(fixed.cards).toHaveCount(1);
      await fixed.cards.first().getByRole('link').click();
      await expect(page.getByRole('heading', { name: /^Fixed plan/ })).toBeFocused();
      forgetLostAnswerLogs(consoleErrors);
    });

    test('when a customer fixes ₦50,000 for 30 days and a month passes, then the plan matures and pays principal plus net interest', async ({
      page,
    }, testInfo) => {
      const duration = await readThirtyDayDuration(page.request);
      const before = await readNairaBalance(page.request);

      // The overview: nothing saved yet, Fixed open, the other two honestly not built yet.
      const overview = new SavingsOverviewPage(page);
      await overview.goto();
      if (viewport.name === 'desktop') {
        // The sidebar's entry is highlighted on every savings path.
        await expect(
          page.getByRole('complementary').getByRole('link', { name: 'Savings Plans', exact: true }),
        ).toHaveAttribute('aria-current', 'page');
      }
      await expect(overview.total).toHaveText('₦0.00');
      await expect(overview.noPlans).toBeVisible();
      await expect(overview.product('target_saving').getByRole('link')).toHaveAttribute(
        'href',
        '/savings/target-savings',
      );
      await expect(overview.product('dollar').getByRole('link')).toHaveAttribute(
        'href',
        '/savings/dollar',
      );
      await expect(overview.product('fixed')).toContainText('Start a plan');
      // The challenge's best target pays 10%: its card says so.
      await expect(overview.product('olympic_challenge')).toContainText('Up to 10% p.a.');
      await expect(overview.product('olympic_challenge').getByRole('link')).toHaveAccessibleName(
        'Join Challenge in Olympic Investment Marathon!',
      );
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'savings-overview-empty');
      }
      await overview.product('fixed').getByRole('link').click();

      const fixed = new FixedSavingsPage(page);
      await expect(page).toHaveURL('/savings/fixed');
      await expect(fixed.total).toHaveText('₦0.00');
      await expect(fixed.tab('Active')).toHaveAttribute('aria-selected', 'true');
      await expect(fixed.tabPanel).toContainText('No active fixed plans');
      if (viewport.name === 'desktop') {
        await expect(fixed.rateCard).toContainText(`${String(duration.rate)}%`);
        await expect(fixed.rateCard).toContainText('per annum');
      } else {
        await expect(fixed.rateCard).toBeHidden();
      }
      if (shoot) await saveScreenshots(page, testInfo, 'savings-fixed-empty');

      // Step 1, by keyboard: the link opens the panel, the amount box takes the focus.
      await fixed.newPlan.focus();
      await page.keyboard.press('Enter');
      const panel = new FixedPlanPanel(page);
      await expect(panel.title).toHaveText('Set a new fixed plan');
      await expect(panel.dialog).toContainText('Earn up-to 10% per annum');
      await expect(panel.fundingBalance).toHaveText(formatNaira(before.amountMinor));
      await expect(panel.dialog).toContainText('My Wallet');

      // The spec's messages: nothing typed, letters, too little (typing, then on Continue).
      await panel.continueButton.click();
      await panel.expectMessage('Please enter a valid number');
      await panel.expectMessage('Select a valid duration');
      await expect(panel.amount).toBeFocused();
      await page.keyboard.type('abc');
      await expect(panel.amount).toHaveValue('');
      await page.keyboard.type('500');
      await panel.expectMessage('Amount must be at least 1,000');
      await page.keyboard.press('Enter');
      await panel.expectMessage('Amount must be at least ₦1,000');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'savings-fixed-form-errors');
      }

      // More than the wallet holds: the server's refusal is shown as 'error: ' and its words.
      await panel.amount.fill('200k');
      await expect(panel.amount).toHaveValue('200,000');
      await panel.duration.selectOption({ label: duration.label });
      await expect(panel.dialog).toContainText('Your wallet balance is below this amount');
      await panel.continueButton.click();
      await expect(panel.title).toHaveText("You're almost done");
      await expect(panel.agreement).toBeFocused();
      await page.keyboard.press('Space');
      await panel.fixAmount.click();
      await expect(panel.error).toHaveText(
        'error: Your available balance is too low for this amount',
      );
      await panel.changeDetails.click();

      // ₦50,000 for 30 days, with the estimate shown before continuing.
      await expect(panel.title).toHaveText('Set a new fixed plan');
      await panel.amount.fill('50k');
      await expect(panel.amount).toHaveValue('50,000');
      await expect(panel.estimate).toContainText('Estimated');
      await expect(panel.estimate).toContainText('Withholding tax (10%)');
      const estimatedGross = await panel.estimate.getByTestId('estimate-gross').textContent();
      const estimatedNet = await panel.estimate.getByTestId('estimate-net').textContent();
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'savings-fixed-form');
      }
      await panel.continueButton.click();
      await expect(panel.title).toHaveText("You're almost done");
      await expect(panel.dialog).toContainText('Terms of Service');
      await expect(panel.dialog.getByTestId('confirm-amount')).toHaveText('₦50,000.00');

      // Unticked: the box says so and nothing is sent.
      await panel.fixAmount.click();
      await panel.expectMessage('Kindly tick the checkbox to proceed');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'savings-fixed-agreement');
      }
      await panel.agreement.focus();
      await page.keyboard.press('Space');
      await expect(panel.agreement).toBeChecked();

      // While Fix Amount is on its way, Escape leaves the panel (and its answer) where it is.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/v1/savings/fixed', async (route) => {
        await held;
        await route.continue();
      });
      await panel.fixAmount.focus();
      await page.keyboard.press('Enter');
      await expect(panel.fixAmount).toHaveAttribute('aria-busy', 'true');
      await page.keyboard.press('Escape');
      await expect(panel.dialog).toBeVisible();
      release();
      await expect(panel.success).toHaveText('Amount fixed Successfully');
      await page.unroute('**/v1/savings/fixed');
      if (shoot) await saveScreenshots(page, testInfo, 'savings-fixed-created');
      await panel.done.click();
      await expect(panel.dialog).toBeHidden();

      // Listed under Active; the total and the wallet follow at once.
      await expect(fixed.cards).toHaveCount(1);
      const card = fixed.cards.first();
      await expect(card.getByTestId('plan-amount')).toHaveText('₦50,000.00');
      await expect(card.getByTestId('plan-status')).toHaveText('Active');
      await expect(card.getByTestId('plan-yield')).toHaveText(`${String(duration.rate)}%pa`);
      await expect(card.getByTestId('plan-maturity')).not.toHaveText('');
      await expect(fixed.total).toHaveText('₦50,000.00');
      const afterFixing = await readNairaBalance(page.request);
      expect(afterFixing.amountMinor).toBe(before.amountMinor - PLAN_AMOUNT_MINOR);
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'savings-fixed-active');
      }

      // The overview counts it under Fixed Savings.
      await overview.goto();
      await expect(overview.total).toHaveText('₦50,000.00');
      await expect(overview.noPlans).toBeHidden();
      await expect(overview.product('fixed').getByTestId('product-total')).toHaveText('₦50,000.00');
      await expect(overview.product('fixed')).toContainText('View 1 plan');
      if (shoot) {
        await page.evaluate(() => {
          window.scrollTo(0, 0);
        });
        await saveScreenshots(page, testInfo, 'savings-overview-with-plan');
      }
      await overview.product('fixed').getByRole('link').click();

      // The plan's own page: principal, rate, dates, and the projection the estimate matched.
      await card.getByRole('link').click();
      await expect(page).toHaveURL(/\/savings\/fixed\/[\w-]+\/[\w-]+$/);
      const planUrl = page.url();
      const detail = new FixedPlanDetailPage(page);
      await expect(detail.principal).toHaveText('₦50,000.00');
      await expect(detail.rate).toHaveText(`${String(duration.rate)}% per annum`);
      await expect(detail.status).toHaveText('Active');
      await expect(detail.gross).toHaveText(estimatedGross ?? '');
      await expect(detail.net).toHaveText(estimatedNet ?? '');
      await expect(page.getByText('Fixed plans cannot be broken early.')).toBeVisible();
      await expect(page.getByText('No interest booked yet')).toBeVisible();
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'savings-plan-active');
      }

      // A month of sandbox time: interest every day, then the maturity payout.
      const clock = new SandboxClockSection(page);
      await clock.goto();
      await clock.days.fill('0');
      await clock.move.click();
      await expect(clock.section).toContainText('Enter a whole number of days from 1 to 400');
      await clock.days.fill('30');
      await clock.move.click();
      // Thirty days of every product's scheduled work on a shared server: give it time.
      await expect(clock.result).toContainText('The sandbox date is now', { timeout: 60_000 });
      await expect(clock.result).toContainText(/[1-9]\d* plans? matured/);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'sandbox-clock');
      }

      await page.goto(planUrl);
      await expect(detail.status).toHaveText('Matured');
      await expect(page.getByText('Paid at maturity')).toBeVisible();
      await expect(detail.accrualRows.first()).toBeVisible();
      const payoutText = (await detail.payout.textContent()) ?? '';
      const netText = (await detail.net.textContent()) ?? '';
      const naira = (text: string) => minorFromText(text.replace(/[₦,]/g, ''));
      expect(naira(payoutText)).toBe(PLAN_AMOUNT_MINOR + naira(netText));
      expect(naira(netText)).toBeGreaterThan(0n);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'savings-plan-matured');
      }

      // Matured tab by keyboard; Active is empty again; the wallet has principal + net interest.
      await fixed.goto();
      await expect(fixed.total).toHaveText('₦0.00');
      await expect(fixed.tabPanel).toContainText('No active fixed plans');
      await fixed.tab('Active').focus();
      await page.keyboard.press('ArrowRight');
      await expect(fixed.tab('Matured')).toBeFocused();
      await expect(page).toHaveURL('/savings/fixed?status=matured');
      await expect(fixed.cards).toHaveCount(1);
      await expect(fixed.cards.first().getByTestId('plan-status')).toHaveText('Matured');
      await expect(fixed.cards.first()).toContainText(payoutText);
      const afterMaturity = await readNairaBalance(page.request);
      expect(afterMaturity.amountMinor).toBe(afterFixing.amountMinor + naira(payoutText));
      if (shoot) await saveScreenshots(page, testInfo, 'savings-fixed-matured');

      await page.goto('/wallet');
      await expect(page.getByTestId('naira-balance')).toHaveText(
        formatNaira(afterMaturity.amountMinor),
      );

      // The notice names gross, tax and net.
      await page.goto('/savings/fixed?a=notification');
      const notices = page.getByRole('dialog', { name: 'Notifications' });
      await expect(notices).toContainText(/withholding tax/i);
      if (shoot) await saveScreenshots(page, testInfo, 'savings-notification');

      // A plan link that names nothing (or someone else's plan) says so, with the way back.
      await page.goto('/savings/fixed/not-a-plan/nope');
      await expect(
        page.getByRole('heading', { name: 'We could not find this plan' }),
      ).toBeVisible();
      await page.goto(planUrl.replace(/[\w-]+$/, '00000000-0000-4000-8000-000000000000'));
      await expect(
        page.getByRole('heading', { name: 'We could not find this plan' }),
      ).toBeVisible();
    });
  });
}
