import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavingOrderDetail, SavingRecord, SavingsProduct } from '@ajo/contracts/savings';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { closedFormInterestMinor } from '../../src/money/ledger/interest.ts';
import { readableDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { countRows, listTransactions, notificationsOf } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { amountLike, mutated } from '../support/fuzz.ts';
import { ledgerFingerprint, walletState } from '../support/withdrawal-helpers.ts';

const dayMs = 24 * 60 * 60_000;

describe(`fixed savings from the wallet (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const saver = (fundMinor = 100_000_00n) =>
    newBillPayer(call, context.database, { label: 'saver', fundMinor, at: context.clock.now() });

  const fix = (user: BillPayer, body: Record<string, unknown>, key = newKey()) =>
    call('/v1/savings/fixed', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': key },
      payload: body,
    });

  const advanceClock = async (days: number) => {
    const response = await call('/v1/sandbox/clock', {
      method: 'POST',
      payload: { advance_days: days },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      data: { business_date: string; accrued_plan_days: number; matured_plans: number };
    }>().data;
  };

  it('when the catalogue is asked for, then Fixed, Target Savings and Dollar Investment come with their rate charts in data.items', async () => {
    const user = await saver(0n);
    const response = await call('/v1/savings/plans', { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    const products = response.json<{ data: { items: SavingsProduct[] } }>().data.items;
    expect(products.map((product) => product.slug)).toEqual([
      'fixed',
      'target_saving',
      'olympic_challenge',
      'dollar',
    ]);
    const fixed = products[0];
    expect(fixed?.minimum).toBe('1000.00');
    expect(fixed?.meta.durations[0]).toEqual({ id: '30d', label: '30 days', days: 30, rate: 6.5 });
    expect(Math.max(...(fixed?.meta.durations.map((duration) => duration.rate) ?? []))).toBe(10);
    const target = products[1];
    expect(target?.meta.collection_methods?.map((method) => method.id)).toContain('automatic');
    expect(target?.meta.collection_frequencies?.map((frequency) => frequency.id)).toContain(
      'WEEKLY',
    );
  });

  it('when ₦50,000 is fixed for 30 days, then it leaves the wallet once, the plan is listed with its terms, and the history names it', async () => {
    const user = await saver();
    const key = newKey();
    const response = await fix(user, { amount: 50_000, duration: '30d' }, key);
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{ message: string; data: SavingRecord }>();
    expect(created.message).toBe('operation was successful');
    const order = created.data.saving_order;
    expect(created.data.amount).toBe('50000.00');
    expect(order).toMatchObject({
      amount: '50000.00',
      status: 'active',
      accrued_interest: '0.00',
      meta: { duration: '30 days', duration_days: 30, percentage_yield: 6.5 },
      saving: { name: 'Fixed', slug: 'fixed', active: true, rate: 6.5 },
      paid: null,
    });
    // 50,000 × 6.5% × 30 / 365 = 267.12; tax 26.71; net 240.41.
    expect(order.projected).toEqual({
      gross_interest: '267.12',
      withholding_tax: '26.71',
      net_interest: '240.41',
      payout: '50240.41',
    });
    const start = new Date(`${order.meta.start_date}T00:00:00Z`).getTime();
    expect(new Date(`${order.meta.maturity_date}T00:00:00Z`).getTime() - start).toBe(30 * dayMs);

    // The same key again is the same plan, not a second one.
    const again = await fix(user, { amount: 50_000, duration: '30d' }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: SavingRecord }>().data.id).toBe(created.data.id);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 50_000_00n,
    });

    const listed = await call('/v1/savings?slug=fixed&status=active', { token: user.token });
    expect(listed.json<{ data: { items: SavingRecord[] } }>().data.items).toEqual([created.data]);
    const orders = await call('/v1/savings/orders', { token: user.token });
    expect(orders.json<{ data: { items: { id: string }[] } }>().data.items).toEqual([
      expect.objectContaining({ id: order.id }) as unknown,
    ]);
    const [saving] = await listTransactions(context.app, user.token, '?type=saving');
    expect(saving).toMatchObject({
      type: 'saving',
      direction: 'debit',
      status: 'successful',
      amount: '50000.00',
      description: 'Fixed plan (30 days at 6.5% p.a.)',
    });
    const started = (await notificationsOf(context.app, user.token)).find(
      (notice) => notice.title === 'Fixed plan started',
    );
    expect(started?.body).toContain(`It matures on ${readableDate(order.meta.maturity_date)}`);
    expect(readableDate('2026-12-27')).toBe('27 Dec 2026');
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the amount or duration is wrong or the wallet is short, then the answer says what to change and nothing is written', async () => {
    const user = await saver(5_000_00n);
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const response = await fix(user, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(expectErrorShape(response).message).toBe(message);
    };
    await refused({ amount: 999.99, duration: '30d' }, 422, 'Amount must be at least ₦1,000');
    await refused({ amount: 'abc', duration: '30d' }, 422, 'Please enter a valid number');
    await refused({ amount: -2000, duration: '30d' }, 422, 'Please enter a valid number');
    await refused({ amount: '1000.001', duration: '30d' }, 422, 'Please enter a valid number');
    await refused({ amount: 2000, duration: '45d' }, 422, 'Select a valid duration');
    await refused({ amount: 2000, duration: '' }, 400, 'Select a valid duration');
    await refused(
      { amount: 6000, duration: '30d' },
      422,
      'Your available balance is too low for this amount',
    );
    expect(await countRows(context.database, 'savings_plans', `user_id = '${user.userId}'`)).toBe(
      0,
    );
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 5_000_00n,
    });
    const unknown = await call(
      '/v1/savings/00000000-0000-4000-8000-000000000000/orders/00000000-0000-4000-8000-000000000000',
      { token: user.token },
    );
    expect(unknown.statusCode).toBe(404);
    expect(expectErrorShape(unknown).message).toBe('That savings plan does not exist');
  });

  it('when the sandbox clock moves 30 days, then each day accrues once, the plan matures once and the wallet gets principal plus interest less 10% tax', async () => {
    const user = await saver();
    const response = await fix(user, { amount: 50_000, duration: '30d' });
    const created = response.json<{ data: SavingRecord }>().data;
    const order = created.saving_order;

    const halfway = await advanceClock(10);
    expect(halfway.accrued_plan_days).toBeGreaterThanOrEqual(10);
    const detailOf = async () => {
      const detail = await call(`/v1/savings/${created.id}/orders/${order.id}`, {
        token: user.token,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      return detail.json<{ data: SavingOrderDetail }>().data;
    };
    const partway = await detailOf();
    expect(partway.accruals).toHaveLength(10);
    expect(partway.saving_order.accrued_interest).toBe(partway.accruals[0]?.total);
    expect(partway.saving_order.status).toBe('active');

    const rest = await advanceClock(20);
    expect(rest.matured_plans).toBeGreaterThanOrEqual(1);
    const matured = await detailOf();
    expect(matured.accruals).toHaveLength(30);
    const gross = closedFormInterestMinor(50_000_00n, 650n, 30n);
    expect(matured.saving_order).toMatchObject({
      status: 'matured',
      saving: { active: false },
      accrued_interest: '267.12',
      paid: {
        gross_interest: '267.12',
        withholding_tax: '26.71',
        net_interest: '240.41',
        payout: '50240.41',
      },
    });
    expect(gross).toBe(267_12n);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 100_000_00n + 240_41n,
    });
    const [payout] = await listTransactions(context.app, user.token, '?type=saving');
    expect(payout).toMatchObject({ direction: 'credit', amount: '50240.41', status: 'successful' });
    const receipt = await call(`/v1/transactions/${payout?.id ?? ''}`, { token: user.token });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json<{ data: { saving: unknown } }>().data.saving).toEqual({
      saving_id: created.id,
      order_id: order.id,
      product: 'fixed',
      event: 'matured',
      principal: '50000.00',
      gross_interest: '267.12',
      withholding_tax: '26.71',
      net_interest: '240.41',
      forfeited_interest: '0.00',
    });
    const notices = await notificationsOf(context.app, user.token);
    expect(notices[0]?.title).toBe('Fixed plan matured');
    expect(notices[0]?.body).toContain('gross interest ₦267.12');
    expect(notices[0]?.body).toContain('withholding tax 10% ₦26.71');
    expect(notices[0]?.body).toContain('₦240.41 interest');

    // Moving on changes nothing for it: it is paid once.
    await advanceClock(5);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 100_000_00n + 240_41n,
    });
    const matureList = await call('/v1/savings?status=matured', { token: user.token });
    expect(
      matureList.json<{ data: { items: SavingRecord[] } }>().data.items.map((item) => item.id),
    ).toContain(created.id);
    expect(await checkLedger(context.database.db)).toEqual([]);
    const [books] = await rows<{ outstanding: string }>(
      context.database.db,
      sql`select coalesce(sum(p.accrued_minor), 0)::text as outstanding from savings_plans p
           where p.status = 'active'`,
    );
    const [liability] = await rows<{ balance: string }>(
      context.database.db,
      sql`select coalesce(sum(amount_minor), 0)::text as balance from postings
           where account_id = (select id from ledger_accounts
                                where code = 'system:accrued_interest:NGN')`,
    );
    expect(liability?.balance).toBe(books?.outstanding);
  });

  it('when the clock has moved, then every answer says the server’s time in X-Server-Time, for the screens to count days by', async () => {
    const moved = await context.app.inject({
      method: 'POST',
      url: '/v1/sandbox/clock',
      payload: { advance_minutes: 1 },
    });
    const { now } = moved.json<{ data: { now: string } }>().data;
    expect(moved.headers['x-server-time']).toBe(now);
    const later = await context.app.inject({ method: 'GET', url: '/v1/configurations' });
    const told = Date.parse(String(later.headers['x-server-time']));
    expect(told).toBe(context.clock.now().getTime());
    expect(told).toBeGreaterThanOrEqual(Date.parse(now));
  });

  it('when the clock is asked to move by a wrong amount, then it says what it takes', async () => {
    const days = 'advance_days is a whole number of days from 1 to 400';
    const minutes = 'advance_minutes is a whole number of minutes from 1 to 1440';
    const oneOfTwo =
      'Send advance_days (whole days from 1 to 400) or advance_minutes (whole minutes from 1 to 1440), one of the two';
    const wrong = [
      ...[0, 1.5, 401, '3'].map((advance_days) => ({ payload: { advance_days }, message: days })),
      ...[0, 2.5, 1_441, '2'].map((advance_minutes) => ({
        payload: { advance_minutes },
        message: minutes,
      })),
      { payload: {}, message: oneOfTwo },
      { payload: { advance_days: 1, advance_minutes: 5 }, message: oneOfTwo },
    ];
    for (const { payload, message } of wrong) {
      const response = await call('/v1/sandbox/clock', { method: 'POST', payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(expectErrorShape(response).message).toContain(message);
    }
  });

  it('when POST /v1/savings/fixed gets 500 mutated bodies, then no 5xx, errors in the error shape and no ledger change on a 4xx', async () => {
    const user = await saver(30_000_00n);
    let last = await ledgerFingerprint(context.database);
    await fc.assert(
      fc.asyncProperty(
        mutated({
          amount: amountLike(['1000', '1000.00', '999.99', '25000', '1e3', ' 2000 ', '-1000']),
          duration: fc.constantFrom('30d', '90d', '180d', '365d', '7d', ''),
        }),
        async (payload) => {
          const response = await fix(user, payload as Record<string, unknown>);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) expectErrorShape(response);
          const now = await ledgerFingerprint(context.database);
          if (response.statusCode >= 400) expect(now).toEqual(last);
          last = now;
        },
      ),
      { numRuns: 500 },
    );
    expect(await checkLedger(context.database.db)).toEqual([]);
  }, 120_000);
});
