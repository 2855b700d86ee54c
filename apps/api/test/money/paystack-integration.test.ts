import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsProvider } from '../../src/providers/payments/payments.port.ts';
import { paystackPaymentsProvider } from '../../src/providers/payments/paystack.ts';
import {
  anyBvnIdentity,
  countRows,
  moneyFingerprint,
  newUser,
  ngnBalance,
  paystackTransferPaid,
  postWebhook,
  sandboxTransfer,
  signSandbox,
  startDeposit,
  startedReference,
  verifyDeposit,
  wallets,
  type MoneyUser,
  type TransactionView,
} from '../support/money-helpers.ts';
import { startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';

const secretKey = 'sk_test_ajo_money_in_0123456789';

interface Outcome {
  data: { outcome: string };
}

/** `charge.success` for a transfer into a dedicated account, as Paystack sends it. */
const dedicatedNubanCharge = (transfer: {
  reference: string;
  accountNumber: string;
  amountKobo: number;
}) => ({
  event: 'charge.success',
  data: {
    id: 302961,
    domain: 'live',
    status: 'success',
    reference: transfer.reference,
    amount: transfer.amountKobo,
    message: null,
    gateway_response: 'Approved',
    paid_at: '2026-01-05T08:00:00.000Z',
    created_at: '2026-01-05T07:59:58.000Z',
    channel: 'dedicated_nuban',
    currency: 'NGN',
    metadata: { receiver_account_number: transfer.accountNumber, receiver_bank: 'Wema Bank' },
    fees: 0,
    customer: { email: 'someone@example.com', customer_code: 'CUS_xyz' },
    authorization: {
      authorization_code: 'AUTH_abc',
      channel: 'dedicated_nuban',
      bank: 'Access Bank',
      sender_bank: 'Access Bank',
      sender_bank_account_number: 'XXXXXX4567',
      sender_name: 'Oluwatobi Adeyemi',
      receiver_bank_account_number: transfer.accountNumber,
      receiver_bank: 'Wema Bank',
    },
  },
});

const cardCharge = (reference: string, amountKobo: number) => ({
  event: 'charge.success',
  data: {
    id: 302962,
    status: 'success',
    reference,
    amount: amountKobo,
    currency: 'NGN',
    channel: 'card',
    paid_at: '2026-01-05T08:00:00.000Z',
    metadata: '',
    authorization: { channel: 'card', card_type: 'visa', last4: '4081', bank: 'TEST BANK' },
  },
});

describe(`Paystack wired into the whole app (${databaseKind})`, () => {
  let fake: PaystackFake;
  let paystack: PaymentsProvider;
  let context: TestContext;
  let user: MoneyUser;
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey });
    paystack = paystackPaymentsProvider({ secretKey, baseUrl: fake.baseUrl });
    context = await createTestApp({
      seedCatalogue: true,
      identity: anyBvnIdentity,
      payments: paystack,
    });
    user = await newUser(context, 'paystack.user@example.com', { slug: 'paystack' });
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
  });

  const paystackCalls = (method: string, path: string) =>
    fake.requests.filter((request) => request.method === method && request.path === path);

  it('when a tier-1 user opens a funding account, then Paystack creates the customer and a dedicated NUBAN', async () => {
    expect(user.accountNumber).toMatch(/^\d{10}$/);
    const account = await context.app.inject({
      method: 'GET',
      url: '/v1/virtualaccount',
      headers: bearer(user.token),
    });
    expect(account.json()).toMatchObject({
      data: {
        account_number: user.accountNumber,
        bank_name: 'Wema Bank',
        bank_code: '20',
        provider: 'paystack',
      },
    });
    const [customer] = paystackCalls('POST', '/customer');
    expect(customer?.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(customer?.body).toMatchObject({
      email: 'paystack.user@example.com',
      first_name: 'Chiamaka',
      last_name: 'Eze',
      phone: '+2348031234567',
    });
    expect(JSON.stringify(customer?.body)).not.toContain(user.bvn);
    expect(paystackCalls('POST', '/dedicated_account')).toHaveLength(1);
  });

  it('when Paystack delivers a dedicated_nuban charge.success (ten times at once), then it is verified and credited once', async () => {
    const reference = 'PSK-DVA-TRANSFER-0001';
    paystackTransferPaid(fake, {
      reference,
      amountKobo: 2_500_000,
      accountNumber: user.accountNumber,
    });
    const delivery = fake.signedWebhook(
      dedicatedNubanCharge({ reference, accountNumber: user.accountNumber, amountKobo: 2_500_000 }),
    );

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postWebhook(context.app, delivery, 'paystack')),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = responses.map((response) => response.json<Outcome>().data.outcome);
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(paystackCalls('GET', `/transaction/verify/${reference}`).length).toBeGreaterThan(0);
    expect(await ngnBalance(context.app, user.token)).toBe('25000.00');
    expect(
      await countRows(
        context.database,
        'transactions',
        `provider = 'paystack' and provider_reference = '${reference}'`,
      ),
    ).toBe(1);
  });

  it('when the signed webhook claims more than Paystack verifies, then nothing is credited', async () => {
    const reference = 'PSK-DVA-INFLATED-01';
    paystackTransferPaid(fake, {
      reference,
      amountKobo: 900_000,
      accountNumber: user.accountNumber,
    });
    const before = await moneyFingerprint(context.database);
    const response = await postWebhook(
      context.app,
      fake.signedWebhook(
        dedicatedNubanCharge({
          reference,
          accountNumber: user.accountNumber,
          amountKobo: 9_000_000,
        }),
      ),
      'paystack',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Outcome>().data.outcome).toBe('review');
    const unknown = await postWebhook(
      context.app,
      fake.signedWebhook(
        dedicatedNubanCharge({
          reference: 'PSK-NEVER-SEEN',
          accountNumber: user.accountNumber,
          amountKobo: 100_000,
        }),
      ),
      'paystack',
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<Outcome>().data.outcome).toBe('review');
    const after = await moneyFingerprint(context.database);
    expect(after?.entries).toBe(before?.entries);
    expect(after?.transactions).toBe(before?.transactions);
  });

  it('when Paystack verify answers 500, then the webhook answers 503 and the retry credits once', async () => {
    const reference = 'PSK-DVA-RETRY-0001';
    paystackTransferPaid(fake, {
      reference,
      amountKobo: 100_000,
      accountNumber: user.accountNumber,
    });
    const delivery = fake.signedWebhook(
      dedicatedNubanCharge({ reference, accountNumber: user.accountNumber, amountKobo: 100_000 }),
    );
    const balance = await ngnBalance(context.app, user.token);
    fake.failNext(500);
    const down = await postWebhook(context.app, delivery, 'paystack');
    expect(down.statusCode).toBe(503);
    expectErrorShape(down);
    expect(await ngnBalance(context.app, user.token)).toBe(balance);

    const retried = await postWebhook(context.app, delivery, 'paystack');
    expect(retried.json<Outcome>().data.outcome).toBe('credited');
    expect(await ngnBalance(context.app, user.token)).toBe((Number(balance) + 1_000).toFixed(2));
  });

  it('when a card deposit starts, then Paystack is initialized with amount + fee in whole kobo; verify after payment credits once', async () => {
    const balance = await ngnBalance(context.app, user.token);
    const started = await startDeposit(context.app, user.token, '10000.50');
    const reference = startedReference(started);
    const data = started.json<{
      data: { authorization_url: string; total: string; transaction: TransactionView };
    }>().data;
    expect(data.total).toBe('10150.51'); // fee 1.5% of 10,000.50 = 150.0075 → 150.01
    expect(data.authorization_url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    const initialize = paystackCalls('POST', '/transaction/initialize').at(-1);
    expect(initialize?.body).toMatchObject({
      email: 'paystack.user@example.com',
      amount: 1_015_051,
      reference,
      currency: 'NGN',
    });
    const sent = initialize?.body as { amount: unknown; callback_url: string };
    expect(Number.isInteger(sent.amount)).toBe(true);
    expect(new URL(sent.callback_url).pathname).toBe('/payments/status');

    // Not paid yet: Paystack answers abandoned, so it stays pending.
    const early = await verifyDeposit(context.app, user.token, reference);
    expect(early.json<{ data: TransactionView }>().data.status).toBe('pending');

    fake.setTransaction(reference, { status: 'success', paid_at: '2026-01-05T08:01:00.000Z' });
    const verified = await verifyDeposit(context.app, user.token, reference);
    const webhook = await postWebhook(
      context.app,
      fake.signedWebhook(cardCharge(reference, 1_015_051)),
      'paystack',
    );
    const again = await verifyDeposit(context.app, user.token, reference);

    expect(verified.json<{ data: TransactionView }>().data).toMatchObject({
      status: 'successful',
      amount: '10000.50',
      fee: '150.01',
    });
    const vendorId = (await paystack.verifyCheckout(reference)).providerTransactionId;
    expect(verified.json<{ data: TransactionView }>().data).toMatchObject({
      provider_reference: reference,
      provider_transaction_id: vendorId,
      client_reference: null,
    });
    expect(vendorId).toMatch(/^\d+$/);
    expect(webhook.json<Outcome>().data.outcome).toBe('checkout_successful');
    expect(again.json<{ data: TransactionView }>().data.status).toBe('successful');
    expect(await ngnBalance(context.app, user.token)).toBe((Number(balance) + 10_000.5).toFixed(2));
    expect(
      await countRows(
        context.database,
        'journal_entries',
        `idempotency_key = 'deposit:card:${reference}'`,
      ),
    ).toBe(1);
  });

  it("when a signed dedicated_nuban charge.success reuses a paid card checkout's reference and amount, then it is not credited a second time and is kept for review", async () => {
    const reference = startedReference(await startDeposit(context.app, user.token, '4000'));
    fake.setTransaction(reference, { status: 'success', paid_at: '2026-01-05T08:01:00.000Z' });
    const card = await verifyDeposit(context.app, user.token, reference);
    expect(card.json<{ data: TransactionView }>().data.status).toBe('successful');
    const paidKobo = Number((await paystack.verifyCheckout(reference)).amountMinor);
    const balance = await ngnBalance(context.app, user.token);
    const before = await moneyFingerprint(context.database);

    const reused = await postWebhook(
      context.app,
      fake.signedWebhook(
        dedicatedNubanCharge({
          reference,
          accountNumber: user.accountNumber,
          amountKobo: paidKobo,
        }),
      ),
      'paystack',
    );

    expect(reused.statusCode).toBe(200);
    expect(reused.json<Outcome>().data.outcome).toBe('review');
    expect(await ngnBalance(context.app, user.token)).toBe(balance);
    const after = await moneyFingerprint(context.database);
    expect(after?.entries).toBe(before?.entries);
    expect(after?.transactions).toBe(before?.transactions);
  });

  it('when Paystack verifies a transfer as paid into another dedicated account than the webhook names, then nothing is credited', async () => {
    const reference = 'PSK-DVA-ELSEWHERE-01';
    paystackTransferPaid(fake, { reference, amountKobo: 300_000, accountNumber: '9930000019' });
    const before = await moneyFingerprint(context.database);
    const response = await postWebhook(
      context.app,
      fake.signedWebhook(
        dedicatedNubanCharge({ reference, accountNumber: user.accountNumber, amountKobo: 300_000 }),
      ),
      'paystack',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Outcome>().data.outcome).toBe('review');
    const after = await moneyFingerprint(context.database);
    expect(after?.entries).toBe(before?.entries);
    expect(after?.transactions).toBe(before?.transactions);
  });

  it('when Paystack verifies a card payment for another amount, then no credit and it is held for review', async () => {
    const balance = await ngnBalance(context.app, user.token);
    const reference = startedReference(await startDeposit(context.app, user.token, '2000'));
    fake.setTransaction(reference, {
      status: 'success',
      amount: 100,
      paid_at: '2026-01-05T08:01:00.000Z',
    });
    const verified = await verifyDeposit(context.app, user.token, reference);
    expect(verified.json<{ data: TransactionView }>().data.status).toBe('pending');
    expect(
      await countRows(
        context.database,
        'transactions',
        `reference = '${reference}' and review_reason is not null`,
      ),
    ).toBe(1);
    expect(await ngnBalance(context.app, user.token)).toBe(balance);
  });

  it('when Paystack declines a card payment, then the deposit fails with no credit', async () => {
    const balance = await ngnBalance(context.app, user.token);
    const reference = startedReference(await startDeposit(context.app, user.token, '3000'));
    fake.setTransaction(reference, { status: 'failed' });
    const verified = await verifyDeposit(context.app, user.token, reference);
    expect(verified.json<{ data: TransactionView }>().data.status).toBe('failed');
    expect(await ngnBalance(context.app, user.token)).toBe(balance);
  });

  it('when Paystack does not answer initialize, then 503 in the error shape and the deposit is marked failed', async () => {
    const before = await moneyFingerprint(context.database);
    fake.failNext(502);
    const response = await startDeposit(context.app, user.token, '1500');
    expect(response.statusCode).toBe(503);
    expect(expectErrorShape(response).code).toBe('provider_unavailable');
    expect(
      await countRows(
        context.database,
        'transactions',
        "channel = 'card' and amount_minor = 150000 and status = 'failed'",
      ),
    ).toBe(1);
    const after = await moneyFingerprint(context.database);
    expect(after?.entries).toBe(before?.entries);
  });

  it.each([
    [
      'signed with another key',
      (body: Buffer) => ({
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', 'sk_test_someone_else')
          .update(body)
          .digest('hex'),
      }),
    ],
    ['unsigned', () => ({ 'content-type': 'application/json' })],
    [
      "signed the sandbox's way",
      (body: Buffer) => ({
        'content-type': 'application/json',
        'x-sandbox-signature': signSandbox(secretKey, body),
      }),
    ],
  ])('when a Paystack webhook arrives %s, then 401 and nothing is stored', async (_, headers) => {
    const reference = 'PSK-DVA-FORGED-0001';
    paystackTransferPaid(fake, {
      reference,
      amountKobo: 5_000_000,
      accountNumber: user.accountNumber,
    });
    const { body } = fake.signedWebhook(
      dedicatedNubanCharge({ reference, accountNumber: user.accountNumber, amountKobo: 5_000_000 }),
    );
    const before = await moneyFingerprint(context.database);
    const response = await postWebhook(context.app, { body, headers: headers(body) }, 'paystack');
    expect(response.statusCode).toBe(401);
    expect(expectErrorShape(response).code).toBe('invalid_signature');
    expect(await moneyFingerprint(context.database)).toEqual(before);
  });

  it('when Paystack is the provider, then the sandbox webhook and transfer tool do not exist', async () => {
    const webhook = await postWebhook(
      context.app,
      { body: '{}', headers: { 'content-type': 'application/json' } },
      'sandbox',
    );
    expect(webhook.statusCode).toBe(404);
    const tool = await sandboxTransfer(context.app, {
      account_number: user.accountNumber,
      amount: 1000,
    });
    expect(tool.statusCode).toBe(404);
    expect((await wallets(context.app, user.token)).NGN.on_hold_amount).toBe('0.00');
  });
});
