import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './accessibility.ts';
import { signUpThroughApi } from './auth-pages.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { failReads, forgetFailedReadLogs } from './failed-reads.ts';
import { saveScreenshots, viewports } from './screenshots.ts';
import { expectNoSidewaysScroll, readNairaBalance } from './wallet-pages.ts';
import { verifyAndFundThroughApi } from './withdraw-pages.ts';
import { forgetLostAnswerLogs, loseFirstAnswer } from './lost-answers.ts';
import { readSavingPlans } from './savings-pages.ts';

const FUNDING = '50000';
const TOP_UP_MINOR = 770_000n;

/** The challenge product's id, as the catalogue lists it (the route takes it). */
async function readChallengeProductId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/v1/savings/plans');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { items: { id: string; slug: string }[] } };
  const challenge = body.data.items.find((product) => product.slug === 'olympic_challenge');
  if (!challenge) throw new Error('no olympic_challenge product in the catalogue');
  return challenge.id;
}

/** Page model of the Join Target page: banner, target cards and one target's detail. */
class ChallengePage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get cards() {
    return this.page.getByTestId('challenge-target-card');
  }

  card(name: string) {
    return this.cards.filter({ hasText: name });
  }

  fact(name: string) {
    return this.page.getByTestId(`fact-${name}`);
  }

  get join() {
    return this.page.getByRole('button', { name: 'Join', exact: true });
  }

  get topUpChallenge() {
    return this.page.getByRole('button', { name: 'Top Up Challenge' });
  }

  get topUpForm() {
    return this.page.getByRole('form', { name: 'Top up the challenge' });
  }
}

for (const viewport of viewports) {
  test.describe(`challenge at ${String(viewport.width)} px`, () => {
    let consoleErrors: string[] = [];
    const shoot = viewport.name === 'mobile';

    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      consoleErrors = collectConsoleErrors(page);
      test.slow();
      const account = await signUpThroughApi(page);
      await verifyAndFundThroughApi(page.request, account, FUNDING);
    });

    test.afterEach(() => {
      expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
    });

    test('when the answers to Join and Top Up are lost, then the customer joins once and the retry tops up once with the same key', async ({
      page,
    }, testInfo) => {
      test.skip(viewport.name === 'desktop', 'the retries are the same at every width');
      const productId = await readChallengeProductId(page.request);
      const before = await readNairaBalance(page.request);
      const challenge = new ChallengePage(page);
      await page.goto(`/savings/target-savings/${productId}`);
      const sprint = challenge.card('100k Sprint');
      const people = Number(await sprint.getByTestId('card-people').textContent());
      await sprint.getByRole('link').click();
      // The card went with the grid: the target's page starts at its heading.
      await expect(page.getByRole('heading', { level: 2, name: '100k Sprint' })).toBeFocused();

      // Join reaches Ajo, its answer does not. Joining again answers the same order, so the page
      // reads the challenge again and shows the customer in it, once.
      const joins = await loseFirstAnswer(page, '**/v1/savings/*/predefined/*/join');
      await page.getByRole('checkbox', { name: /the interest is forfeited/ }).check();
      await challenge.join.click();
      await expect(challenge.topUpChallenge).toBeVisible();
      await expect(challenge.topUpChallenge).toBeFocused();
      expect(joins, 'no second Join was needed').toHaveLength(1);
      await expect(challenge.fact('people')).toHaveText(String(people + 1));
      const orders = (await readSavingPlans(page.request)).filter(
        (plan) => plan.saving_order.amount === '100000.00',
      );
      expect(orders).toHaveLength(1);

      // Top Up reaches Ajo, its answer does not: the page says the payment may have gone through.
      // Cancelled and tried again, the top up is answered as the first one, not made twice.
      const topUpKeys = await loseFirstAnswer(page, '**/v1/savings/*/orders/*', 'PUT');
      await challenge.topUpChallenge.click();
      const amount = challenge.topUpForm.getByLabel('Amount', { exact: true });
      await amount.fill('7700');
      const topUp = challenge.topUpForm.getByRole('button', { name: 'Top Up', exact: true });
      await topUp.click();
      await expect(challenge.topUpForm.getByRole('alert')).toContainText(
        'We could not confirm this payment, and it may have gone through',
      );
      if (shoot) await saveScreenshots(page, testInfo, 'challenge-top-up-answer-lost');
      await challenge.topUpForm.getByRole('button', { name: 'Cancel' }).click();
      await expect(challenge.topUpChallenge).toBeFocused();
      await challenge.topUpChallenge.click();
      await amount.fill('7700');
      await topUp.click();
      await expect(page.getByTestId('top-up-success')).toHaveText('Top Up successful');
      await expect(page.getByRole('button', { name: 'Okay' })).toBeFocused();
      expect(topUpKeys).toHaveLength(2);
      expect(topUpKeys[1]).toBe(topUpKeys[0]);
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - TOP_UP_MINOR,
      );

      // Okay: back on the detail, focus on the button that opened the top up.
      await page.getByRole('button', { name: 'Okay' }).click();
      await expect(page.getByTestId('challenge-saved')).toHaveText('₦7,700.00');
      await expect(challenge.topUpChallenge).toBeFocused();
      forgetLostAnswerLogs(consoleErrors);
    });

    test('when the challenge cannot be read and Try again asks a server that is still failing, then the failure and a busy Try again stay in place of the grid until the answer is in', async ({
      page,
    }, testInfo) => {
      test.skip(viewport.name === 'desktop', 'the retry is the same at every width');
      const productId = await readChallengeProductId(page.request);
      const challenge = new ChallengePage(page);
      const grid = page.getByRole('region', { name: 'Choose a target' });
      const tryAgain = grid.getByRole('button', { name: 'Try again' });
      const loading = page.getByRole('status').filter({ hasText: 'Loading the challenge' });
      const reads = await failReads(page, '**/v1/savings/*/predefined');
      await page.goto(`/savings/target-savings/${productId}`);
      // The app asks twice more by itself before it says so.
      await expect(tryAgain).toBeEnabled({ timeout: 15_000 });
      await expect(grid.getByRole('alert')).toContainText('Something went wrong on our side');

      // Try again's read is held at the door, so the page is seen while it asks again: the
      // failure and the busy button, with no skeleton of targets beside them.
      const { promise: doorOpened, resolve: openTheDoor } = Promise.withResolvers<undefined>();
      await page.route('**/v1/savings/*/predefined', async (route) => {
        await doorOpened;
        await route.fallback();
      });
      await tryAgain.click();
      await expect(tryAgain).toHaveAttribute('aria-busy', 'true');
      await expect(tryAgain).toBeDisabled();
      await expect(grid.getByRole('alert')).toContainText('Something went wrong on our side');
      await expect(loading).toHaveCount(0);
      await expect(challenge.cards).toHaveCount(0);
      // The skeleton's cards are hidden from assistive technology: they are found by their markup.
      await expect(grid.locator('li[aria-hidden="true"]')).toHaveCount(0);
      await saveScreenshots(page, testInfo, 'challenge-try-again-busy');

      // Still failing: the button is busy until the app's own retries are done, and keeps focus.
      openTheDoor(undefined);
      await expect(tryAgain).toBeEnabled({ timeout: 15_000 });
      await expect(tryAgain).not.toHaveAttribute('aria-busy');
      await expect(tryAgain).toBeFocused();

      // Answering: the targets take the failure's place.
      reads.letThrough();
      await tryAgain.click();
      await expect(challenge.cards).toHaveCount(3);
      await expect(tryAgain).toHaveCount(0);
      forgetFailedReadLogs(consoleErrors);
    });

    test('when a customer joins the 100k Sprint and tops up ₦7,700, then this week’s medal is theirs', async ({
      page,
    }, testInfo) => {
      const productId = await readChallengeProductId(page.request);
      const before = await readNairaBalance(page.request);
      const challenge = new ChallengePage(page);

      // The banner and the grid of targets.
      await page.goto(`/savings/target-savings/${productId}`);
      await expect(
        page.getByRole('heading', { level: 2, name: 'Olympic Investment Marathon!' }),
      ).toBeVisible();
      await expect(
        page.getByText('Set weekly investment goals and earn digital medals.'),
      ).toBeVisible();
      await expect(challenge.cards).toHaveCount(3);
      const sprint = challenge.card('100k Sprint');
      await expect(sprint.getByTestId('card-total')).toHaveText('₦100,000.00');
      await expect(sprint.getByTestId('card-days')).toHaveText(/^\d+ days$/);
      const people = Number(await sprint.getByTestId('card-people').textContent());
      await expect(page.locator('img')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'challenge-targets');
      }

      // The detail before joining: the spec's facts and Join.
      await sprint.getByRole('link').click();
      await expect(page).toHaveURL(/\?target=/);
      await expect(page.getByRole('heading', { level: 2, name: '100k Sprint' })).toBeVisible();
      await expect(challenge.fact('total')).toHaveText('₦100,000.00');
      await expect(challenge.fact('people')).toHaveText(String(people));
      await expect(challenge.fact('frequency')).toHaveText('₦7,700.00 weekly');
      await expect(challenge.fact('your-target')).toHaveText('₦100,000.00');
      await expect(challenge.fact('rate')).toHaveText('8%');
      await expect(challenge.fact('withdrawal')).not.toBeEmpty();
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'challenge-detail');
      }

      // Join asks for the agreement first: a missed target keeps no interest.
      await challenge.join.click();
      const agreement = page.getByRole('checkbox', { name: /the interest is forfeited/ });
      await expect(agreement).toBeFocused();
      await expect(agreement).toHaveAccessibleDescription('Kindly tick the checkbox to proceed');
      await expect(page).not.toHaveURL(/\?a=/);
      await page.keyboard.press('Space');

      // Join: the user's order goes in ?a=, one more person, no money moved.
      await challenge.join.click();
      await expect(page).toHaveURL(/\?a=[0-9a-f-]{36}$/);
      await expect(challenge.topUpChallenge).toBeVisible();
      await expect(challenge.fact('people')).toHaveText(String(people + 1));
      await expect(page.getByTestId('challenge-saved')).toHaveText('₦0.00');
      await expect(page.getByTestId('medal-current')).toHaveCount(1);
      expect((await readNairaBalance(page.request)).amountMinor).toBe(before.amountMinor);

      // The form: nothing, then too little, in the form's and the server's words.
      await challenge.topUpChallenge.click();
      const amount = challenge.topUpForm.getByLabel('Amount', { exact: true });
      await expect(amount).toBeFocused();
      await challenge.topUpForm.getByRole('button', { name: 'Top Up', exact: true }).click();
      await expect(challenge.topUpForm.getByText('Enter the amount')).toBeVisible();
      await amount.fill('1500');
      await page.keyboard.press('Enter');
      await expect(challenge.topUpForm.getByText('Top up at least ₦2,000.00')).toBeVisible();
      await amount.fill('7700');
      await expect(amount).toHaveValue('7,700');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'challenge-top-up');
      }
      await challenge.topUpForm.getByRole('button', { name: 'Top Up', exact: true }).click();

      // 'Top Up successful', this week's medal, and Okay back to the detail.
      await expect(page.getByTestId('top-up-success')).toHaveText('Top Up successful');
      await expect(page.getByTestId('top-up-medal')).toContainText('Medal earned!');
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'challenge-top-up-success');
      }
      await page.getByRole('button', { name: 'Okay' }).click();
      await expect(challenge.topUpChallenge).toBeVisible();
      await expect(page.getByTestId('challenge-saved')).toHaveText('₦7,700.00');
      await expect(page.getByTestId('challenge-percent')).toHaveText('7%');
      await expect(page.getByTestId('week-medal-status')).toHaveText(
        'Medal earned this week. Well done!',
      );
      await expect(page.getByTestId('medal-earned')).toHaveCount(1);
      await expect(page.getByTestId('medal-count')).toHaveText(/^1 of \d+ weeks$/);
      expect((await readNairaBalance(page.request)).amountMinor).toBe(
        before.amountMinor - TOP_UP_MINOR,
      );
      await expectNoSidewaysScroll(page);
      if (shoot) {
        await expectNoAccessibilityViolations(page);
        await saveScreenshots(page, testInfo, 'challenge-medal');
      }

      // The address is shareable: the same order's detail opens from it.
      await page.reload();
      await expect(page.getByTestId('challenge-saved')).toHaveText('₦7,700.00');
      await page.getByRole('link', { name: 'All targets' }).click();
      await expect(challenge.card('100k Sprint')).toContainText('Joined');
      await expect(challenge.card('100k Sprint').getByTestId('card-people')).toHaveText(
        String(people + 1),
      );
    });
  });
}
