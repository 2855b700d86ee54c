import { expect, test, type Page } from '@playwright/test';
import { CLIENT_HEADERS } from './client-headers.ts';

async function signInAsDemo(page: Page) {
  const response = await page.request.post('/v1/auth/login', {
    headers: CLIENT_HEADERS,
    data: { email: 'demo@ajo.test', password: 'AjoDemo2026!' },
  });
  expect(response.status()).toBe(200);
}

test.describe('side panels opened by ?a=', () => {
  test('when notifications open at 1440 px, then a right panel 30% wide shows', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsDemo(page);
    await page.goto('/?a=notification');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    // Wait for the slide-in animation to settle before measuring.
    await expect.poll(async () => Math.round((await panel.boundingBox())?.x ?? 0)).toBe(1008);
    const box = await panel.boundingBox();
    expect(box?.width).toBeCloseTo(1440 * 0.3, -1);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(1440, -1);
    expect(box?.height).toBeCloseTo(900, -1);
  });

  test('when notifications open at 375 px, then a bottom sheet 80% high shows and closing clears a', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsDemo(page);
    await page.goto('/wallet?a=notification');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    // Wait for the slide-up animation to settle before measuring.
    await expect
      .poll(async () => {
        const settling = await panel.boundingBox();
        return Math.round((settling?.y ?? 0) + (settling?.height ?? 0));
      })
      .toBe(812);
    const box = await panel.boundingBox();
    expect(box?.height).toBeCloseTo(812 * 0.8, -1);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(812, -1);
    expect(box?.width).toBeCloseTo(375, -1);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL('/wallet');
  });
});
