import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4600';
const routes = (process.env.ROUTES ?? '/,/wallet,/savings,/savings/target-savings,/savings/dollar,/commodities,/fixed-income,/real-estate,/bills-payment,/dollar-cards,/statements').split(',');
const widths = (process.env.WIDTHS ?? '375,1440').split(',').map(Number);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel(/email/i).fill('demo@ajo.test');
  await page.getByLabel(/password/i).first().fill('AjoDemo2026!');
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 });
  for (const route of routes) {
    await page.goto(`${base}${route}`);
    await page.waitForTimeout(1800);
    const name = `${route.replaceAll('/', '_') || 'home'}-${width}.png`;
    await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: true });
    console.log(name);
  }
  await context.close();
}
await browser.close();
