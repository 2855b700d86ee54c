import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe's findings for the page once every animation that ends has ended: a dialog or a card
 * fading in has colours half-way between its own and the page's until then. (A spinner or a
 * skeleton's pulse never ends, so those are not waited for.)
 */
export async function analyzeAccessibility(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  return new AxeBuilder({ page }).analyze();
}

/** axe finds nothing on the page as it stands (once its animations have ended). */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const accessibility = await analyzeAccessibility(page);
  expect(accessibility.violations).toEqual([]);
}
