import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { rows } from '../../src/platform/db.ts';
import { PaymentProviderError } from '../../src/providers/payments/payments.port.ts';
import type { SandboxPaymentsProvider } from '../../src/providers/payments/sandbox.ts';
import {
  anyBvnIdentity,
  countRows,
  fundByTransfer,
  listTransactions,
  moneyFingerprint,
  newUser,
  ngnBalance,
  notificationsOf,
  paidCheckoutAtVendor,
  postWebhook,
  sandboxPaymentsVendor,
  sandboxTransfer,
  settleCheckout,
  startDeposit,
  startedReference,
  tierOf,
  upgradeToTier2,
  verifyDeposit,
  wallets,
  wrappedSandbox,
  type MoneyUser,
  type TransactionView,
} from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { bearer, newKey } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';

const minutes = (count: number) => count * 60_000;

interface TransactionRowView {
  status: string;
  review_reason: string | null;
  held_minor: string;
}

async function transactionRow(context: TestContext, reference: string) {
  const [found] = await rows<TransactionRowView>(
    context.database.db,
    sql`select status, review_reason, on_hold_minor::text as held_minor from transactions
         where reference = ${reference}`,
  );
  if (!found) throw new Error(`no transaction ${reference}`);
  return found;
}

const transactionData = (response: LightMyRequestResponse) =>
  response.json<{ data: TransactionView }>().data;

describe(`tier caps on money coming in (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
  });
  afterAll(() => context.close());

  const send = (user: MoneyUser, amount: number, reference?: string) =>
    fundByTransfer(context.app, user, amount, reference);

  it('when a tier-1 user receives ₦60,000 by transfer, then ₦50,000 reaches the wallet and ₦10,000 is held with a notice to upgrade', async () => {
    const user = await newUser(context, 'chioma.caps@example.com');
    expect(await tierOf(context.database, user.userId)).toBe(1);

    await send(user, 60_000, 'SBX-CAP-060000');

    const { NGN, USD } = await wallets(context.app, user.token);
    expect(NGN).toMatchObject({
      amount: '50000.00',
      available_amount: '50000.00',
      reserved_amount: '0.00',
      on_hold_amount: '10000.00',
    });
    expect(USD).toMatchObject({ amount: '0.00', on_hold_amount: '0.00' });
    const [credit] = await listTransactions(context.app, user.token);
    expect(credit).toMatchObject({
      status: 'successful',
      amount: '60000.00',
      on_hold_amount: '10000.00',
    });
    const notices = await notificationsOf(context.app, user.token);
    const held = notices.find((notice) => notice.title === 'Part of a deposit is on hold');
    expect(held?.body).toContain('₦10,000.00 of your ₦60,000.00 deposit');
    expect(held?.body).toMatch(/verify your identity/i);
    const received = notices.find((notice) => notice.title === 'Money received');
    expect(received?.body).toMatch(
      /^₦60,000\.00 from .+ arrived: ₦50,000\.00 is in your wallet and ₦10,000\.00 is on hold\.$/,
    );
  });

  it('when transfers pass the tier-1 balance cap of ₦300,000, then the wallet stops at the cap and the rest is held; tier 2 releases it up to the new cap', async () => {
    const user = await newUser(context, 'bayo.caps@example.com');
    await send(user, 60_000); // 50,000 in, 10,000 held
    for (let index = 0; index < 5; index += 1) await send(user, 50_000); // wallet 300,000
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '300000.00', on_hold_amount: '10000.00' },
    });

    await send(user, 20_000, 'SBX-CAP-OVERBAL');
    const overBalance = (await listTransactions(context.app, user.token, '?size=100')).find(
      (credit) => credit.provider_reference === 'SBX-CAP-OVERBAL',
    );
    expect(overBalance).toMatchObject({ amount: '20000.00', on_hold_amount: '20000.00' });
    for (let index = 0; index < 5; index += 1) await send(user, 50_000);
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '300000.00', on_hold_amount: '280000.00' },
    });

    await upgradeToTier2(context, user);

    expect(await tierOf(context.database, user.userId)).toBe(2);
    // Tier 2's balance cap is ₦500,000: ₦200,000 of the ₦280,000 held fits, ₦80,000 stays held.
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '500000.00', available_amount: '500000.00', on_hold_amount: '80000.00' },
    });
    const notices = await notificationsOf(context.app, user.token);
    expect(notices.map((notice) => notice.title)).toEqual(
      expect.arrayContaining(['Identity verified', 'On-hold money released']),
    );
    expect(notices.find((notice) => notice.title === 'On-hold money released')?.body).toContain(
      '₦200,000.00',
    );
    // The notice opens the receipt of a deposit whose held part it released.
    const released = notices.find((notice) => notice.title === 'On-hold money released') as
      { transaction_id?: string | null } | undefined;
    const linked = (await listTransactions(context.app, user.token, '?size=100')).find(
      (credit) => credit.id === released?.transaction_id,
    );
    expect(linked?.type).toBe('deposit');
    expect(linked?.on_hold_released_at).toBeTruthy();
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a tier-1 user with held money becomes tier 2 below the cap, then all of it is released', async () => {
    const user = await newUser(context, 'ngozi.caps@example.com');
    await send(user, 80_000); // 50,000 in, 30,000 held
    await upgradeToTier2(context, user);
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '80000.00', on_hold_amount: '0.00' },
    });

    // Tier 2: a single deposit up to ₦100,000.
    await send(user, 120_000);
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '180000.00', on_hold_amount: '20000.00' },
    });
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a card top-up would pass the balance cap, then the part above it is held too', async () => {
    const user = await newUser(context, 'card.caps@example.com');
    for (let index = 0; index < 5; index += 1) await send(user, 50_000);
    await send(user, 30_000); // wallet 280,000
    const reference = startedReference(await startDeposit(context.app, user.token, '50000'));
    await settleCheckout(context.app, reference, 'pay');
    const verified = await verifyDeposit(context.app, user.token, reference);
    expect(transactionData(verified)).toMatchObject({
      status: 'successful',
      amount: '50000.00',
      fee: '750.00',
      on_hold_amount: '30000.00',
    });
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '300000.00', on_hold_amount: '30000.00' },
    });
  });

  it('when ten transfers race against the balance cap, then the wallet holds exactly the cap and the rest is on hold', async () => {
    const user = await newUser(context, 'race.caps@example.com');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        sandboxTransfer(context.app, { account_number: user.accountNumber, amount: 40_000 }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    // Every delivery was credited: none failed on our side (a deadlock once made 9 of 10 fail).
    expect(
      responses.map(
        (response) => response.json<{ data: { webhook_status: number } }>().data.webhook_status,
      ),
    ).toEqual(Array(10).fill(200));
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '300000.00', on_hold_amount: '100000.00' },
    });
    const credits = await listTransactions(context.app, user.token, '?size=20');
    expect(credits).toHaveLength(10);
    const heldTotal = credits.reduce((sum, credit) => sum + Number(credit.on_hold_amount), 0);
    expect(heldTotal).toBe(100_000);
  });

  it('when transfers into eight users arrive at once, each delivered twice and one above the cap, then each is credited once in its own wallet', async () => {
    const users = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        newUser(context, `batch.in.${String(index)}@example.com`),
      ),
    );
    const amountOf = (index: number) => (index === 0 ? 60_000 : 1_000 * (index + 1));
    const deliveries = users.flatMap((user, index) => {
      const transfer = {
        account_number: user.accountNumber,
        amount: amountOf(index),
        reference: `SBX-BATCH-${String(index)}`,
      };
      return [transfer, transfer];
    });
    const responses = await Promise.all(
      deliveries.map((transfer) => sandboxTransfer(context.app, transfer)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(16).fill(200));
    for (const [index, user] of users.entries()) {
      const credits = await listTransactions(context.app, user.token, '?size=20');
      expect(credits).toHaveLength(1);
      expect(await wallets(context.app, user.token)).toMatchObject({
        NGN:
          index === 0
            ? { amount: '50000.00', on_hold_amount: '10000.00' }
            : { amount: `${String(amountOf(index))}.00`, on_hold_amount: '0.00' },
      });
      const titles = (await notificationsOf(context.app, user.token)).filter(
        (notice) => notice.title === 'Money received',
      );
      expect(titles).toHaveLength(1);
    }
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
});

describe(`card deposits (${databaseKind})`, () => {
  let context: TestContext;
  let vendor: SandboxPaymentsProvider;
  let user: MoneyUser;
  let other: MoneyUser;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
    vendor = sandboxPaymentsVendor(context);
    user = await newUser(context, 'funmi.card@example.com');
    other = await newUser(context, 'other.card@example.com');
  });
  afterAll(() => context.close());

  const quote = (token: string, amount: string) =>
    context.app.inject({
      method: 'GET',
      url: `/v1/wallets/deposit/quote?amount=${encodeURIComponent(amount)}`,
      headers: bearer(token),
    });

  describe('quotes', () => {
    it.each([
      ['10000', '10000.00', '150.00', '10150.00'],
      ['103.00', '103.00', '1.55', '104.55'], // 1.5% is 154.5 kobo: half up to 155
      ['100.33', '100.33', '1.50', '101.83'], // 150.495 kobo rounds down
      ['100', '100.00', '1.50', '101.50'],
      ['50000', '50000.00', '750.00', '50750.00'],
    ])(
      'when %s is quoted, then the fee is 1.5%% rounded half up',
      async (amount, a, fee, total) => {
        const response = await quote(user.token, amount);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({
          message: 'deposit quote',
          data: { amount: a, fee, total, minimum: '100.00', maximum: '50000.00' },
        });
      },
    );

    it('when a tier-3 user tops up ₦200,000, then the fee is capped at ₦2,000', async () => {
      const rich = await newUser(context, 'tier3.card@example.com');
      await context.database.db.execute(sql`update users set tier = 3 where id = ${rich.userId}`);
      const response = await quote(rich.token, '200000');
      expect(response.json()).toEqual({
        message: 'deposit quote',
        data: {
          amount: '200000.00',
          fee: '2000.00',
          total: '202000.00',
          minimum: '100.00',
          maximum: null,
        },
      });
    });

    it.each([
      ['99.99', 'amount_below_minimum', 'The smallest deposit is ₦100.00'],
      [
        '50000.01',
        'amount_above_limit',
        'Your account can receive at most ₦50,000.00 in one deposit. Verify your identity to raise your limit.',
      ],
      ['abc', 'invalid_amount', undefined],
      ['100.001', 'invalid_amount', undefined],
      ['0', 'invalid_amount', undefined],
      ['-500', 'invalid_amount', undefined],
      [
        '10000000000000000',
        'invalid_amount',
        'This amount is far too large: enter a smaller amount, for example 5000',
      ],
    ])('when %s is quoted, then 422 %s with a message', async (amount, code, message) => {
      const response = await quote(user.token, amount);
      expect(response.statusCode).toBe(422);
      const error = expectErrorShape(response);
      expect(error.code).toBe(code);
      if (message) expect(error.message).toBe(message);
      expect(error.message.length).toBeGreaterThan(10);
    });

    it('when a tier-0 user asks for a quote or a deposit, then 422 telling them to verify their BVN', async () => {
      const fresh = await newUser(context, 'tier0.card@example.com', { account: false });
      const quoted = await quote(fresh.token, '5000');
      expect(quoted.statusCode).toBe(422);
      expect(expectErrorShape(quoted)).toMatchObject({
        code: 'deposits_not_allowed',
        message: 'Verify your BVN to get your account number and start funding your wallet',
      });
      const before = await moneyFingerprint(context.database);
      const started = await startDeposit(context.app, fresh.token, '5000');
      expect(started.statusCode).toBe(422);
      expect(expectErrorShape(started).code).toBe('deposits_not_allowed');
      expect(await moneyFingerprint(context.database)).toEqual(before);
    });

    it('when a deposit of 1e308 is asked for, then 422 saying the amount is too large, not how to write it', async () => {
      const response = await startDeposit(context.app, user.token, 1e308);
      expect(response.statusCode).toBe(422);
      expect(expectErrorShape(response)).toMatchObject({
        code: 'invalid_amount',
        errors: [{ path: 'amount', message: 'Enter a smaller amount' }],
      });
    });

    it('when the deposit is above the tier maximum, then 422 and no transaction is written', async () => {
      const before = await countRows(context.database, 'transactions');
      const response = await startDeposit(context.app, user.token, 50_001);
      expect(response.statusCode).toBe(422);
      expect(expectErrorShape(response)).toMatchObject({
        code: 'amount_above_limit',
        errors: [{ path: 'amount', message: 'Enter at most ₦50,000.00' }],
      });
      expect(await countRows(context.database, 'transactions')).toBe(before);
    });
  });

  it('when a deposit is started, then it is pending with the fee added to the charge and a checkout page', async () => {
    const response = await startDeposit(context.app, user.token, '10000');
    const reference = startedReference(response);
    const data = response.json<{
      data: {
        authorization_url: string;
        amount: string;
        fee: string;
        total: string;
        transaction: TransactionView;
      };
    }>().data;
    expect(reference).toMatch(/^AJO-DEP-/);
    expect(data).toMatchObject({
      amount: '10000.00',
      fee: '150.00',
      total: '10150.00',
      transaction: {
        type: 'deposit',
        status: 'pending',
        direction: 'credit',
        channel: 'card',
        amount: '10000.00',
        fee: '150.00',
        on_hold_amount: '0.00',
        reference,
        provider_reference: reference,
        provider_transaction_id: null,
        client_reference: null,
      },
    });
    const page = new URL(data.authorization_url);
    expect(page.pathname).toBe(`/v1/sandbox/checkout/${reference}`);
    const checkout = await context.app.inject({ method: 'GET', url: page.pathname });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('₦10,150.00');
  });

  it('when the checkout is paid and verified (twice), then the wallet gets the amount once and the fee goes to revenue', async () => {
    const before = await ngnBalance(context.app, user.token);
    const reference = startedReference(await startDeposit(context.app, user.token, '20000'));

    const paid = await settleCheckout(context.app, reference, 'pay');
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location ?? '', 'http://localhost');
    expect(back.pathname).toBe('/payments/status');
    expect(back.searchParams.get('reference')).toBe(reference);

    const first = await verifyDeposit(context.app, user.token, reference);
    const second = await verifyDeposit(context.app, user.token, reference);

    expect(first.statusCode).toBe(200);
    expect(transactionData(first)).toMatchObject({
      status: 'successful',
      amount: '20000.00',
      fee: '300.00',
    });
    expect(transactionData(first).provider_transaction_id).toMatch(/^\d+$/);
    expect(transactionData(second)).toEqual(transactionData(first));
    expect(await ngnBalance(context.app, user.token)).toBe((Number(before) + 20_000).toFixed(2));
    expect(
      await countRows(
        context.database,
        'journal_entries',
        `idempotency_key = 'deposit:card:${reference}'`,
      ),
    ).toBe(1);
    // System accounts store no balance: theirs is the sum of their postings (decision 0016).
    const [fees] = await rows<{ balance: string }>(
      context.database.db,
      sql`select coalesce(sum(p.amount_minor), 0)::text as balance
            from postings p join ledger_accounts a on a.id = p.account_id
           where a.code = 'system:fees_revenue:NGN'`,
    );
    expect(fees?.balance).toBe('30000');
    const titles = (await notificationsOf(context.app, user.token)).map((n) => n.title);
    expect(titles.filter((title) => title === 'Wallet funded')).toHaveLength(1);
  });

  it('when the webhook and several verify calls race, then the deposit is credited once', async () => {
    const before = await ngnBalance(context.app, user.token);
    const reference = startedReference(await startDeposit(context.app, user.token, '5000'));
    // Paid at the vendor, but its webhook not delivered yet.
    const delivery = await paidCheckoutAtVendor(vendor, reference);

    const responses = await Promise.all([
      postWebhook(context.app, delivery),
      verifyDeposit(context.app, user.token, reference),
      postWebhook(context.app, delivery),
      verifyDeposit(context.app, user.token, reference),
      postWebhook(context.app, delivery),
      verifyDeposit(context.app, user.token, reference),
    ]);

    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(await ngnBalance(context.app, user.token)).toBe((Number(before) + 5_000).toFixed(2));
    expect(
      await countRows(
        context.database,
        'journal_entries',
        `idempotency_key = 'deposit:card:${reference}'`,
      ),
    ).toBe(1);
    expect((await transactionRow(context, reference)).status).toBe('successful');
  });

  it('when the checkout is declined, then the deposit fails with no credit and the user is told', async () => {
    const before = await moneyFingerprint(context.database);
    const balance = await ngnBalance(context.app, user.token);
    const reference = startedReference(await startDeposit(context.app, user.token, '7000'));

    const declined = await settleCheckout(context.app, reference, 'fail');
    expect(declined.statusCode).toBe(303);
    const verified = await verifyDeposit(context.app, user.token, reference);

    expect(transactionData(verified)).toMatchObject({ status: 'failed', amount: '7000.00' });
    expect(await ngnBalance(context.app, user.token)).toBe(balance);
    const after = await moneyFingerprint(context.database);
    expect(after?.entries).toBe(before?.entries);
    expect(after?.balances).toBe(before?.balances);
    const failedNotice = (await notificationsOf(context.app, user.token)).filter(
      (notice) => notice.title === 'Card top-up failed',
    );
    expect(failedNotice).toHaveLength(1);
    expect(failedNotice[0]?.body).toBe(
      'Your card top-up of ₦7,000.00 did not go through. No money was taken from your wallet.',
    );

    // Pressing Pay afterwards changes nothing: the vendor's checkout is already final.
    await settleCheckout(context.app, reference, 'pay');
    expect(transactionData(await verifyDeposit(context.app, user.token, reference)).status).toBe(
      'failed',
    );
    expect(await ngnBalance(context.app, user.token)).toBe(balance);
  });

  it('when the Idempotency-Key is missing, then 400 and no deposit is started', async () => {
    const before = await countRows(context.database, 'transactions');
    const response = await startDeposit(context.app, user.token, '5000', null);
    expect(response.statusCode).toBe(400);
    expect(expectErrorShape(response).code).toBe('idempotency_key_required');
    const badKey = await startDeposit(context.app, user.token, '5000', 'short');
    expect(badKey.statusCode).toBeGreaterThanOrEqual(400);
    expect(badKey.statusCode).toBeLessThan(500);
    expectErrorShape(badKey);
    expect(await countRows(context.database, 'transactions')).toBe(before);
  });

  it('when a deposit is replayed with the same key, then the same reference comes back and one checkout exists', async () => {
    const key = newKey();
    const first = await startDeposit(context.app, user.token, '3000', key);
    const again = await startDeposit(context.app, user.token, '3000', key);
    const reference = startedReference(first);
    expect(startedReference(again)).toBe(reference);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(context.database, 'transactions', `reference = '${reference}'`)).toBe(1);
    expect(
      await countRows(
        context.database,
        'transactions',
        "channel = 'card' and amount_minor = 300000",
      ),
    ).toBe(1);

    const otherBody = await startDeposit(context.app, user.token, '3001', key);
    expect(otherBody.statusCode).toBe(422);
    expect(expectErrorShape(otherBody).code).toBe('idempotency_key_reused');

    // Keys belong to their user: the same key for someone else is a new deposit.
    const theirs = await startDeposit(context.app, other.token, '3000', key);
    expect(startedReference(theirs)).not.toBe(reference);
  });

  it('when someone verifies a reference that is not their card deposit, then 404', async () => {
    const reference = startedReference(await startDeposit(context.app, user.token, '1000'));
    const stranger = await verifyDeposit(context.app, other.token, reference);
    expect(stranger.statusCode).toBe(404);
    expectErrorShape(stranger);
    const unknown = await verifyDeposit(context.app, user.token, 'AJO-DEP-UNKNOWN-1');
    expect(unknown.statusCode).toBe(404);
    const badReference = await verifyDeposit(context.app, user.token, 'x');
    expect(badReference.statusCode).toBe(400);
    expectErrorShape(badReference);
    const unauthenticated = await context.app.inject({
      method: 'POST',
      url: `/v1/wallets/deposit/${reference}/verify`,
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe(`the deposits reconciler (${databaseKind})`, () => {
  let context: TestContext;
  let vendor: SandboxPaymentsProvider;
  let user: MoneyUser;
  beforeAll(async () => {
    context = await createTestApp({
      seedCatalogue: true,
      identity: anyBvnIdentity,
      // The clock moves by hours here; the session must outlive it.
      env: { SESSION_IDLE_MINUTES: '600' },
    });
    vendor = sandboxPaymentsVendor(context);
    user = await newUser(context, 'lost.webhook@example.com');
  });
  afterAll(() => context.close());

  it('when a paid checkout is never verified and its webhook is lost, then the reconciler credits it once', async () => {
    const reference = startedReference(await startDeposit(context.app, user.token, '15000'));
    await vendor.settleCheckout(reference, 'success'); // the delivery is dropped

    // Not yet: the reconciler leaves checkouts younger than two minutes alone.
    await context.app.jobs.tick();
    expect((await transactionRow(context, reference)).status).toBe('pending');

    context.clock.advance(minutes(6));
    await context.app.jobs.tick();

    expect((await transactionRow(context, reference)).status).toBe('successful');
    expect(await ngnBalance(context.app, user.token)).toBe('15000.00');

    context.clock.advance(minutes(6));
    await context.app.jobs.tick();
    expect(await ngnBalance(context.app, user.token)).toBe('15000.00');
    expect(
      await countRows(
        context.database,
        'journal_entries',
        `idempotency_key = 'deposit:card:${reference}'`,
      ),
    ).toBe(1);
  });

  it('when a checkout is never paid, then it stays pending until CHECKOUT_EXPIRY_MINUTES and then fails', async () => {
    const reference = startedReference(await startDeposit(context.app, user.token, '4000'));
    context.clock.advance(minutes(10));
    await context.app.jobs.tick();
    expect((await transactionRow(context, reference)).status).toBe('pending');

    context.clock.advance(minutes(context.config.checkoutExpiryMs / 60_000 - 10 + 1));
    await context.app.jobs.tick();

    expect((await transactionRow(context, reference)).status).toBe('failed');
    expect(await ngnBalance(context.app, user.token)).toBe('15000.00');
    const titles = (await notificationsOf(context.app, user.token)).map((n) => n.title);
    expect(titles).toContain('Card top-up failed');
  });

  it('when an expired checkout is paid after all, then it is not credited silently nor lost: it is flagged for review', async () => {
    const reference = startedReference(await startDeposit(context.app, user.token, '4500'));
    context.clock.advance(minutes(context.config.checkoutExpiryMs / 60_000 + 1));
    await context.app.jobs.tick();
    expect((await transactionRow(context, reference)).status).toBe('failed');
    const before = await moneyFingerprint(context.database);

    const paidLate = await settleCheckout(context.app, reference, 'pay');
    const verified = await verifyDeposit(context.app, user.token, reference);

    expect(paidLate.statusCode).toBe(303);
    expect(transactionData(verified).status).toBe('failed');
    expect(await transactionRow(context, reference)).toMatchObject({
      status: 'failed',
      review_reason: 'paid after it was marked failed: verify answered success NGN 4567.50',
    });
    const after = await moneyFingerprint(context.database);
    expect(after?.entries).toBe(before?.entries);
    expect(after?.balances).toBe(before?.balances);
  });
});

describe(`card deposits whose verify answer disagrees (${databaseKind})`, () => {
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
    user = await newUser(context, 'review.card@example.com');
  });
  afterAll(() => context.close());

  it.each([
    [
      'another amount',
      { amountMinor: 101_500n },
      'verify answered NGN 1015.00; expected NGN 10150.00',
    ],
    [
      'another currency',
      { currency: 'USD' },
      'verify answered USD 10150.00; expected NGN 10150.00',
    ],
    [
      'a bank transfer under the checkout reference',
      { kind: 'transfer' as const, accountNumber: '9930000019' },
      'verify answered a bank transfer under this reference, not a card checkout',
    ],
  ])(
    'when verify answers %s, then no credit and the deposit stays pending with a review reason',
    async (_, patch, reason) => {
      const reference = startedReference(await startDeposit(context.app, user.token, '10000'));
      const delivery = await paidCheckoutAtVendor(vendor, reference);
      wrapped.verifyOverride.current = (answer) => ({ ...answer, ...patch });
      const before = await moneyFingerprint(context.database);

      const verified = await verifyDeposit(context.app, user.token, reference);
      const webhook = await postWebhook(context.app, delivery);
      wrapped.verifyOverride.current = undefined;
      // Once flagged, a person decides: even a now-agreeing verify or the reconciler credit nothing.
      const again = await verifyDeposit(context.app, user.token, reference);
      context.clock.advance(minutes(6));
      await context.app.jobs.tick();

      expect(verified.statusCode).toBe(200);
      expect(transactionData(verified).status).toBe('pending');
      expect(webhook.statusCode).toBe(200);
      expect(webhook.json()).toMatchObject({ data: { outcome: 'checkout_pending' } });
      expect(transactionData(again).status).toBe('pending');
      expect(await transactionRow(context, reference)).toMatchObject({
        status: 'pending',
        review_reason: reason,
      });
      const after = await moneyFingerprint(context.database);
      expect(after?.entries).toBe(before?.entries);
      expect(after?.balances).toBe(before?.balances);
      expect(await ngnBalance(context.app, user.token)).toBe('0.00');
    },
  );

  it('when verify does not answer, then the deposit is left pending and a later verify credits it', async () => {
    const reference = startedReference(await startDeposit(context.app, user.token, '2500'));
    await vendor.settleCheckout(reference, 'success');
    wrapped.verifyOverride.current = () => {
      throw new PaymentProviderError('unavailable', 'timed out');
    };
    const down = await verifyDeposit(context.app, user.token, reference);
    wrapped.verifyOverride.current = undefined;
    expect(down.statusCode).toBe(200);
    expect(transactionData(down).status).toBe('pending');

    const up = await verifyDeposit(context.app, user.token, reference);
    expect(transactionData(up).status).toBe('successful');
    expect(await ngnBalance(context.app, user.token)).toBe('2500.00');
  });
});
