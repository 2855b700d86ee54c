import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixedIncomeOrder, FixedIncomeProduct } from '@ajo/contracts/fixed-income';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { payDueFixedIncome } from '../../src/modules/fixed-income/fixed-income.payments.ts';
import { addDays, businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { countRows, listTransactions, notificationsOf } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { walletState } from '../support/withdrawal-helpers.ts';

const dayMs = 24 * 60 * 60_000;

describe(`fixed-income coupons and maturity, exactly once (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let products: FixedIncomeProduct[] | undefined;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const investor = () =>
    newBillPayer(call, context.database, {
      label: 'holder',
      fundMinor: 1_000_000_00n,
      at: context.clock.now(),
    });

  const buy = async (user: BillPayer, slug: string, amount: string) => {
    if (!products) {
      const listed = await call('/v1/fixed_incomes?size=100', { token: user.token });
      products = listed.json<{ data: { items: FixedIncomeProduct[] } }>().data.items;
    }
    const product = products.find((candidate) => candidate.slug === slug);
    const response = await call('/v1/fixed_incomes/orders', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
      payload: { fixed_income_id: product?.id, amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: FixedIncomeOrder }>().data;
  };

  /** A new session: a jump of months outlives the last one, as it would for a person. */
  const signIn = async (user: BillPayer) => {
    const response = await call('/v1/auth/login', {
      payload: { email: user.email, password: 'correct-horse-battery' },
    });
    expect(response.statusCode, response.body).toBe(200);
    user.token = response.json<{ data: { token: string } }>().data.token;
  };

  const orderOf = async (user: BillPayer, id: string) => {
    await signIn(user);
    const listed = await call('/v1/fixed_incomes/orders', { token: user.token });
    const found = listed
      .json<{ data: { items: FixedIncomeOrder[] } }>()
      .data.items.find((order) => order.id === id);
    if (!found) throw new Error('the order is not listed');
    return found;
  };

  /** The payments job for the clock's date, as the queue runs it. */
  const runJob = () => {
    const now = context.clock.now();
    return payDueFixedIncome(context.database, businessDate(now), now);
  };

  const moveTo = (date: string) => {
    context.clock.set(`${date}T09:00:00.000Z`);
  };

  it('when a corporate bond pays its semi-annual coupons, then each is rate/2 of the principal to the kobo, 10% tax is kept, and a rerun pays nothing more', async () => {
    const user = await investor();
    const order = await buy(user, 'bond-delta-power-3y', '123456.78');
    // 12,345,678 kobo × 20.5% / 2 = 1,265,431.995 → 1,265,432 (₦12,654.32), half up;
    // tax 126,543.2 → 126,543 (₦1,265.43); net ₦11,388.89.
    expect(order.schedule).toHaveLength(6);
    expect(order.next_payment).toMatchObject({
      kind: 'coupon',
      gross_interest: '12654.32',
      withholding_tax: '1265.43',
      net_interest: '11388.89',
      total: '11388.89',
    });
    expect(order.schedule.at(-1)).toMatchObject({ kind: 'maturity', total: '134845.67' });
    const walletAfterBuy = (await walletState(context.database, user.userId)).balanceMinor;
    expect(walletAfterBuy).toBe(1_000_000_00n - 123_456_78n);

    // The day before the coupon: nothing is due.
    const firstCoupon = order.schedule[0]?.date ?? '';
    moveTo(firstCoupon);
    context.clock.advance(-dayMs);
    expect(await runJob()).toBe(0);

    moveTo(firstCoupon);
    expect(await runJob()).toBe(1);
    expect(await runJob()).toBe(0);
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(
      walletAfterBuy + 11_388_89n,
    );
    const afterCoupon = await orderOf(user, order.id);
    expect(afterCoupon).toMatchObject({
      status: 'active',
      gross_interest_paid: '12654.32',
      withholding_tax_paid: '1265.43',
      net_interest_paid: '11388.89',
      next_payment: { date: order.schedule[1]?.date, kind: 'coupon' },
    });
    expect(afterCoupon.schedule[0]?.paid).toBe(true);
    const [notice] = await notificationsOf(context.app, user.token);
    expect(notice?.title).toBe('Delta Power Corporate Bond (3 years) coupon paid');
    expect(notice?.body).toContain(
      '₦11,388.89 is in your wallet: interest ₦11,388.89 (gross ₦12,654.32, withholding tax ₦1,265.43)',
    );
    const [coupon] = await listTransactions(context.app, user.token, '?type=interest');
    expect(coupon).toMatchObject({ type: 'interest', direction: 'credit', amount: '11388.89' });

    // Years later in one jump: the five payments left are each paid once, oldest first.
    moveTo(order.maturity_date);
    // Two workers at once share the work and pay each date once.
    const [first, second] = await Promise.all([runJob(), runJob()]);
    expect(first + second).toBe(5);
    expect(await runJob()).toBe(0);
    const matured = await orderOf(user, order.id);
    expect(matured).toMatchObject({
      status: 'matured',
      next_payment: null,
      gross_interest_paid: '75925.92',
      withholding_tax_paid: '7592.58',
      net_interest_paid: '68333.34',
    });
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(
      1_000_000_00n + 68_333_34n,
    );
    expect(
      await countRows(context.database, 'fixed_income_payments', `order_id = '${order.id}'`),
    ).toBe(6);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when commercial paper and a treasury bill mature, then principal plus interest (less 10% tax on the paper only) reach the wallet once', async () => {
    const user = await investor();
    const paper = await buy(user, 'cp-eko-foods-270', '100000');
    const bill = await buy(user, 'ntb-364', '250000.50');
    // Paper: 100,000 × 22.5% × 270 / 365 = 16,643.8356 → 16,643.84; tax 1,664.38; net 14,979.46.
    expect(paper.next_payment).toMatchObject({
      gross_interest: '16643.84',
      withholding_tax: '1664.38',
      net_interest: '14979.46',
      total: '114979.46',
    });
    // Bill: 25,000,050 kobo × 21% × 364 / 365 = 5,235,626.91 → 5,235,627 (₦52,356.27), no tax.
    expect(bill.next_payment).toMatchObject({
      gross_interest: '52356.27',
      withholding_tax: '0.00',
      total: '302356.77',
    });
    const start = (await walletState(context.database, user.userId)).balanceMinor;
    moveTo(bill.maturity_date);
    // Both are due; one user's orders go in separate batches, so the run pays two.
    expect(await runJob()).toBe(2);
    expect(await runJob()).toBe(0);
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(
      start + 114_979_46n + 302_356_77n,
    );
    await signIn(user);
    const notices = await notificationsOf(context.app, user.token);
    expect(notices.map((notice) => notice.title)).toEqual(
      expect.arrayContaining([
        'Eko Foods Commercial Paper (270 days) matured',
        '364-day Treasury Bill matured',
      ]),
    );
    const paperNotice = notices.find((notice) => notice.title.startsWith('Eko Foods'));
    expect(paperNotice?.body).toBe(
      '₦114,979.46 is in your wallet: your ₦100,000.00 back and interest ₦14,979.46 (gross ₦16,643.84, withholding tax ₦1,664.38).',
    );
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the sandbox clock moves past a maturity, then the daily work pays it', async () => {
    const user = await investor();
    const order = await buy(user, 'ntb-91', '20000');
    const before = (await walletState(context.database, user.userId)).balanceMinor;
    const moved = await call('/v1/sandbox/clock', {
      method: 'POST',
      payload: { advance_days: 92 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await orderOf(user, order.id)).status).toBe('matured');
    // 20,000 × 17.5% × 91 / 365 = 872.60.
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(
      before + 20_872_60n,
    );
    expect(await runJob()).toBe(0);
    // Each day's portfolio snapshot is the day as it ended: the day before the maturity holds
    // the bill at its principal, and the interest first counts on the maturity date.
    const snapshots = await rows<{ on_date: string; total_minor: string }>(
      context.database.db,
      sql`select on_date::text, total_minor::text from portfolio_snapshots
           where user_id = ${user.userId} and on_date in (${order.maturity_date}::date - 1,
                                                          ${order.maturity_date}::date)
           order by on_date`,
    );
    expect(snapshots).toEqual([
      { on_date: addDays(order.maturity_date, -1), total_minor: String(before + 20_000_00n) },
      { on_date: order.maturity_date, total_minor: String(before + 20_872_60n) },
    ]);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
});
