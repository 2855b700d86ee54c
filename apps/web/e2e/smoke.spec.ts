import { analyzeAccessibility } from './accessibility.ts';
import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './console-errors.ts';
import { NotFoundPage } from './not-found-page.ts';
import { saveScreenshots } from './screenshots.ts';

test.describe('smoke', () => {
  let consoleErrors: string[] = [];

  test.beforeEach(({ page }) => {
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterEach(() => {
    expect(consoleErrors, 'console errors (CSP violations show up here)').toEqual([]);
  });

  test('when /error/404 is opened, then the isolated not-found page shows and is accessible', async ({
    page,
  }, testInfo) => {
    const notFound = new NotFoundPage(page);
    await notFound.goto('/error/404');

    await expect(page).toHaveTitle('Page not found · Ajo');
    const accessibility = await analyzeAccessibility(page);
    expect(accessibility.violations).toEqual([]);
    await saveScreenshots(page, testInfo, 'not-found');
  });

  test('when an unknown path is opened signed out, then Back to Home leads to sign in', async ({
    page,
  }) => {
    const notFound = new NotFoundPage(page);
    await notFound.goto('/some/unknown/path');

    await notFound.backHomeLink.click();

    await expect(page).toHaveURL('/login?redirect=%2F');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  });

  test('when / is opened signed out, then the guard sends the visitor to sign in', async ({
    page,
  }) => {
    await page.goto('/');

    await expect(page).toHaveURL('/login?redirect=%2F');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('when /login first loads, then the brand font is one small Latin file swapped in, and no Home, chart or signed-in route code comes with it', async ({
    page,
  }) => {
    const fonts: { name: string; bytes: number }[] = [];
    const scripts: string[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      const name = new URL(response.url()).pathname;
      if (type === 'font') fonts.push({ name, bytes: (await response.body()).length });
      if (type === 'script') scripts.push(name);
    });
    await page.goto('/login');
    await page.waitForLoadState('networkidle');

    // The font counts in the first load beside the JavaScript budget (QUALITY.md): one file.
    expect(fonts.map((font) => font.name)).toEqual([
      expect.stringMatching(/^\/assets\/plus-jakarta-sans-latin-wght-normal-[\w-]+\.woff2$/),
    ]);
    expect(fonts[0]?.bytes ?? Infinity).toBeLessThanOrEqual(30_000);
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].map((face) => ({
        family: face.family.replaceAll('"', ''),
        display: face.display,
        status: face.status,
      }));
    });
    const brandFaces = faces.filter((face) => face.family === 'Plus Jakarta Sans');
    expect(brandFaces.length).toBeGreaterThan(0);
    expect(brandFaces.every((face) => face.display === 'swap')).toBe(true);
    expect(brandFaces.some((face) => face.status === 'loaded')).toBe(true);
    const headingFont = await page
      .getByRole('heading', { level: 1 })
      .evaluate((heading) => getComputedStyle(heading).fontFamily);
    expect(headingFont).toMatch(/^"?Plus Jakarta Sans"?,/);

    expect(
      scripts.filter((name) => /\/assets\/(home|shell|wallet|signed-in-routes)-/.test(name)),
    ).toEqual([]);
  });

  test("when the app's code is slow to arrive, then the first load shows the centred spinner at once, and the first screen is styled when it renders", async ({
    page,
  }) => {
    // Hold every script back: what shows meanwhile is the HTML and its own <style> alone.
    const { promise: scriptsReleased, resolve: releaseScripts } =
      Promise.withResolvers<undefined>();
    await page.route('**/assets/*.js', async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/login', { waitUntil: 'commit' });

    const status = page.getByRole('status');
    await expect(status.locator('svg')).toBeVisible();
    // Measured on the spinner's unrotated frame (the svg inside it turns).
    const box = await status.boundingBox();
    // RouteFallback's spinner: 2rem wide, centred in the viewport.
    expect(box).toMatchObject({ width: 32, height: 32, x: (375 - 32) / 2, y: (812 - 32) / 2 });
    await expect(status).toHaveText('Loading Ajo');
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');

    releaseScripts(undefined);
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    // The app's own stylesheet applied before its first render: the button wears the brand.
    expect(await signIn.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    expect(await page.locator('link[data-app-styles]').getAttribute('rel')).toBe('stylesheet');
  });

  test('when a phone adds Ajo to its home screen, then the manifest names the app and every icon is there', async ({
    request,
  }) => {
    const answer = await request.get('/manifest.webmanifest');
    expect(answer.status()).toBe(200);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Ajo', start_url: '/' });
    expect(manifest.icons.map((icon) => icon.purpose)).toContain('maskable');
    for (const icon of [
      ...manifest.icons,
      { src: '/favicon.ico', type: 'image/' },
      { src: '/icons/apple-touch-icon.png', type: 'image/png' },
    ]) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toContain(icon.type);
    }
  });
});
