import path from 'node:path';
import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { settleAnimations } from './animations.ts';
import { viewports } from './screenshots.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/**
 * Like saveScreenshots, for a screen with a panel open: a panel slides in again when the width
 * crosses the desktop breakpoint (bottom sheet → side panel), so each shot waits for the slide
 * to end instead of catching the panel half-way.
 */
export async function savePanelScreenshots(
  page: Page,
  testInfo: TestInfo,
  pageName: string,
  panel: Locator,
): Promise<void> {
  const original = page.viewportSize();
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await settleAnimations(panel);
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

/** A plain 320×320 JPEG drawn by the browser: the sandbox face match accepts any real JPEG. */
async function selfieBase64(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 320;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#b48c6e';
    context.fillRect(0, 0, 320, 320);
    return canvas.toDataURL('image/jpeg', 0.9).replace(/^data:image\/jpeg;base64,/, '');
  });
}

async function tierOf(request: APIRequestContext): Promise<number> {
  const response = await request.get('/v1/accounts/level');
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: { tier: number } };
  return body.data.tier;
}

/**
 * Verifies the signed-in user's identity through the API (details and a selfie), then waits for
 * the face-match job: tier 2 afterwards. The user must have verified a sandbox BVN of the 22
 * family first (verifyAndFundThroughApi), and the page must be on the app's origin.
 */
export async function upgradeToTier2ThroughApi(page: Page): Promise<void> {
  const submitted = await page.request.post('/v1/accounts/verify', {
    headers: CLIENT_HEADERS,
    data: {
      address: '12 Admiralty Way, Lekki, Lagos',
      date_of_birth: '1994-06-15',
      phone: '8031234567',
      documents: [
        {
          content: await selfieBase64(page),
          document_sub_type: 'selfie',
          document_type: 'identity_verification',
          mime_type: 'image/jpeg',
        },
      ],
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  await expect.poll(() => tierOf(page.request), { timeout: 30_000 }).toBe(2);
}

/** Settles the newest payout to an account through the sandbox bank's API (as its page does). */
export async function settlePayoutThroughApi(
  request: APIRequestContext,
  accountNumber: string,
  outcome: 'success' | 'failed' | 'reversed',
): Promise<void> {
  const listed = await request.get('/v1/sandbox/payouts');
  expect(listed.ok()).toBe(true);
  const body = (await listed.json()) as {
    data: { items: { reference: string; account_number: string }[] };
  };
  const payout = body.data.items.find((item) => item.account_number === accountNumber);
  if (!payout) throw new Error(`no payout to ${accountNumber}`);
  const settled = await request.post(
    `/v1/sandbox/payouts/${encodeURIComponent(payout.reference)}/settle`,
    { headers: CLIENT_HEADERS, data: { outcome } },
  );
  expect(settled.ok(), await settled.text()).toBe(true);
}

/** The sandbox bank's signed webhook reaches the API in the background: wait for the status. */
export async function waitForTransactionStatus(
  request: APIRequestContext,
  transactionId: string,
  status: string,
): Promise<void> {
  await expect
    .poll(async () => {
      const response = await request.get(`/v1/transactions/${transactionId}`);
      const body = (await response.json()) as { data?: { status: string } };
      return body.data?.status;
    })
    .toBe(status);
}

/** Page model of the receipt side panel (`/wallet?a=transaction&id=…`). */
export class TransactionReceiptPanel {
  readonly page: Page;
  readonly dialog: Locator;
  readonly amount: Locator;
  readonly fee: Locator;
  readonly bankAccount: Locator;
  readonly reference: Locator;
  readonly onHold: Locator;
  readonly statusHistory: Locator;
  readonly copyReference: Locator;
  readonly copyReceipt: Locator;
  readonly print: Locator;
  readonly share: Locator;
  readonly close: Locator;
  readonly awaiting: Locator;
  readonly resume: Locator;
  readonly cancelTopUp: Locator;
  readonly cancelDialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog', { name: 'Transaction details' });
    this.amount = this.dialog.getByTestId('receipt-amount');
    this.fee = this.dialog.getByTestId('receipt-fee');
    this.bankAccount = this.dialog.getByTestId('receipt-bank-account');
    this.reference = this.dialog.getByTestId('receipt-reference');
    this.onHold = this.dialog.getByTestId('receipt-on-hold');
    this.statusHistory = this.dialog.getByTestId('status-history');
    this.copyReference = this.dialog
      .locator('dl')
      .getByRole('button', { name: /^(Copy reference|Copied)$/ });
    this.copyReceipt = this.dialog
      .getByTestId('receipt-actions')
      .getByRole('button', { name: /^(Copy receipt|Copied)$/ });
    this.print = this.dialog.getByRole('button', { name: 'Print' });
    this.share = this.dialog.getByRole('button', { name: 'Share' });
    this.close = this.dialog.getByRole('button', { name: 'Close transaction details' });
    this.awaiting = this.dialog.getByRole('region', { name: 'Awaiting card payment' });
    this.resume = this.awaiting.getByRole('link', { name: 'Resume payment' });
    this.cancelTopUp = this.awaiting.getByRole('button', { name: 'Cancel top-up' });
    this.cancelDialog = page.getByRole('dialog', { name: 'Cancel this card top-up?' });
  }

  /** A row of the receipt's details by its label ("Sent to", "Method"…). */
  detail(label: string): Locator {
    return this.dialog
      .locator('dl > div')
      .filter({ has: this.page.getByText(label, { exact: true }) });
  }
}

/** Page model of the notifications panel (`?a=notification`). */
export class NotificationsPanel {
  readonly page: Page;
  readonly dialog: Locator;
  readonly items: Locator;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog', { name: 'Notifications' });
    this.items = this.dialog.getByRole('listitem');
  }

  item(title: string): Locator {
    return this.items.filter({ hasText: title });
  }

  receiptLink(item: Locator): Locator {
    return item.getByRole('link', { name: /^View receipt/ });
  }
}
