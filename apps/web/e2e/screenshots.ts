import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { settleAnimations } from './animations.ts';

export const viewports = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/**
 * Full-page screenshots at phone and desktop widths, in test-results/screenshots. Each is taken
 * from the top of the page, as a person landing on it sees it: a page scrolled by an earlier step
 * would otherwise show its sticky header in the middle of the picture. The scroll is put back
 * afterwards. While a modal dialog is open the picture is the screen alone, as a person sees it:
 * a full page would show the page behind running past the overlay, and hide how the dialog itself
 * is scrolled.
 */
export async function saveScreenshots(
  page: Page,
  testInfo: TestInfo,
  pageName: string,
): Promise<void> {
  const original = page.viewportSize();
  const scrolled = await page.evaluate(() => ({ left: window.scrollX, top: window.scrollY }));
  await page.evaluate(() => {
    window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
  });
  const modalOpen = (await page.locator('dialog[open]').count()) > 0;
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // A panel open across the resize slides in again (bottom sheet → right panel): let it land.
    await settleAnimations(page);
    await page.screenshot({
      path: path.join(
        testInfo.project.outputDir,
        'screenshots',
        `${pageName}-${viewport.name}.png`,
      ),
      fullPage: !modalOpen,
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
  await page.evaluate((position) => {
    window.scrollTo({ ...position, behavior: 'instant' });
  }, scrolled);
}
