import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settleAnimations } from './animations.ts';

/**
 * axe's findings for the page once every animation that ends has ended: a dialog or a card
 * fading in has colours half-way between its own and the page's until then.
 */
export async function analyzeAccessibility(page: Page) {
  await settleAnimations(page);
  return new AxeBuilder({ page }).analyze();
}

/** axe finds nothing on the page as it stands (once its animations have ended). */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const accessibility = await analyzeAccessibility(page);
  expect(accessibility.violations).toEqual([]);
}
