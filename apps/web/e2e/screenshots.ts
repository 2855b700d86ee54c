import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { settleAnimations } from './animations.ts';

export const viewports = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Full-page screenshots at phone and desktop widths, in test-results/screenshots. */
export async function saveScreenshots(
  page: Page,
  testInfo: TestInfo,
  pageName: string,
): Promise<void> {
  const original = page.viewportSize();
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
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
}
