import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Config } from '../../src/platform/config.ts';
import type { IdentityProvider } from '../../src/providers/identity/identity.port.ts';
import { rows, type Database } from '../../src/platform/db.ts';
import type {
  PaymentsProvider,
  CheckoutVerification,
} from '../../src/providers/payments/payments.port.ts';
import {
  sandboxPaymentsProvider,
  sandboxSignatureHeader,
  type SandboxDelivery,
  type SandboxPaymentsProvider,
} from '../../src/providers/payments/sandbox.ts';
import type { PaystackFake } from './paystack-fake.ts';
import type { TestContext } from './test-app.ts';
import { signUp } from './people.ts';
import { bearer, newKey } from './calls.ts';
import { freshBvn } from './people.ts';

/**
 * BVN lookup and face match that work for any BVN: a BVN belongs to one user only, and the
 * sandbox identity vendor knows a single matching one, so tests with many users use this.
 */
export const anyBvnIdentity: IdentityProvider = {
  lookupBvn: ({ bvn, customer }) =>
    Promise.resolve({ bvn, dateOfBirth: '1994-06-15', phone: '8031234567', ...customer }),
  matchFace: ({ selfieJpeg }) => {
    const matched = selfieJpeg[0] === 0xff && selfieJpeg[1] === 0xd8;
    return Promise.resolve({
      outcome: matched ? 'match' : 'no_match',
      matched,
      confidencePercent: matched ? 92 : 18,
    });
  },
};

export interface MoneyUser {
  token: string;
  bvn: string;
  userId: string;
  email: string;
  /** The virtual account number, once the BVN step was done. */
  accountNumber: string;
}

/** Verifies the sandbox BVN and opens the funding account: the user is tier 1 afterwards. */
export async function openVirtualAccount(
  app: FastifyInstance,
  token: string,
  options: { slug?: string; bvn?: string } = {},
): Promise<string> {
  const slug = options.slug ?? 'sandbox';
  const bvn = options.bvn ?? '22222222222';
  const verified = await app.inject({
    method: 'POST',
    url: `/v1/virtualaccount/verify-bvn-${slug}`,
    headers: bearer(token),
    payload: { Bvn: bvn },
  });
  if (verified.statusCode !== 200) throw new Error(`BVN step failed: ${verified.body}`);
  const created = await app.inject({
    method: 'POST',
    url: `/v1/virtualaccount/create-${slug}-account`,
    headers: bearer(token),
    payload: {
      account_name: 'Chiamaka Eze',
      customer: { name: 'Chiamaka Eze' },
      kyc: { bvn },
    },
  });
  const accountNumber = created.json<{ data?: { data?: { account_number?: string } } }>().data?.data
    ?.account_number;
  if (!accountNumber) throw new Error(`account step failed: ${created.body}`);
  return accountNumber;
}

export async function userIdOf(database: Database, email: string): Promise<string> {
  const [user] = await rows<{ id: string }>(
    database.db,
    sql`select id from users where email = ${email}`,
  );
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/**
 * A signed-up user; with `account` (the default) also BVN-verified with a funding account, so
 * tier 1. The app must use `anyBvnIdentity` unless `bvn` is the sandbox's 22222222222.
 */
export async function newUser(
  context: TestContext,
  email: string,
  options: { account?: boolean; slug?: string; bvn?: string } = {},
): Promise<MoneyUser> {
  const token = await signUp(context.app, email);
  const bvn = options.bvn ?? freshBvn();
  const accountNumber =
    options.account === false
      ? ''
      : await openVirtualAccount(context.app, token, {
          bvn,
          ...(options.slug ? { slug: options.slug } : {}),
        });
  return { token, bvn, email, accountNumber, userId: await userIdOf(context.database, email) };
}

/** The webhook secret app.ts derives for the sandbox vendors (payments and payouts). */
export const sandboxWebhookSecret = (config: Pick<Config, 'appSecret'>) =>
  createHmac('sha256', config.appSecret).update('sandbox-webhooks').digest('hex');

/** The sandbox vendor's own books, reached directly to get deliveries without sending them. */
export function sandboxPaymentsVendor(context: TestContext): SandboxPaymentsProvider {
  return sandboxPaymentsProvider({
    database: context.database,
    clock: context.clock,
    webhookSecret: sandboxWebhookSecret(context.config),
  });
}

export const signSandbox = (secret: string, body: Buffer | string) =>
  createHmac('sha512', secret).update(body).digest('hex');

/** A webhook body signed as the sandbox vendor signs it. */
export function signedSandboxWebhook(
  config: Config,
  payload: unknown,
): { body: Buffer; headers: Record<string, string> } {
  const body = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [sandboxSignatureHeader]: signSandbox(sandboxWebhookSecret(config), body),
    },
  };
}

/** A `charge.success` for a transfer into a dedicated account (Paystack's dialect). */
export function transferEvent(transfer: {
  reference: string;
  accountNumber: string;
  amountMinor: number;
  senderName?: string;
  currency?: string;
}) {
  return {
    event: 'charge.success',
    data: {
      id: 4_000_000_123,
      reference: transfer.reference,
      amount: transfer.amountMinor,
      currency: transfer.currency ?? 'NGN',
      status: 'success',
      channel: 'dedicated_nuban',
      paid_at: '2026-01-05T08:00:00.000Z',
      authorization: {
        channel: 'dedicated_nuban',
        receiver_bank_account_number: transfer.accountNumber,
        receiver_bank: 'Ajo Sandbox MFB',
        sender_name: transfer.senderName ?? 'Adaeze Okafor',
        sender_bank: 'Sandbox Sender Bank',
      },
    },
  };
}

export function postWebhook(
  app: FastifyInstance,
  delivery: { body: Buffer | string; headers: Record<string, string> },
  slug = 'sandbox',
) {
  return app.inject({
    method: 'POST',
    url: `/v1/webhooks/${slug}`,
    headers: delivery.headers,
    payload: delivery.body,
  });
}

/** Signs `payload` as the sandbox vendor does and posts it to the webhook route of `slug`. */
export function postSignedWebhook(context: TestContext, payload: unknown, slug = 'sandbox') {
  return postWebhook(context.app, signedSandboxWebhook(context.config, payload), slug);
}

/** A transfer into `user`'s account as the sandbox vendor records it; its webhook is not sent. */
export async function transferAtVendor(
  vendor: SandboxPaymentsProvider,
  user: Pick<MoneyUser, 'accountNumber'>,
  transfer: { amountMinor: bigint; senderName: string; reference: string },
): Promise<SandboxDelivery> {
  const delivery = await vendor.receiveTransfer({ accountNumber: user.accountNumber, ...transfer });
  if (!delivery) throw new Error('no delivery');
  return delivery;
}

/** Pays a checkout at the sandbox vendor; answers its webhook, not sent yet. */
export async function paidCheckoutAtVendor(
  vendor: SandboxPaymentsProvider,
  reference: string,
): Promise<SandboxDelivery> {
  const settled = await vendor.settleCheckout(reference, 'success');
  if (!settled?.delivery) throw new Error('no delivery');
  return settled.delivery;
}

/** The sandbox transfer tool: a bank transfer into a sandbox account number. */
export function sandboxTransfer(
  app: FastifyInstance,
  body: {
    account_number: string;
    amount: string | number;
    sender_name?: string;
    reference?: string;
  },
) {
  return app.inject({
    method: 'POST',
    url: '/v1/sandbox/virtual-accounts/transfers',
    payload: { sender_name: 'Adaeze Okafor', ...body },
  });
}

/** Funds `user` by a bank transfer through the sandbox tool; fails unless our webhook took it. */
export async function fundByTransfer(
  app: FastifyInstance,
  user: Pick<MoneyUser, 'accountNumber'>,
  amount: string | number,
  reference?: string,
) {
  const response = await sandboxTransfer(app, {
    account_number: user.accountNumber,
    amount,
    ...(reference ? { reference } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ data: { webhook_status: 200 } });
}

/** Makes the Paystack fake verify a paid transfer of `amountKobo` into dedicated `accountNumber`. */
export function paystackTransferPaid(
  fake: PaystackFake,
  transfer: { reference: string; amountKobo: number; accountNumber: string },
) {
  fake.setTransaction(transfer.reference, {
    amount: transfer.amountKobo,
    currency: 'NGN',
    status: 'success',
    channel: 'dedicated_nuban',
    paid_at: '2026-01-05T08:00:00.000Z',
    metadata: { receiver_account_number: transfer.accountNumber, receiver_bank: 'Wema Bank' },
    authorization: {
      channel: 'dedicated_nuban',
      sender_name: 'Oluwatobi Adeyemi',
      sender_bank: 'Access Bank',
      receiver_bank_account_number: transfer.accountNumber,
      receiver_bank: 'Wema Bank',
    },
  });
}

export interface WalletView {
  id: string;
  type: string;
  currency: string;
  amount: string;
  available_amount: string;
  reserved_amount: string;
  on_hold_amount: string;
}

export async function wallets(
  app: FastifyInstance,
  token: string,
): Promise<{ NGN: WalletView; USD: WalletView }> {
  const response = await app.inject({ method: 'GET', url: '/v1/wallets', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  const items = response.json<{ data: { items: WalletView[] } }>().data.items;
  const ngn = items.find((item) => item.currency === 'NGN');
  const usd = items.find((item) => item.currency === 'USD');
  if (!ngn || !usd) throw new Error(`wallets missing: ${response.body}`);
  return { NGN: ngn, USD: usd };
}

export async function ngnBalance(app: FastifyInstance, token: string): Promise<string> {
  return (await wallets(app, token)).NGN.amount;
}

export interface TransactionView {
  id: string;
  type: string;
  status: string;
  direction: string;
  channel: string;
  currency: string;
  amount: string;
  fee: string;
  on_hold_amount: string;
  on_hold_released_amount: string;
  on_hold_released_at: string | null;
  reference: string;
  provider_reference: string | null;
  provider_transaction_id: string | null;
  client_reference: string | null;
  description: string;
  created_at: string;
  updated_at: string;
}

export async function listTransactions(
  app: FastifyInstance,
  token: string,
  query = '',
): Promise<TransactionView[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/transactions${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { items: TransactionView[] } }>().data.items;
}

export async function notificationsOf(app: FastifyInstance, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/v1/notifications',
    headers: bearer(token),
  });
  return response.json<{ data: { items: { title: string; body: string }[] } }>().data.items;
}

/** `count(*)` of a table, optionally narrowed (the condition is trusted test text). */
export async function countRows(database: Database, table: string, where = 'true') {
  const [counted] = await rows<{ count: number }>(
    database.db,
    sql.raw(`select count(*)::int as count from ${table} where ${where}`),
  );
  return counted?.count ?? 0;
}

/** What a money change would touch: entries, postings, balances, transactions and events. */
export async function moneyFingerprint(database: Database) {
  const [found] = await rows<Record<string, string>>(
    database.db,
    sql`select (select count(*) from journal_entries)::text as entries,
               (select count(*) from postings)::text as postings,
               (select coalesce(sum(abs(balance_minor)), 0) from ledger_accounts)::text as balances,
               (select count(*) from transactions)::text as transactions,
               (select count(*) from provider_events)::text as events`,
  );
  return found;
}

/** Starts a card top-up; answers the raw response. `key: null` sends no Idempotency-Key. */
export function startDeposit(
  app: FastifyInstance,
  token: string,
  amount: string | number,
  key: string | null = newKey(),
) {
  return app.inject({
    method: 'POST',
    url: '/v1/wallets/deposit',
    headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: { amount },
  });
}

export function startedReference(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { reference: string } }>().data.reference;
}

/** The hosted checkout page's Pay or Fail button (a plain HTML form post). */
export function settleCheckout(app: FastifyInstance, reference: string, button: 'pay' | 'fail') {
  return app.inject({
    method: 'POST',
    url: `/v1/sandbox/checkout/${reference}/${button}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

export async function verifyDeposit(app: FastifyInstance, token: string, reference: string) {
  return app.inject({
    method: 'POST',
    url: `/v1/wallets/deposit/${reference}/verify`,
    headers: bearer(token),
  });
}

/** A real JPEG selfie, big enough for the identity check. */
export function selfieJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 320, height: 320, channels: 3, background: { r: 180, g: 140, b: 110 } },
  })
    .jpeg()
    .toBuffer();
}

/** Submits identity details and a selfie, then runs the face-match job: tier 2 afterwards. */
export async function upgradeToTier2(context: TestContext, user: MoneyUser) {
  const selfie = await selfieJpeg();
  const submitted = await context.app.inject({
    method: 'POST',
    url: '/v1/accounts/verify',
    headers: bearer(user.token),
    payload: {
      address: '12 Admiralty Way, Lekki, Lagos',
      bvn: user.bvn,
      date_of_birth: '1994-06-15',
      phone: '8031234567',
      documents: [
        {
          content: selfie.toString('base64'),
          document_sub_type: 'selfie',
          document_type: 'identity_verification',
          mime_type: 'image/jpeg',
        },
      ],
    },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  await context.app.jobs.tick();
}

export async function tierOf(database: Database, userId: string): Promise<number> {
  const [user] = await rows<{ tier: number }>(
    database.db,
    sql`select tier from users where id = ${userId}`,
  );
  return user?.tier ?? -1;
}

/**
 * A payments provider that is the sandbox underneath, built once the test database exists, with
 * hooks to change what verify answers. Passed as `payments`, so the app has no sandbox routes:
 * tests settle checkouts through `sandbox` directly and deliver the webhook themselves.
 */
export function wrappedSandbox(): {
  payments: PaymentsProvider;
  attach(context: TestContext): SandboxPaymentsProvider;
  sandbox(): SandboxPaymentsProvider;
  verifyOverride: {
    current:
      | ((answer: CheckoutVerification) => CheckoutVerification | Promise<CheckoutVerification>)
      | undefined;
  };
} {
  let inner: SandboxPaymentsProvider | undefined;
  const verifyOverride: {
    current:
      | ((answer: CheckoutVerification) => CheckoutVerification | Promise<CheckoutVerification>)
      | undefined;
  } = { current: undefined };
  const sandbox = () => {
    if (!inner) throw new Error('attach the wrapped sandbox to a context first');
    return inner;
  };
  const payments: PaymentsProvider = {
    slug: 'sandbox',
    createDedicatedAccount: (request) => sandbox().createDedicatedAccount(request),
    deactivateDedicatedAccount: (reference) => sandbox().deactivateDedicatedAccount(reference),
    initializeCheckout: (request) => sandbox().initializeCheckout(request),
    verifyCheckout: async (reference) => {
      const answer = await sandbox().verifyCheckout(reference);
      return verifyOverride.current ? verifyOverride.current(answer) : answer;
    },
    verifyWebhookSignature: (body, headers) => sandbox().verifyWebhookSignature(body, headers),
    parseWebhook: (body) => sandbox().parseWebhook(body),
  };
  return {
    payments,
    sandbox,
    verifyOverride,
    attach: (context) => {
      inner = sandboxPaymentsVendor(context);
      return inner;
    },
  };
}
