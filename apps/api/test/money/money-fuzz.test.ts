import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { rows } from '../../src/platform/db.ts';
import {
  anyBvnIdentity,
  listTransactions,
  newUser,
  postWebhook,
  sandboxWebhookSecret,
  signSandbox,
  startDeposit,
  startedReference,
  transferEvent,
  type MoneyUser,
} from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';

/** Characters PostgreSQL, JSON or a regex may trip on: NUL, controls, lone surrogates. */
const awkwardChar = fc.constantFrom(
  '\u0000',
  '\u001f',
  '\u007f',
  '\ud800',
  '\udfff',
  'a',
  '7',
  ' ',
);

/** A field that is sometimes right and often anything at all. */
const fieldLike = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 2, stringUnit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 300, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20, unit: awkwardChar }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

/** Amounts as a client might send them: numbers, decimal text, and text that is almost right. */
const amountLike = fc.oneof(
  fc.integer({ min: 1, max: 60_000 }),
  fc.integer({ min: 10_000, max: 6_000_000 }).map((kobo) => (kobo / 100).toFixed(2)),
  fc.constantFrom('100', '50000', '50000.01', '99.99', '1e4', '0x10', '1,000', ' 500', '-100'),
  fc.double({ noNaN: false }),
  fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
);

const referenceLike = fc.stringMatching(/^[A-Za-z0-9_.-]{6,64}$/);

/** The record, sometimes with unknown fields next to its own. */
const withExtras = (record: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(record, fc.option(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue())))
    .map(([body, extra]) => ({ ...(extra ?? {}), ...body }));

/** Sometimes not an object at all. */
const bodyLike = (record: fc.Arbitrary<Record<string, unknown>>) =>
  fc.oneof(
    { weight: 6, arbitrary: withExtras(record) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

const runs = 1_000;

describe(`fuzzing the money-in operations (${databaseKind})`, () => {
  let context: TestContext;
  let payer: MoneyUser;
  let other: MoneyUser;
  let ownPending: string[] = [];
  let othersTransaction = '';
  let sandboxSecret = '';

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
    sandboxSecret = sandboxWebhookSecret(context.config);
    payer = await newUser(context, 'fuzz.payer@example.com');
    other = await newUser(context, 'fuzz.other@example.com');
    for (const amount of ['1000', '2000', '3000', '4000', '5000']) {
      startedReference(await startDeposit(context.app, payer.token, amount));
    }
    ownPending = (await listTransactions(context.app, payer.token, '?status=pending')).map(
      (transaction) => transaction.id,
    );
    startedReference(await startDeposit(context.app, other.token, '1000'));
    othersTransaction = (await listTransactions(context.app, other.token))[0]?.id ?? '';
  });
  afterAll(() => context.close());

  /**
   * One cheap look at everything money-in touches: the ledger (postings are append-only and every
   * balance change comes with some), transactions (rows, statuses, references) and stored events.
   */
  const fingerprint = async () => {
    const [found] = await rows<Record<string, string>>(
      context.database.db,
      sql`select (select count(*) from postings)::text as postings,
                 (select count(*) || '/' || count(client_reference) || '/'
                         || count(*) filter (where status = 'pending') from transactions)
                   as transactions,
                 (select count(*) from provider_events)::text as events`,
    );
    return found;
  };

  let last: Record<string, string> | undefined;

  /**
   * No 5xx; every error in the error shape; on a 4xx nothing above moved. Compares with the
   * state after the previous request, so each request costs one extra query.
   */
  const check = async (send: () => Promise<LightMyRequestResponse>) => {
    const before = last ?? (await fingerprint());
    const response = await send();
    expect(response.statusCode, response.body).toBeLessThan(500);
    last = await fingerprint();
    if (response.statusCode >= 400) {
      expectErrorShape(response);
      expect(last).toEqual(before);
    }
    return response;
  };

  let keySerial = 0;
  const idempotencyKey = fc.oneof(
    { weight: 4, arbitrary: fc.constant('fresh') },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('fuzz-fixed-key-1', 'fuzz-fixed-key-2') },
    { weight: 1, arbitrary: fc.string({ maxLength: 140 }) },
  );

  it(`when POST /v1/wallets/deposit gets ${String(runs)} mutated bodies, then no 5xx, errors in the error shape, no ledger change`, async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyLike(fc.record({ amount: fieldLike(amountLike) })),
        idempotencyKey,
        async (payload, key) => {
          const headers: Record<string, string> = {
            ...bearer(payer.token),
            'content-type': 'application/json',
          };
          if (key === 'fresh') headers['idempotency-key'] = `fuzz-${String(++keySerial)}`;
          else if (key !== undefined) headers['idempotency-key'] = key;
          await check(() =>
            context.app.inject({
              method: 'POST',
              url: '/v1/wallets/deposit',
              headers,
              payload: JSON.stringify(payload),
            }),
          );
        },
      ),
      { numRuns: runs },
    );
  }, 120_000);

  it(`when PUT /v1/transactions/{id}/third-party-reference gets ${String(runs)} mutated bodies, then no 5xx and nothing changes on a 4xx`, async () => {
    const target = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...ownPending) },
      { weight: 1, arbitrary: fc.constant(othersTransaction) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent) },
    );
    await fc.assert(
      fc.asyncProperty(
        target,
        bodyLike(
          fc.record({
            third_party_reference: fieldLike(fc.string({ minLength: 1, maxLength: 110 })),
          }),
        ),
        async (id, payload) => {
          const response = await check(() =>
            context.app.inject({
              method: 'PUT',
              url: `/v1/transactions/${id}/third-party-reference`,
              headers: { ...bearer(payer.token), 'content-type': 'application/json' },
              payload: JSON.stringify(payload),
            }),
          );
          if (id === othersTransaction) expect(response.statusCode).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: runs },
    );
    const theirs = await listTransactions(context.app, other.token);
    expect(theirs[0]?.client_reference).toBeNull();
  }, 120_000);

  it(`when the sandbox transfer tool gets ${String(runs)} mutated bodies, then no 5xx, its webhook never fails on our side, and no ledger change on a 4xx`, async () => {
    const accountNumber = fc.oneof(
      fc.constantFrom(payer.accountNumber, other.accountNumber),
      fc.stringMatching(/^\d{10}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        bodyLike(
          fc.record({
            account_number: fieldLike(accountNumber),
            amount: fieldLike(amountLike),
            sender_name: fieldLike(fc.string({ minLength: 1, maxLength: 100, unit: 'binary' })),
            reference: fieldLike(fc.oneof(referenceLike, fc.constant('SBX-FUZZ-REPEAT'))),
          }),
        ),
        async (payload) => {
          const response = await check(() =>
            context.app.inject({
              method: 'POST',
              url: '/v1/sandbox/virtual-accounts/transfers',
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify(payload),
            }),
          );
          if (response.statusCode === 200) {
            expect(response.json<{ data: { webhook_status: number } }>().data.webhook_status).toBe(
              200,
            );
          }
        },
      ),
      { numRuns: runs },
    );
    expect(await checkLedger(context.database.db)).toEqual([]);
  }, 120_000);

  it(`when /v1/webhooks/sandbox gets ${String(runs)} random raw bodies, signed and unsigned, then no 5xx, unsigned ones change nothing, and no ledger change on a 4xx`, async () => {
    const eventLike = fc.record({
      event: fieldLike(
        fc.constantFrom('charge.success', 'subscription.create', 'refund.processed'),
      ),
      data: fieldLike(
        fc.record({
          reference: fieldLike(referenceLike),
          amount: fieldLike(fc.integer({ min: -10, max: 10_000_000 })),
          currency: fieldLike(fc.constantFrom('NGN', 'USD')),
          paid_at: fieldLike(fc.date({ noInvalidDate: true }).map((date) => date.toISOString())),
          authorization: fieldLike(
            fc.record({
              channel: fieldLike(fc.constantFrom('dedicated_nuban', 'card')),
              receiver_bank_account_number: fieldLike(
                fc.oneof(fc.constant(payer.accountNumber), fc.stringMatching(/^\d{10}$/)),
              ),
              sender_name: fieldLike(fc.string({ unit: 'binary' })),
            }),
          ),
        }),
      ),
    });
    const rawBody = fc.oneof(
      { weight: 3, arbitrary: eventLike.map((event) => JSON.stringify(event)) },
      {
        weight: 1,
        arbitrary: fc
          .record({
            reference: fc.oneof(referenceLike, fc.string({ minLength: 1, unit: awkwardChar })),
            amount: fc.integer({ min: 1, max: 10_000_000 }),
            sender: fc.string({ maxLength: 20, unit: awkwardChar }),
          })
          .map(({ reference, amount, sender }) =>
            JSON.stringify(
              transferEvent({
                reference,
                accountNumber: payer.accountNumber,
                amountMinor: amount,
                senderName: sender,
              }),
            ),
          ),
      },
      { weight: 2, arbitrary: fc.json({ maxDepth: 3, stringUnit: 'binary' }) },
      { weight: 1, arbitrary: fc.string({ maxLength: 500, unit: 'binary' }) },
      {
        weight: 1,
        arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      },
    );
    const signing = fc.constantFrom('signed', 'unsigned', 'wrong-secret', 'garbage');
    const contentType = fc.constantFrom(
      'application/json',
      'text/plain',
      'application/octet-stream',
      undefined,
    );
    await fc.assert(
      fc.asyncProperty(rawBody, signing, contentType, async (raw, how, type) => {
        const body = typeof raw === 'string' ? Buffer.from(raw) : raw;
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        if (how === 'signed') headers['x-sandbox-signature'] = signSandbox(sandboxSecret, body);
        if (how === 'wrong-secret') headers['x-sandbox-signature'] = signSandbox('wrong', body);
        if (how === 'garbage') headers['x-sandbox-signature'] = 'f'.repeat(128);
        const response = await check(() => postWebhook(context.app, { body, headers }));
        // Unsigned answers 401, and `check` saw that nothing was stored.
        if (how !== 'signed') expect(response.statusCode).toBe(401);
      }),
      { numRuns: runs },
    );
    expect(await checkLedger(context.database.db)).toEqual([]);
  }, 120_000);
});
