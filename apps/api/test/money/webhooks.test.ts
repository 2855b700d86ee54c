import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { PaymentProviderError } from '../../src/providers/payments/payments.port.ts';
import type { SandboxPaymentsProvider } from '../../src/providers/payments/sandbox.ts';
import {
  anyBvnIdentity,
  countRows,
  listTransactions,
  moneyFingerprint,
  newUser,
  ngnBalance,
  paidCheckoutAtVendor,
  postSignedWebhook,
  postWebhook,
  sandboxPaymentsVendor,
  sandboxTransfer,
  sandboxWebhookSecret,
  signSandbox,
  signedSandboxWebhook,
  startDeposit,
  startedReference,
  transferAtVendor,
  transferEvent,
  wrappedSandbox,
  wallets,
  type MoneyUser,
} from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { expectErrorShape } from '../support/error-shape.ts';

interface Outcome {
  data: { outcome: string };
}

describe(`deposit webhooks (${databaseKind})`, () => {
  let context: TestContext;
  /** The sandbox vendor's own books, reached directly to get deliveries without sending them. */
  let vendor: SandboxPaymentsProvider;
  let ada: MoneyUser;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
    vendor = sandboxPaymentsVendor(context);
    ada = await newUser(context, 'ada.webhooks@example.com');
  });
  afterAll(() => context.close());

  const outcomeOf = async (reference: string) => {
    const [event] = await rows<{ outcome: string }>(
      context.database.db,
      sql`select outcome from provider_events where event_key = ${`transfer_received:${reference}`}`,
    );
    return event?.outcome;
  };

  it('when the same transfer webhook is delivered ten times in parallel, then it is credited exactly once', async () => {
    const delivery = await transferAtVendor(vendor, ada, {
      amountMinor: 1_250_000n,
      senderName: 'Emeka Nwosu',
      reference: 'SBX-PARALLEL-0001',
    });
    const before = await ngnBalance(context.app, ada.token);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postWebhook(context.app, delivery)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = responses.map((response) => response.json<Outcome>().data.outcome).sort();
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9);
    expect(
      await countRows(context.database, 'transactions', "provider_reference = 'SBX-PARALLEL-0001'"),
    ).toBe(1);
    expect(
      await countRows(
        context.database,
        'journal_entries',
        "idempotency_key = 'deposit:transfer:sandbox:SBX-PARALLEL-0001'",
      ),
    ).toBe(1);
    expect(
      await countRows(
        context.database,
        'provider_events',
        "event_key = 'transfer_received:SBX-PARALLEL-0001'",
      ),
    ).toBe(1);
    expect(before).toBe('0.00');
    expect(await ngnBalance(context.app, ada.token)).toBe('12500.00');
    const [credit] = await listTransactions(context.app, ada.token);
    expect(credit).toMatchObject({
      type: 'deposit',
      status: 'successful',
      direction: 'credit',
      channel: 'bank_transfer',
      amount: '12500.00',
      fee: '0.00',
      on_hold_amount: '0.00',
      provider_reference: 'SBX-PARALLEL-0001',
      provider_transaction_id: expect.stringMatching(/^\d+$/) as unknown,
      client_reference: null,
      description: 'Transfer from Emeka Nwosu (Sandbox Sender Bank)',
    });
  });

  it('when the sandbox transfer tool sends the same reference twice, then the money arrives once', async () => {
    const before = await moneyFingerprint(context.database);
    const first = await sandboxTransfer(context.app, {
      account_number: ada.accountNumber,
      amount: '2000',
      reference: 'SBX-TWICE-0001',
    });
    const second = await sandboxTransfer(context.app, {
      account_number: ada.accountNumber,
      amount: '2000',
      reference: 'SBX-TWICE-0001',
    });

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'transfer sent',
      data: { reference: 'SBX-TWICE-0001', webhook_status: 200 },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ data: { webhook_status: 200 } });
    const after = await moneyFingerprint(context.database);
    expect(Number(after?.transactions) - Number(before?.transactions)).toBe(1);
    expect(Number(after?.entries) - Number(before?.entries)).toBe(1);
    expect(await ngnBalance(context.app, ada.token)).toBe('14500.00');
    // The second delivery was a duplicate; the event keeps what the first came to.
    expect(await outcomeOf('SBX-TWICE-0001')).toBe('credited');
  });

  it('when the transfer tool sends one reference ten times in parallel, then the money arrives once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        sandboxTransfer(context.app, {
          account_number: ada.accountNumber,
          amount: 1000,
          reference: 'SBX-TOOL-PARALLEL',
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(
      await countRows(context.database, 'transactions', "provider_reference = 'SBX-TOOL-PARALLEL'"),
    ).toBe(1);
    expect(await ngnBalance(context.app, ada.token)).toBe('15500.00');
  });

  describe('when the signature is bad', () => {
    const genuine = () =>
      signedSandboxWebhook(
        context.config,
        transferEvent({
          reference: 'SBX-FORGED-0001',
          accountNumber: ada.accountNumber,
          amountMinor: 5_000_000,
        }),
      );
    const cases: [string, () => { body: Buffer | string; headers: Record<string, string> }][] = [
      [
        'the body was changed after signing',
        () => {
          const { body, headers } = genuine();
          return { body: body.toString().replace('5000000', '9000000'), headers };
        },
      ],
      [
        'it is signed with another secret',
        () => {
          const { body } = genuine();
          return {
            body,
            headers: {
              'content-type': 'application/json',
              'x-sandbox-signature': signSandbox('not-our-secret', body),
            },
          };
        },
      ],
      [
        'the signature header is missing',
        () => ({ body: genuine().body, headers: { 'content-type': 'application/json' } }),
      ],
      [
        'the signature is cut short',
        () => {
          const { body, headers } = genuine();
          return {
            body,
            headers: {
              ...headers,
              'x-sandbox-signature': headers['x-sandbox-signature']?.slice(2) ?? '',
            },
          };
        },
      ],
      [
        'the signature is a SHA-256 HMAC',
        () => {
          const { body } = genuine();
          return {
            body,
            headers: {
              'content-type': 'application/json',
              'x-sandbox-signature': createHmac('sha256', sandboxWebhookSecret(context.config))
                .update(body)
                .digest('hex'),
            },
          };
        },
      ],
      [
        "it carries Paystack's header instead of the sandbox's",
        () => {
          const { body, headers } = genuine();
          return {
            body,
            headers: {
              'content-type': 'application/json',
              'x-paystack-signature': headers['x-sandbox-signature'] ?? '',
            },
          };
        },
      ],
    ];

    it.each(cases)(
      'when %s, then 401 in the error shape and nothing is stored',
      async (_, make) => {
        const before = await moneyFingerprint(context.database);
        const balance = await ngnBalance(context.app, ada.token);

        const response = await postWebhook(context.app, make());

        expect(response.statusCode).toBe(401);
        expect(expectErrorShape(response)).toMatchObject({
          code: 'invalid_signature',
          message: 'The webhook signature is missing or wrong',
        });
        expect(await moneyFingerprint(context.database)).toEqual(before);
        expect(await ngnBalance(context.app, ada.token)).toBe(balance);
      },
    );
  });

  it('when a signed body claims ₦90,000 for a sandbox payment of ₦9,000, then nothing is credited and the event is kept for review', async () => {
    const genuine = await transferAtVendor(vendor, ada, {
      amountMinor: 900_000n,
      senderName: 'Bola Ade',
      reference: 'SBX-INFLATED-01',
    });
    const balance = await ngnBalance(context.app, ada.token);
    const forged = signedSandboxWebhook(
      context.config,
      transferEvent({
        reference: 'SBX-INFLATED-01',
        accountNumber: ada.accountNumber,
        amountMinor: 9_000_000,
      }),
    );

    const response = await postWebhook(context.app, forged);

    expect(response.statusCode).toBe(200);
    expect(response.json<Outcome>().data.outcome).toBe('review');
    expect(
      await countRows(context.database, 'transactions', "provider_reference = 'SBX-INFLATED-01'"),
    ).toBe(0);
    expect(await ngnBalance(context.app, ada.token)).toBe(balance);
    expect(await outcomeOf('SBX-INFLATED-01')).toBe('review');

    // The vendor's genuine delivery of the same transfer still credits the real ₦9,000, once.
    const real = await postWebhook(context.app, genuine);
    expect(real.json<Outcome>().data.outcome).toBe('credited');
    await postWebhook(context.app, forged);
    expect(await ngnBalance(context.app, ada.token)).toBe((Number(balance) + 9_000).toFixed(2));
  });

  describe('a provider reference claimed by another payment', () => {
    it("when a signed bank-transfer webhook reuses a paid card checkout's reference and amount, then nothing is credited a second time and it is kept for review", async () => {
      const payer = await newUser(context, 'card.then.transfer@example.com');
      const reference = startedReference(await startDeposit(context.app, payer.token, '5000'));
      const card = await postWebhook(context.app, await paidCheckoutAtVendor(vendor, reference));
      expect(card.json<Outcome>().data.outcome).toBe('checkout_successful');
      const paidMinor = (await vendor.findCheckout(reference))?.amountMinor ?? 0n;
      const before = await moneyFingerprint(context.database);

      const reused = await postSignedWebhook(
        context,
        transferEvent({
          reference,
          accountNumber: payer.accountNumber,
          amountMinor: Number(paidMinor),
        }),
      );

      expect(reused.statusCode).toBe(200);
      expect(reused.json<Outcome>().data.outcome).toBe('review');
      expect(await outcomeOf(reference)).toBe('review');
      expect(await ngnBalance(context.app, payer.token)).toBe('5000.00');
      const after = await moneyFingerprint(context.database);
      expect(after?.entries).toBe(before?.entries);
      expect(after?.transactions).toBe(before?.transactions);
      expect(
        await countRows(context.database, 'transactions', `provider_reference = '${reference}'`),
      ).toBe(1);
    });

    it('when a signed transfer names another account than the one the vendor received it in, then that account gets nothing and the real one is credited once', async () => {
      const receiver = await newUser(context, 'real.receiver@example.com');
      const genuine = await transferAtVendor(vendor, receiver, {
        amountMinor: 700_000n,
        senderName: 'Bola Ade',
        reference: 'SBX-REDIRECTED-01',
      });
      const balance = await ngnBalance(context.app, ada.token);

      const redirected = await postSignedWebhook(
        context,
        transferEvent({
          reference: 'SBX-REDIRECTED-01',
          accountNumber: ada.accountNumber,
          amountMinor: 700_000,
        }),
      );

      expect(redirected.statusCode).toBe(200);
      expect(redirected.json<Outcome>().data.outcome).toBe('review');
      expect(await ngnBalance(context.app, ada.token)).toBe(balance);
      const real = await postWebhook(context.app, genuine);
      expect(real.json<Outcome>().data.outcome).toBe('credited');
      expect(await ngnBalance(context.app, receiver.token)).toBe('7000.00');
      expect(await ngnBalance(context.app, ada.token)).toBe(balance);
    });
  });

  it.each([
    ['a reference the sandbox never saw', 'SBX-NEVER-SEEN-1', false, 'NGN'],
    ['a currency the verify answer does not give', 'SBX-IN-DOLLARS-1', true, 'USD'],
  ])(
    'when a signed transfer names %s, then 200 with review and no credit',
    async (_, reference, known, currency) => {
      if (known) {
        await transferAtVendor(vendor, ada, {
          amountMinor: 200_000n,
          senderName: 'Bola Ade',
          reference,
        });
      }
      const before = await moneyFingerprint(context.database);
      const response = await postSignedWebhook(
        context,
        transferEvent({
          reference,
          accountNumber: ada.accountNumber,
          amountMinor: 200_000,
          currency,
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<Outcome>().data.outcome).toBe('review');
      expect(await outcomeOf(reference)).toBe('review');
      const after = await moneyFingerprint(context.database);
      expect(after?.entries).toBe(before?.entries);
      expect(after?.balances).toBe(before?.balances);
      expect(after?.transactions).toBe(before?.transactions);
    },
  );

  it('when a signed transfer names an account number nobody has, then nothing is credited', async () => {
    const before = await moneyFingerprint(context.database);
    const response = await postSignedWebhook(
      context,
      transferEvent({
        reference: 'SBX-NOBODY-0001',
        accountNumber: '0000000000',
        amountMinor: 100_000,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Outcome>().data.outcome).toBe('unknown_account');
    const after = await moneyFingerprint(context.database);
    expect(after?.entries).toBe(before?.entries);
    expect(after?.transactions).toBe(before?.transactions);
    expect(await outcomeOf('SBX-NOBODY-0001')).toBe('unknown_account');

    const tool = await sandboxTransfer(context.app, {
      account_number: '1234567890',
      amount: 1000,
    });
    expect(tool.statusCode).toBe(404);
    expectErrorShape(tool);
  });

  it('when the transfer tool is asked for more than a webhook can carry exactly, then 422 and nothing is sent', async () => {
    const before = await moneyFingerprint(context.database);
    const response = await sandboxTransfer(context.app, {
      account_number: ada.accountNumber,
      amount: '1000000000000000',
    });
    expect(response.statusCode).toBe(422);
    expect(expectErrorShape(response).code).toBe('amount_above_limit');
    expect(await moneyFingerprint(context.database)).toEqual(before);
    const whale = await newUser(context, 'whale.webhooks@example.com');
    const largest = await sandboxTransfer(context.app, {
      account_number: whale.accountNumber,
      amount: '90071992547409.91',
    });
    expect(largest.json()).toMatchObject({ data: { webhook_status: 200 } });
    expect(await wallets(context.app, whale.token)).toMatchObject({
      NGN: { amount: '50000.00', on_hold_amount: '90071992497409.91' },
    });
  });

  it('when the transfer tool gets a sender name with a NUL, then 400 in the error shape and nothing of the database leaks', async () => {
    const before = await moneyFingerprint(context.database);
    const response = await sandboxTransfer(context.app, {
      account_number: ada.accountNumber,
      amount: 1000,
      sender_name: 'Ada\u0000eze',
    });
    expect(response.statusCode).toBe(400);
    const error = expectErrorShape(response);
    expect(error.errors).toEqual([
      { path: 'sender_name', message: 'Remove the hidden NUL character (\\u0000) from this text' },
    ]);
    expect(response.body).not.toMatch(/insert into|sandbox_payments/i);
    expect(await moneyFingerprint(context.database)).toEqual(before);
  });

  it("when the transfer tool reuses a card checkout reference or another account's transfer reference, then 409", async () => {
    const taken = await sandboxTransfer(context.app, {
      account_number: '0000000000',
      amount: 1000,
      reference: 'SBX-TWICE-0001',
    });
    // An account the sandbox does not know: 404 before the reference is looked at.
    expect(taken.statusCode).toBe(404);
    const second = await newUser(context, 'second.webhooks@example.com');
    const reused = await sandboxTransfer(context.app, {
      account_number: second.accountNumber,
      amount: 2000,
      reference: 'SBX-TWICE-0001',
    });
    expect(reused.statusCode).toBe(409);
    expect(expectErrorShape(reused)).toMatchObject({
      code: 'reference_in_use',
      message: 'This reference belongs to another payment',
    });
    expect(await ngnBalance(context.app, second.token)).toBe('0.00');
  });

  it('when a signed body is not an event we understand, then 400 in the error shape and nothing is stored', async () => {
    const before = await moneyFingerprint(context.database);
    for (const body of [
      'not json at all',
      '{"event":"charge.success"}',
      JSON.stringify({
        event: 'charge.success',
        data: { reference: 'X', amount: -5, currency: 'NGN' },
      }),
      JSON.stringify(
        transferEvent({ reference: 'SBX-BADACCT', accountNumber: '12345', amountMinor: 100 }),
      ),
    ]) {
      const response = await postSignedWebhook(context, body);
      expect(response.statusCode, body).toBe(400);
      expect(expectErrorShape(response).code).toBe('invalid_webhook');
    }
    expect(await moneyFingerprint(context.database)).toEqual(before);
  });

  it.each([
    ['a NUL character', '\\u0000', 'SBX-NUL-SENDER-1'],
    ['a lone surrogate', '\\ud800', 'SBX-SURROGATE-1'],
  ])(
    'when a signed event carries %s (valid JSON that PostgreSQL cannot store), then it is still kept and acted on',
    async (_, escape, reference) => {
      const ignored = await postSignedWebhook(
        context,
        `{"event":"subscription.create","data":{"reference":"${reference}","amount":100,"currency":"NGN","note":"a${escape}b"}}`,
      );
      expect(ignored.statusCode, ignored.body).toBe(200);

      await transferAtVendor(vendor, ada, {
        amountMinor: 100_000n,
        senderName: 'Adaeze Okafor',
        reference,
      });
      const balance = await ngnBalance(context.app, ada.token);
      const transfer = await postSignedWebhook(
        context,
        JSON.stringify(
          transferEvent({ reference, accountNumber: ada.accountNumber, amountMinor: 100_000 }),
        ).replace('Adaeze Okafor', `Ada${escape}eze`),
      );
      expect(transfer.statusCode, transfer.body).toBe(200);
      expect(transfer.json<Outcome>().data.outcome).toBe('credited');
      expect(await ngnBalance(context.app, ada.token)).toBe((Number(balance) + 1_000).toFixed(2));
      const credit = (await listTransactions(context.app, ada.token, '?size=100')).find(
        (item) => item.provider_reference === reference,
      );
      expect(credit?.description).toBe('Transfer from Ada\uFFFDeze (Sandbox Sender Bank)');
    },
  );

  it('when an event we do not act on arrives twice, then 200 ignored and it is kept once', async () => {
    const delivery = signedSandboxWebhook(context.config, {
      event: 'subscription.create',
      data: { reference: 'SUB-0001', amount: 100, currency: 'NGN' },
    });
    const first = await postWebhook(context.app, delivery);
    const second = await postWebhook(context.app, delivery);
    expect(first.json<Outcome>(), first.body).toMatchObject({ data: { outcome: 'ignored' } });
    expect(second.statusCode).toBe(200);
    expect(
      await countRows(
        context.database,
        'provider_events',
        "event_key like 'subscription.create:%' and payload->'data'->>'reference' = 'SUB-0001'",
      ),
    ).toBe(1);
  });

  it('when a card charge.success names a reference we never issued, then 200 and nothing moves', async () => {
    const before = await moneyFingerprint(context.database);
    const response = await postSignedWebhook(context, {
      event: 'charge.success',
      data: {
        reference: 'AJO-DEP-NOPE-0001',
        amount: 1_015_000,
        currency: 'NGN',
        authorization: { channel: 'card' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Outcome>().data.outcome).toBe('unknown_reference');
    const after = await moneyFingerprint(context.database);
    expect(after?.entries).toBe(before?.entries);
    expect(after?.transactions).toBe(before?.transactions);
  });

  it("when a webhook is sent to another provider's slug, then 404", async () => {
    const response = await postSignedWebhook(
      context,
      { event: 'charge.success', data: {} },
      'paystack',
    );
    expect(response.statusCode).toBe(404);
    expectErrorShape(response);
  });
});

describe(`deposit webhooks when the vendor's verify fails (${databaseKind})`, () => {
  const wrapped = wrappedSandbox();
  let context: TestContext;
  let vendor: SandboxPaymentsProvider;
  let user: MoneyUser;
  beforeAll(async () => {
    context = await createTestApp({
      seedCatalogue: true,
      identity: anyBvnIdentity,
      payments: wrapped.payments,
    });
    vendor = wrapped.attach(context);
    user = await newUser(context, 'verify.down@example.com');
  });
  afterAll(() => context.close());

  it('when verify does not answer, then 503 so the vendor retries, the event is kept as failed, and the retry credits once and records its outcome', async () => {
    const delivery = await transferAtVendor(vendor, user, {
      amountMinor: 300_000n,
      senderName: 'Kemi Bello',
      reference: 'SBX-RETRY-00001',
    });
    wrapped.verifyOverride.current = () => {
      throw new PaymentProviderError('unavailable', 'timed out');
    };

    const down = await postWebhook(context.app, delivery);

    expect(down.statusCode).toBe(503);
    expect(expectErrorShape(down).code).toBe('provider_unavailable');
    expect(await ngnBalance(context.app, user.token)).toBe('0.00');
    const eventOf = async () =>
      rows<{ outcome: string; received_at: string }>(
        context.database.db,
        sql`select outcome, received_at::text from provider_events
             where event_key = 'transfer_received:SBX-RETRY-00001'`,
      );
    const [failed] = await eventOf();
    expect(failed?.outcome).toBe('failed');

    wrapped.verifyOverride.current = undefined;
    const retried = await Promise.all([
      postWebhook(context.app, delivery),
      postWebhook(context.app, delivery),
    ]);
    expect(retried.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await ngnBalance(context.app, user.token)).toBe('3000.00');
    expect(
      await countRows(context.database, 'transactions', "provider_reference = 'SBX-RETRY-00001'"),
    ).toBe(1);
    // One row for the event: the first delivery's time, the latest outcome.
    expect(await eventOf()).toEqual([{ outcome: 'credited', received_at: failed?.received_at }]);
  });

  it('when a parallel delivery records its duplicate before the crediting one records, then the event still says credited', async () => {
    const other = await newUser(context, 'order.race@example.com');
    const delivery = await transferAtVendor(vendor, other, {
      amountMinor: 100_000n,
      senderName: 'Kemi Bello',
      reference: 'SBX-ORDER-00001',
    });
    // The order CI once hit: the delivery that found the money moved wrote its row first.
    await context.database.db.execute(sql`insert into provider_events (provider, event_key,
        event_type, payload, outcome, received_at)
      values ('sandbox', 'transfer_received:SBX-ORDER-00001', 'transfer_received', '{}'::jsonb,
        'duplicate', now())`);

    const credited = await postWebhook(context.app, delivery);
    const again = await postWebhook(context.app, delivery);

    expect(credited.statusCode).toBe(200);
    expect(again.json<Outcome>().data.outcome).toBe('duplicate');
    const [event] = await rows<{ outcome: string }>(
      context.database.db,
      sql`select outcome from provider_events
           where event_key = 'transfer_received:SBX-ORDER-00001'`,
    );
    expect(event?.outcome).toBe('credited');
  });

  it.each([
    ['a card checkout', 'SBX-KIND-CHECKOUT', { kind: 'checkout' as const, accountNumber: null }],
    ['a transfer into another account', 'SBX-KIND-ELSEWHERE', { accountNumber: '9930000019' }],
  ])(
    "when verify answers %s under a transfer webhook's reference, then no credit and it is kept for review",
    async (_, reference, patch) => {
      const delivery = await transferAtVendor(vendor, user, {
        amountMinor: 200_000n,
        senderName: 'Kemi Bello',
        reference,
      });
      const balance = await ngnBalance(context.app, user.token);
      wrapped.verifyOverride.current = (answer) => ({ ...answer, ...patch });
      const response = await postWebhook(context.app, delivery);
      wrapped.verifyOverride.current = undefined;
      expect(response.statusCode).toBe(200);
      expect(response.json<Outcome>().data.outcome).toBe('review');
      expect(await ngnBalance(context.app, user.token)).toBe(balance);
      expect(
        await countRows(context.database, 'transactions', `provider_reference = '${reference}'`),
      ).toBe(0);
    },
  );

  it('when verify says the transfer is not a success, then no credit', async () => {
    const delivery = await transferAtVendor(vendor, user, {
      amountMinor: 300_000n,
      senderName: 'Kemi Bello',
      reference: 'SBX-NOTPAID-001',
    });
    wrapped.verifyOverride.current = (answer) => ({ ...answer, status: 'abandoned' });
    const response = await postWebhook(context.app, delivery);
    wrapped.verifyOverride.current = undefined;
    expect(response.statusCode).toBe(200);
    expect(response.json<Outcome>().data.outcome).toBe('review');
    expect(await ngnBalance(context.app, user.token)).toBe('3000.00');
  });
});
