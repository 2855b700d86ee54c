import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BVN_MODAL_DISMISSED_KEY } from '../src/features/verification/components/bvn-modal-storage.ts';
import { CLIENT_HEADERS } from './client-headers.ts';

/**
 * A new account has no funding account, so the BVN modal opens by itself on every signed-in page
 * with the shell. Journeys about something else call this before their first visit: the modal
 * then behaves as if it was closed earlier in the browser session.
 */
export async function skipBvnModal(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    window.sessionStorage.setItem(key, '1');
  }, BVN_MODAL_DISMISSED_KEY);
}

/** Page model of the BVN modal; its accessible name follows the step's heading. */
export class BvnModal {
  readonly page: Page;
  readonly dialog: Locator;
  readonly bvn: Locator;
  readonly verify: Locator;
  readonly errorBanner: Locator;
  readonly confirm: Locator;
  readonly done: Locator;
  readonly close: Locator;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog', {
      name: /^(Verify your BVN|Hold on while we verify your identity|Confirm Details|BVN verified)$/,
    });
    this.bvn = this.dialog.getByLabel('Bank Verification Number (BVN)');
    this.verify = this.dialog.getByRole('button', { name: 'Verify', exact: true });
    this.errorBanner = this.dialog.getByRole('alert');
    this.confirm = this.dialog.getByRole('button', { name: 'Yes, It is correct' });
    this.done = this.dialog.getByRole('button', { name: 'Done' });
    this.close = this.dialog.getByRole('button', { name: 'Close BVN verification' });
  }

  async expectStep(name: string): Promise<void> {
    await expect(this.page.getByRole('dialog', { name })).toBeVisible();
  }

  async submitBvn(bvn: string): Promise<void> {
    await this.bvn.fill(bvn);
    await this.verify.click();
  }

  /** The value shown beside a label in the Confirm Details list. */
  detail(label: string): Locator {
    return this.dialog.getByRole('term').filter({ hasText: label }).locator('xpath=../dd');
  }
}

/**
 * The BVN step through the API, without the modal: the BVN is verified (and so known to the
 * verification page, masked) but no funding account is opened yet. Sandbox BVNs of the 22 family
 * carry the registered name.
 */
export async function verifyBvnThroughApi(request: APIRequestContext, bvn: string): Promise<void> {
  const verified = await request.post('/v1/virtualaccount/verify-bvn-sandbox', {
    headers: CLIENT_HEADERS,
    data: { Bvn: bvn },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
}

/** Page model of /verify-account and its camera dialog. */
export class VerifyAccountPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly bvn: Locator;
  readonly phone: Locator;
  readonly address: Locator;
  readonly dateOfBirth: Locator;
  readonly next: Locator;
  readonly back: Locator;
  /** Shown instead of the BVN for someone who has not verified one yet. */
  readonly verifyBvnFirst: Locator;
  readonly openCamera: Locator;
  readonly problem: Locator;
  readonly camera: Locator;
  readonly capture: Locator;
  readonly selfie: Locator;
  readonly retake: Locator;
  readonly verify: Locator;
  readonly closeCamera: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Verify Account' });
    this.bvn = page.getByLabel('BVN', { exact: true });
    this.phone = page.getByLabel('Phone number');
    this.address = page.getByLabel('Home address');
    this.dateOfBirth = page.getByLabel('Date of birth');
    this.next = page.getByRole('button', { name: 'Next' });
    this.verifyBvnFirst = page.getByRole('button', { name: 'Verify your BVN' });
    this.back = page.getByRole('button', { name: 'Back' });
    this.openCamera = page.getByRole('button', { name: 'Open camera' });
    this.problem = page.getByRole('main').getByRole('alert');
    this.camera = page.getByRole('dialog', { name: /^(Take a selfie|Check your selfie)$/ });
    this.capture = this.camera.getByRole('button', { name: 'Capture Selfie' });
    this.selfie = this.camera.getByRole('img', { name: 'Your selfie' });
    this.retake = this.camera.getByRole('button', { name: 'Retake' });
    this.verify = this.camera.getByRole('button', { name: 'Verify', exact: true });
    this.closeCamera = this.camera.getByRole('button', { name: 'Close camera' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/verify-account');
    await expect(this.heading).toBeVisible();
  }

  /** The BVN is not typed: it is the verified one, shown masked and read-only. */
  async fillDetails(details: { phone: string; address: string; dateOfBirth: string }) {
    await this.phone.fill(details.phone);
    await this.address.fill(details.address);
    await this.dateOfBirth.fill(details.dateOfBirth);
  }

  /** The fake camera is live once Capture Selfie can be pressed. */
  async expectLiveCamera(): Promise<void> {
    await expect(this.page.getByRole('dialog', { name: 'Take a selfie' })).toBeVisible();
    await expect(this.capture).toBeEnabled({ timeout: 10_000 });
  }

  /** Camera tracks the page opened that are still running (the selfie step must stop them). */
  async liveCameraTracks(): Promise<number> {
    return this.page.evaluate(() => {
      const streams = (window as unknown as { cameraStreams?: MediaStream[] }).cameraStreams ?? [];
      return streams
        .flatMap((stream) => stream.getTracks())
        .filter((track) => {
          return track.readyState === 'live';
        }).length;
    });
  }
}

/** Keeps every stream the page gets from the camera, so a test can check that it was stopped. */
export async function recordCameraStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** As if the person refused the camera: every request for it is turned down. */
export async function refuseCamera(page: Page): Promise<void> {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
}
