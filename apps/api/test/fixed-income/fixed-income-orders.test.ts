import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixedIncomeOrder, FixedIncomeProduct } from '@ajo/contracts/fixed-income';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { countRows, listTransactions, moneyFingerprint } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { amountLike, mutated } from '../support/fuzz.ts';
import { ledgerFingerprint, walletState } from '../support/withdrawal-helpers.ts';

describe(`fixed-income products and orders (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let products: FixedIncomeProduct[];

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const investor = (fundMinor = 1_000_000_00n, options: { bvn?: boolean } = {}) =>
    newBillPayer(call, context.database, {
      label: 'investor',
      fundMinor,
      at: context.clock.now(),
      ...options,
    });

  const buy = (user: BillPayer, body: Record<string, unknown>, key = newKey()) =>
    call('/v1/fixed_incomes/orders', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': key },
      payload: body,
    });

  const productBySlug = (slug: string) => {
    const found = products.find((product) => product.slug === slug);
    if (!found) throw new Error(`no product ${slug}`);
    return found;
  };

  it('when the catalogue is asked for, then bills, bonds and paper come a page at a time in data.items', async () => {
    const user = await investor(0n);
    const response = await call('/v1/fixed_incomes?size=100', { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{
      data: { items: FixedIncomeProduct[]; page: number; size: number; total: number };
    }>().data;
    products = page.items;
    expect(page.total).toBe(7);
    expect(products.map((product) => product.slug)).toEqual([
      'ntb-91',
      'ntb-182',
      'ntb-364',
      'fgn-bond-2y',
      'fgn-bond-5y',
      'cp-eko-foods-270',
      'bond-delta-power-3y',
    ]);
    expect(productBySlug('ntb-91')).toMatchObject({
      kind: 'treasury_bill',
      tenor: 91,
      tenor_unit: 'days',
      tenor_label: '91 days',
      rate: 17.5,
      coupon_schedule: 'at_maturity',
      withholding_tax: false,
      minimum: '10000.00',
    });
    expect(productBySlug('fgn-bond-2y')).toMatchObject({
      tenor_label: '2 years',
      coupon_schedule: 'semi_annual',
    });
    const second = await call('/v1/fixed_incomes?page=1&size=3', { token: user.token });
    const secondPage = second.json<{ data: { items: FixedIncomeProduct[]; page: number } }>().data;
    expect(secondPage.page).toBe(1);
    expect(secondPage.items.map((product) => product.slug)).toEqual([
      'fgn-bond-2y',
      'fgn-bond-5y',
      'cp-eko-foods-270',
    ]);
    const bad = await call('/v1/fixed_incomes?size=0', { token: user.token });
    expect(bad.statusCode).toBe(400);
    expectErrorShape(bad);
    const anonymous = await call('/v1/fixed_incomes');
    expect(anonymous.statusCode).toBe(401);
  });

  it('when ₦100,000 of a 91-day bill is bought, then it leaves the wallet once, and both orders paths and the history show it', async () => {
    const user = await investor(500_000_00n);
    const key = newKey();
    const body = { fixed_income_id: productBySlug('ntb-91').id, amount: '100000' };
    const response = await buy(user, body, key);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json<{ message: string; data: FixedIncomeOrder }>();
    expect(order.message).toBe('operation was successful');
    // 100,000 × 17.5% × 91 / 365 = 4,363.0137 → 4,363.01; treasury bills bear no tax.
    expect(order.data).toMatchObject({
      amount: '100000.00',
      status: 'active',
      rate: 17.5,
      expected_total: '104363.01',
      next_payment: {
        kind: 'maturity',
        principal: '100000.00',
        gross_interest: '4363.01',
        withholding_tax: '0.00',
        net_interest: '4363.01',
        total: '104363.01',
        paid: false,
      },
    });
    expect(order.data.schedule).toHaveLength(1);

    // The same key again, even five times at once, is the same order and no second debit.
    const again = await Promise.all(Array.from({ length: 5 }, () => buy(user, body, key)));
    for (const reply of again) {
      expect([200, 409], reply.body).toContain(reply.statusCode);
      if (reply.statusCode === 200) {
        expect(reply.json<{ data: FixedIncomeOrder }>().data.id).toBe(order.data.id);
      }
    }
    // The same key with a different body is refused and moves nothing.
    const changed = await buy(user, { ...body, amount: '200000' }, key);
    expect(changed.statusCode, changed.body).toBeGreaterThanOrEqual(400);
    expect(changed.statusCode).toBeLessThan(500);
    expectErrorShape(changed);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 400_000_00n,
    });
    expect(
      await countRows(context.database, 'fixed_income_orders', `user_id = '${user.userId}'`),
    ).toBe(1);

    const listed = await call('/v1/fixed_incomes/orders', { token: user.token });
    expect(listed.statusCode, listed.body).toBe(200);
    const alias = await call('/v1/fixed_incomes/prders', { token: user.token });
    expect(alias.statusCode, alias.body).toBe(200);
    expect(alias.json()).toEqual(listed.json());
    const items = listed.json<{ data: { items: FixedIncomeOrder[]; total: number } }>().data;
    expect(items.total).toBe(1);
    expect(items.items[0]).toEqual(order.data);

    const [trade] = await listTransactions(context.app, user.token, '?type=trade');
    expect(trade).toMatchObject({
      type: 'trade',
      direction: 'debit',
      status: 'successful',
      amount: '100000.00',
    });
    // Another user sees none of it.
    const stranger = await investor(0n);
    const theirs = await call('/v1/fixed_incomes/orders', { token: stranger.token });
    expect(theirs.json<{ data: { total: number } }>().data.total).toBe(0);
  });

  it('when the amount is below the minimum, above the maximum, not a number or not in the wallet, then a 4xx says what to change and nothing moves', async () => {
    const user = await investor(50_000_00n);
    const unverified = await investor(50_000_00n, { bvn: false });
    const before = await moneyFingerprint(context.database);
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const response = await buy(user, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(expectErrorShape(response).message).toBe(message);
    };
    const bill = productBySlug('ntb-182');
    await refused(
      { fixed_income_id: bill.id, amount: 9_999.99 },
      422,
      'The smallest order for 182-day Treasury Bill is ₦10,000.00',
    );
    await refused(
      { fixed_income_id: bill.id, amount: 50_000_000.01 },
      422,
      'One order for 182-day Treasury Bill takes at most ₦50,000,000.00',
    );
    await refused(
      { fixed_income_id: bill.id, amount: 'lots' },
      422,
      'Enter an amount in naira with at most 2 decimals, for example 5000 or 5000.50',
    );
    await refused(
      { fixed_income_id: bill.id, amount: -20_000 },
      422,
      'Enter an amount in naira with at most 2 decimals, for example 5000 or 5000.50',
    );
    await refused(
      { fixed_income_id: bill.id, amount: 60_000 },
      422,
      'Your available balance is too low for this amount',
    );
    await refused(
      { fixed_income_id: '00000000-0000-4000-8000-000000000000', amount: 20_000 },
      404,
      'That investment does not exist',
    );
    await refused(
      { fixed_income_id: 'nope', amount: 20_000 },
      400,
      'That investment does not exist',
    );
    await refused({ amount: 20_000 }, 400, 'That investment does not exist');
    const refusedUnverified = await buy(unverified, { fixed_income_id: bill.id, amount: 20_000 });
    expect(refusedUnverified.statusCode).toBe(422);
    expect(expectErrorShape(refusedUnverified).code).toBe('verification_required');
    const noKey = await call('/v1/fixed_incomes/orders', {
      method: 'POST',
      token: user.token,
      payload: { fixed_income_id: bill.id, amount: 20_000 },
    });
    expect(noKey.statusCode).toBeGreaterThanOrEqual(400);
    expect(noKey.statusCode).toBeLessThan(500);
    expectErrorShape(noKey);
    expect(await moneyFingerprint(context.database)).toEqual(before);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when 12 orders of ₦20,000 race on a wallet of ₦100,000, then exactly 5 succeed and the wallet never goes below zero', async () => {
    const user = await investor(100_000_00n);
    const bill = productBySlug('ntb-364');
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => buy(user, { fixed_income_id: bill.id, amount: 20_000 })),
    );
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(5);
    for (const reply of replies.filter((candidate) => candidate.statusCode !== 200)) {
      expect(reply.statusCode, reply.body).toBe(422);
      expect(expectErrorShape(reply).code).toBe('insufficient_funds');
    }
    expect(await walletState(context.database, user.userId)).toMatchObject({ balanceMinor: 0n });
    expect(
      await countRows(context.database, 'fixed_income_orders', `user_id = '${user.userId}'`),
    ).toBe(5);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when POST /v1/fixed_incomes/orders gets 400 mutated bodies, then no 5xx, errors in the error shape and no ledger change on a 4xx', async () => {
    const user = await investor(300_000_00n);
    const ids = products.map((product) => product.id);
    let last = await ledgerFingerprint(context.database);
    await fc.assert(
      fc.asyncProperty(
        mutated({
          fixed_income_id: fc.constantFrom(...ids, 'nope', '00000000-0000-4000-8000-000000000000'),
          amount: amountLike(['10000', '10000.00', '9999.99', '100000', '1e5', ' 20000 ', '-1']),
        }),
        async (payload) => {
          const response = await buy(user, payload as Record<string, unknown>);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) expectErrorShape(response);
          const now = await ledgerFingerprint(context.database);
          if (response.statusCode >= 400) expect(now).toEqual(last);
          last = now;
        },
      ),
      { numRuns: 400 },
    );
    expect(await checkLedger(context.database.db)).toEqual([]);
  }, 120_000);
});
