import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { openWallet, placeHold } from '../../src/money/ledger/ledger.service.ts';
import {
  anyBvnIdentity,
  fundByTransfer,
  listTransactions,
  newUser,
  sandboxPaymentsVendor,
  settleCheckout,
  startDeposit,
  startedReference,
  verifyDeposit,
  wallets,
  type MoneyUser,
  type TransactionView,
} from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';

interface Page {
  items: TransactionView[];
  page: number;
  size: number;
  total: number;
  has_more: boolean;
}

describe(`transactions and wallets (${databaseKind})`, () => {
  let context: TestContext;
  let amaka: MoneyUser;
  let tunde: MoneyUser;
  /** Amaka's transactions, oldest first. */
  const made: { reference: string; kind: string }[] = [];
  let pendingReference = '';
  let failedReference = '';
  let tundeTransactionId = '';

  const tick = () => context.clock.advance(1_000);

  const page = async (token: string, query: string) => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/v1/transactions${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ message: string; data: Page }>().data;
  };

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
    amaka = await newUser(context, 'amaka.history@example.com');
    tunde = await newUser(context, 'tunde.history@example.com');

    // Amaka: three transfers, a paid card deposit, a declined one and a pending one.
    for (const [index, amount] of [1_000, 2_000, 3_000].entries()) {
      tick();
      const reference = `SBX-HIST-${String(index)}-AMAKA`;
      await fundByTransfer(context.app, amaka, amount, reference);
      made.push({ reference, kind: 'transfer' });
    }
    tick();
    const paid = startedReference(await startDeposit(context.app, amaka.token, '4000'));
    await settleCheckout(context.app, paid, 'pay');
    made.push({ reference: paid, kind: 'card-paid' });
    tick();
    failedReference = startedReference(await startDeposit(context.app, amaka.token, '5000'));
    await settleCheckout(context.app, failedReference, 'fail');
    await verifyDeposit(context.app, amaka.token, failedReference);
    made.push({ reference: failedReference, kind: 'card-failed' });
    tick();
    pendingReference = startedReference(await startDeposit(context.app, amaka.token, '6000'));
    made.push({ reference: pendingReference, kind: 'card-pending' });

    tick();
    await fundByTransfer(context.app, tunde, 700, 'SBX-HIST-TUNDE');
    const [theirs] = await listTransactions(context.app, tunde.token);
    tundeTransactionId = theirs?.id ?? '';
  });
  afterAll(() => context.close());

  const idOf = async (reference: string) => {
    const found = (await listTransactions(context.app, amaka.token, '?size=100')).find(
      (transaction) =>
        transaction.reference === reference || transaction.provider_reference === reference,
    );
    if (!found) throw new Error(`no transaction ${reference}`);
    return found.id;
  };

  describe('listing', () => {
    it('when I list my transactions, then I see only mine, newest first, with the paging fields', async () => {
      const listed = await page(amaka.token, '');
      expect(listed).toMatchObject({ page: 0, size: 10, total: 6, has_more: false });
      const references = listed.items.map((item) =>
        item.channel === 'bank_transfer' ? item.provider_reference : item.reference,
      );
      expect(references).toEqual(made.map((entry) => entry.reference).reverse());
      const createdAt = listed.items.map((item) => item.created_at);
      expect([...createdAt].sort().reverse()).toEqual(createdAt);
      expect(listed.items.map((item) => item.status)).toEqual([
        'pending',
        'failed',
        'successful',
        'successful',
        'successful',
        'successful',
      ]);
    });

    it('when sort=created_at, then oldest first', async () => {
      const listed = await page(amaka.token, '?sort=created_at');
      expect(listed.items.map((item) => item.amount)).toEqual([
        '1000.00',
        '2000.00',
        '3000.00',
        '4000.00',
        '5000.00',
        '6000.00',
      ]);
      const explicit = await page(amaka.token, '?sort=-created_at');
      expect(explicit.items.map((item) => item.amount)[0]).toBe('6000.00');
    });

    it('when I page with size, then pages follow each other and has_more tells whether more exist', async () => {
      const first = await page(amaka.token, '?size=4&page=0');
      const second = await page(amaka.token, '?size=4&page=1');
      const beyond = await page(amaka.token, '?size=4&page=2');
      expect(first).toMatchObject({ page: 0, size: 4, total: 6, has_more: true });
      expect(second).toMatchObject({ page: 1, size: 4, total: 6, has_more: false });
      expect(beyond).toMatchObject({ page: 2, items: [], has_more: false });
      expect(first.items).toHaveLength(4);
      expect(second.items).toHaveLength(2);
      const all = await page(amaka.token, '?size=100');
      expect([...first.items, ...second.items].map((item) => item.id)).toEqual(
        all.items.map((item) => item.id),
      );
      const exact = await page(amaka.token, '?size=6');
      expect(exact.has_more).toBe(false);
      const oneShort = await page(amaka.token, '?size=5');
      expect(oneShort.has_more).toBe(true);
    });

    it.each([
      ['?status=pending', ['6000.00']],
      ['?status=failed', ['5000.00']],
      ['?status=successful', ['4000.00', '3000.00', '2000.00', '1000.00']],
      ['?status=reversed', []],
      ['?type=deposit', ['6000.00', '5000.00', '4000.00', '3000.00', '2000.00', '1000.00']],
      ['?type=withdrawal', []],
      ['?type=deposit&status=successful&size=2', ['4000.00', '3000.00']],
    ])('when filtered by %s, then only matching transactions come back', async (query, amounts) => {
      const listed = await page(amaka.token, query);
      expect(listed.items.map((item) => item.amount)).toEqual(amounts);
      if (!query.includes('size')) expect(listed.total).toBe(amounts.length);
    });

    it.each([
      ['?size=101', 'size must be between 1 and 100'],
      ['?size=0', 'size must be between 1 and 100'],
      ['?size=ten', undefined],
      ['?size=2.5', undefined],
      ['?page=-1', 'page starts at 0'],
      [
        '?type=loan',
        'type must be one of deposit, withdrawal, saving, trade, bill, card, fx, interest, fee, adjustment',
      ],
      ['?status=done', 'status must be one of pending, successful, failed, reversed, cancelled'],
      ['?sort=amount', 'sort must be -created_at or created_at'],
      ['?user_id=someone', undefined],
    ])('when the query is %s, then 400 with a message', async (query, message) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/v1/transactions${query}`,
        headers: bearer(amaka.token),
      });
      expect(response.statusCode).toBe(400);
      const error = expectErrorShape(response);
      expect(error.code).toBe('validation_failed');
      if (message) expect(error.message).toBe(message);
    });

    it('when nobody is signed in, then 401', async () => {
      const response = await context.app.inject({ method: 'GET', url: '/v1/transactions' });
      expect(response.statusCode).toBe(401);
      expectErrorShape(response);
    });
  });

  describe('one transaction', () => {
    it('when I open my transaction, then I get it', async () => {
      const id = await idOf(made[0]?.reference ?? '');
      const response = await context.app.inject({
        method: 'GET',
        url: `/v1/transactions/${id}`,
        headers: bearer(amaka.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'transaction',
        data: { id, amount: '1000.00', status: 'successful', channel: 'bank_transfer' },
      });
    });

    it("when I open another user's transaction or one that does not exist, then 404 either way", async () => {
      for (const id of [tundeTransactionId, '5b0f6f0e-4c1e-4a8e-9c1e-2f8d6b7a9c10']) {
        const response = await context.app.inject({
          method: 'GET',
          url: `/v1/transactions/${id}`,
          headers: bearer(amaka.token),
        });
        expect(response.statusCode).toBe(404);
        expect(expectErrorShape(response).message).toBe('We could not find this transaction');
      }
      const notAnId = await context.app.inject({
        method: 'GET',
        url: '/v1/transactions/not-a-uuid',
        headers: bearer(amaka.token),
      });
      expect(notAnId.statusCode).toBe(400);
      expectErrorShape(notAnId);
    });
  });

  describe("the client's reference (PUT …/third-party-reference)", () => {
    const put = (token: string, id: string, payload: unknown) =>
      context.app.inject({
        method: 'PUT',
        url: `/v1/transactions/${id}/third-party-reference`,
        headers: bearer(token),
        payload: payload as Record<string, unknown>,
      });

    it('when I set it on my pending transaction, then 200; the same value again is fine; another value is 409', async () => {
      const id = await idOf(pendingReference);
      const first = await put(amaka.token, id, { third_party_reference: '  PSK-TRX-12345  ' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        message: 'operation was successful',
        data: { id, status: 'pending', client_reference: 'PSK-TRX-12345' },
      });
      const same = await put(amaka.token, id, { third_party_reference: 'PSK-TRX-12345' });
      expect(same.statusCode).toBe(200);
      const different = await put(amaka.token, id, { third_party_reference: 'PSK-TRX-99999' });
      expect(different.statusCode).toBe(409);
      expect(expectErrorShape(different).code).toBe('reference_locked');
      const stored = await context.app.inject({
        method: 'GET',
        url: `/v1/transactions/${id}`,
        headers: bearer(amaka.token),
      });
      expect(stored.json()).toMatchObject({
        data: { client_reference: 'PSK-TRX-12345', provider_transaction_id: null },
      });
    });

    it('when the transaction is settled, then its reference cannot change: 409', async () => {
      for (const reference of [failedReference, made[1]?.reference ?? '']) {
        const response = await put(amaka.token, await idOf(reference), {
          third_party_reference: 'LATE-REF-1',
        });
        expect(response.statusCode).toBe(409);
        expectErrorShape(response);
      }
    });

    it("when I set it on another user's transaction, then 404 and it is unchanged", async () => {
      const response = await put(amaka.token, tundeTransactionId, {
        third_party_reference: 'HIJACK-1',
      });
      expect(response.statusCode).toBe(404);
      expectErrorShape(response);
      const theirs = await context.app.inject({
        method: 'GET',
        url: `/v1/transactions/${tundeTransactionId}`,
        headers: bearer(tunde.token),
      });
      expect(theirs.json()).toMatchObject({
        data: { provider_reference: 'SBX-HIST-TUNDE', client_reference: null },
      });
    });

    it("when I attach a reference to my pending card deposit and it is then paid, then the vendor's own id is recorded beside mine and neither replaces the other", async () => {
      const bola = await newUser(context, 'bola.history@example.com');
      const reference = startedReference(await startDeposit(context.app, bola.token, '2500'));
      const vendorId = (await sandboxPaymentsVendor(context).verifyCheckout(reference))
        .providerTransactionId;
      const [pending] = await listTransactions(context.app, bola.token);
      // The user tries to pre-empt the vendor's id: with a value of their own, or the real one.
      for (const attempt of ['PSK-PREEMPTED-1', vendorId ?? '']) {
        const attached = await put(bola.token, pending?.id ?? '', {
          third_party_reference: attempt,
        });
        expect(attached.statusCode).toBe(attempt === 'PSK-PREEMPTED-1' ? 200 : 409);
      }

      await settleCheckout(context.app, reference, 'pay');
      const settled = await verifyDeposit(context.app, bola.token, reference);

      expect(settled.json()).toMatchObject({
        data: {
          status: 'successful',
          reference,
          provider_reference: reference,
          provider_transaction_id: vendorId,
          client_reference: 'PSK-PREEMPTED-1',
        },
      });
      expect(vendorId).toMatch(/^\d+$/);
      expect((await wallets(context.app, bola.token)).NGN.amount).toBe('2500.00');
    });

    it.each([
      [{}, 'third_party_reference'],
      [{ third_party_reference: '' }, 'third_party_reference'],
      [{ third_party_reference: '   ' }, 'third_party_reference'],
      [{ third_party_reference: 'x'.repeat(101) }, 'third_party_reference'],
      [{ third_party_reference: 42 }, 'third_party_reference'],
      [{ third_party_reference: 'PSK\u0000123' }, 'third_party_reference'],
      [{ third_party_reference: 'PSK\n123' }, 'third_party_reference'],
      [{ third_party_reference: 'OK-1', status: 'successful' }, ''],
    ])('when the body is %j, then 400', async (payload, path) => {
      const id = await idOf(pendingReference);
      const response = await put(amaka.token, id, payload);
      expect(response.statusCode).toBe(400);
      const error = expectErrorShape(response);
      if (path) expect(error.errors.map((field) => field.path)).toContain(path);
    });
  });

  describe('wallets', () => {
    it('when I read my wallets, then NGN and USD come back with available = amount − held', async () => {
      const before = await wallets(context.app, amaka.token);
      expect(before.NGN).toMatchObject({
        type: 'NGN',
        currency: 'NGN',
        amount: '10000.00',
        available_amount: '10000.00',
        reserved_amount: '0.00',
        on_hold_amount: '0.00',
      });
      expect(before.USD).toMatchObject({
        type: 'USD',
        currency: 'USD',
        amount: '0.00',
        available_amount: '0.00',
        reserved_amount: '0.00',
      });
      expect(before.NGN.id).not.toBe(before.USD.id);

      // Money set aside for a payout in flight stays in the balance but is not available.
      await context.database.unitOfWork(async (tx) => {
        const wallet = await openWallet(tx, amaka.userId, 'NGN');
        await placeHold(tx, {
          idempotencyKey: 'test:payout-hold:amaka',
          accountId: wallet.id,
          amountMinor: 250_050n,
          at: context.clock.now(),
        });
      });
      const after = await wallets(context.app, amaka.token);
      expect(after.NGN).toMatchObject({
        amount: '10000.00',
        available_amount: '7499.50',
        reserved_amount: '2500.50',
      });
    });

    it('when a user without a funding account reads wallets, then both come back empty', async () => {
      const fresh = await newUser(context, 'empty.wallets@example.com', { account: false });
      const listed = await wallets(context.app, fresh.token);
      expect(listed.NGN).toMatchObject({ amount: '0.00', available_amount: '0.00' });
      expect(listed.USD).toMatchObject({ amount: '0.00', on_hold_amount: '0.00' });
      expect(listed.NGN.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('when nobody is signed in, then 401', async () => {
      const response = await context.app.inject({ method: 'GET', url: '/v1/wallets' });
      expect(response.statusCode).toBe(401);
      expectErrorShape(response);
    });
  });

  describe('totals of long histories', () => {
    it('when a user has more than 1,000 transactions, then the total is exact without filters and stops at 1,000 with one', async () => {
      const busy = await newUser(context, 'busy.history@example.com');
      // 1,200 old transfers in (the seed's way: rows only, no money moves), 5 of them failed.
      await context.database.db.execute(sql`
        insert into transactions (user_id, type, status, direction, channel, currency,
          amount_minor, fee_minor, reference, description, created_at, updated_at)
        select ${busy.userId}, 'deposit', case when n <= 5 then 'failed' else 'successful' end,
               'credit', 'bank_transfer', 'NGN', 100000, 0, 'HIST-BUSY-' || n, 'Old transfer',
               now() - make_interval(days => 30, secs => n), now() - make_interval(days => 30)
          from generate_series(1, 1200) as n`);
      expect(await page(busy.token, '')).toMatchObject({ total: 1_200, has_more: true });
      expect(await page(busy.token, '?status=successful')).toMatchObject({ total: 1_000 });
      expect(await page(busy.token, '?status=failed')).toMatchObject({ total: 5 });
    });

    it('whatever was written, then every kept total equals the rows counted', async () => {
      const mismatched = await rows<{ user_id: string }>(
        context.database.db,
        sql`select u.id as user_id from users u
              left join transaction_counts c on c.user_id = u.id
             where coalesce(c.total, 0)
                   <> (select count(*) from transactions t where t.user_id = u.id)`,
      );
      expect(mismatched).toEqual([]);
    });
  });
});
