import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealEstateHolding, RealEstateProperty } from '@ajo/contracts/real-estate';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { distributeDueRent } from '../../src/modules/real-estate/real-estate.rent.ts';
import { businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { notificationsOf } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { walletState } from '../support/withdrawal-helpers.ts';

describe(`monthly rental income, pro rata and exactly once (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let lekki: RealEstateProperty | undefined;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const owner = async (units: number) => {
    const user = await newBillPayer(call, context.database, {
      label: 'landlord',
      fundMinor: 1_000_000_00n,
      at: context.clock.now(),
    });
    if (!lekki) {
      const listed = await call('/v1/real_estates', { token: user.token });
      const found = listed
        .json<{ data: { items: RealEstateProperty[] } }>()
        .data.items.find((property) => property.slug === 'lekki-palm-residences');
      if (!found) throw new Error('the seeded property is missing');
      lekki = found;
    }
    const bought = await call('/v1/real_estates/buy', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
      payload: { real_estate_id: lekki.id, units },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    return { user, afterBuyMinor: 1_000_000_00n - BigInt(units) * 50_000_00n };
  };

  const signIn = async (user: BillPayer) => {
    const response = await call('/v1/auth/login', {
      payload: { email: user.email, password: 'correct-horse-battery' },
    });
    expect(response.statusCode, response.body).toBe(200);
    user.token = response.json<{ data: { token: string } }>().data.token;
  };

  const runJob = () => {
    const now = context.clock.now();
    return distributeDueRent(context.database, businessDate(now), now);
  };

  const walletOf = async (user: BillPayer) =>
    (await walletState(context.database, user.userId)).balanceMinor;

  it('when a month ends, then its rent is shared by units held at its end, by largest remainder to the kobo, less 10% tax, and a rerun pays nothing', async () => {
    // January: A 3 units, B 7 units, C 1 unit (the clock starts on 5 Jan 2026).
    const a = await owner(3);
    const b = await owner(7);
    const c = await owner(1);
    // Still January: nothing has ended yet.
    expect(await runJob()).toEqual({ months: 0, payments: 0 });

    // 3 February: D buys after January ended, so January's rent is not D's.
    context.clock.set('2026-02-03T09:00:00.000Z');
    const d = await owner(2);
    // Pool: 5,000,000 kobo × 9.5% × 11 units / 12 = 435,416.67 → 435,416 (rounded down).
    // Shares of 435,416 by 3/11, 7/11, 1/11: 118,749 r9, 277,082 r10, 39,583 r3 = 435,414;
    // the 2 kobo left go to the largest remainders (B, then A).
    expect(await runJob()).toEqual({ months: 1, payments: 3 });
    expect(await runJob()).toEqual({ months: 0, payments: 0 });
    const paid = await rows<{ units: number; gross: string; tax: string; net: string }>(
      context.database.db,
      sql`select r.units, r.gross_minor::text as gross, r.tax_minor::text as tax,
                 r.net_minor::text as net
            from real_estate_rent_payments r where r.period_end = '2026-01-31'
           order by r.units`,
    );
    expect(paid).toEqual([
      { units: 1, gross: '39583', tax: '3958', net: '35625' },
      { units: 3, gross: '118750', tax: '11875', net: '106875' },
      { units: 7, gross: '277083', tax: '27708', net: '249375' },
    ]);
    const [month] = await rows<{ pool: string; held: number }>(
      context.database.db,
      sql`select pool_minor::text as pool, units_held as held from real_estate_distributions
           where period_end = '2026-01-31'`,
    );
    expect(month).toEqual({ pool: '435416', held: 11 });
    expect(await walletOf(a.user)).toBe(a.afterBuyMinor + 106_875n);
    expect(await walletOf(b.user)).toBe(b.afterBuyMinor + 249_375n);
    expect(await walletOf(c.user)).toBe(c.afterBuyMinor + 35_625n);
    expect(await walletOf(d.user)).toBe(d.afterBuyMinor);

    await signIn(a.user);
    const [notice] = await notificationsOf(context.app, a.user.token);
    expect(notice).toMatchObject({
      title: 'Rental income from Lekki Palm Residences',
      body: '₦1,068.75 is in your wallet: Jan 2026 rent on your 3 units (gross ₦1,187.50, withholding tax 10% ₦118.75).',
    });
    const holdings = await call('/v1/real_estates/orders', { token: a.user.token });
    expect(holdings.json<{ data: { items: RealEstateHolding[] } }>().data.items[0]).toMatchObject({
      units: 3,
      rental_income_gross: '1187.50',
      rental_income_tax: '118.75',
      rental_income_net: '1068.75',
      next_rent_date: '2026-02-28',
    });
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the clock jumps over several months, then each month is distributed once, with D from February on', async () => {
    context.clock.set('2026-04-02T09:00:00.000Z');
    // February and March: 13 units each month, two workers at once paying each holder once.
    const [first, second] = await Promise.all([runJob(), runJob()]);
    expect(first.payments + second.payments).toBe(8);
    expect(await runJob()).toEqual({ months: 0, payments: 0 });
    const [totals] = await rows<{ months: number; pool: string; paid: string }>(
      context.database.db,
      sql`select count(distinct d.period_end)::int as months, sum(distinct d.pool_minor)::text as pool,
                 (select sum(gross_minor)::text from real_estate_rent_payments) as paid
            from real_estate_distributions d`,
    );
    // 5,000,000 × 9.5% × 13 / 12 = 514,583.33 → 514,583 a month; every kobo of each pool is paid.
    expect(totals).toEqual({
      months: 3,
      pool: String(435_416 + 514_583),
      paid: String(435_416 + 514_583 * 2),
    });
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the sandbox clock moves past a month end, then the daily work distributes it', async () => {
    const user = (await owner(1)).user;
    await signIn(user);
    const moved = await call('/v1/sandbox/clock', {
      method: 'POST',
      payload: { advance_days: 30 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [april] = await rows<{ holders: number }>(
      context.database.db,
      sql`select holders from real_estate_distributions where period_end = '2026-04-30'`,
    );
    expect(april?.holders).toBe(5);
    expect(await runJob()).toEqual({ months: 0, payments: 0 });
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
});
