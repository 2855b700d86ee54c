import type { Locator, Page } from '@playwright/test';

/**
 * Brings every animation that ends to its end at once, so a check or a screenshot sees the page
 * as it settles: a dialog fading in, a panel sliding in again after a resize. Waiting for them
 * instead hangs whenever the page is not being painted (a page behind another tab never runs
 * its animations). A spinner or a skeleton's pulse never ends, so those are left running.
 */
export async function settleAnimations(target: Page | Locator): Promise<void> {
  const root = 'goto' in target ? target.locator(':root') : target;
  await root.evaluate((element) => {
    for (const animation of element.getAnimations({ subtree: true })) {
      if (animation.effect?.getComputedTiming().iterations === Infinity) continue;
      try {
        animation.finish();
      } catch {
        // An animation with a zero playback rate has no end to jump to.
      }
    }
  });
}
