import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commodity, CommodityHolding } from '@ajo/contracts/commodities';
import type { FixedIncomeProduct } from '@ajo/contracts/fixed-income';
import type { Portfolio, PortfolioTotal } from '@ajo/contracts/portfolio';
import type { RealEstateProperty } from '@ajo/contracts/real-estate';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { portfolioService } from '../../src/modules/portfolio/portfolio.service.ts';
import { addDays, businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { exchangeRateProvider } from '../../src/providers/rates/rates.port.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

/** "1234.56" → 123456n (answers always carry exactly two decimals). */
const minorOf = (text: string) => BigInt(text.replace('.', ''));

describe(`portfolio of commodities, fixed income and real estate (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(async () => {
    expect(await checkLedger(context.database.db)).toEqual([]);
    await context.close();
  });

  const post = async (user: BillPayer, url: string, payload: unknown) => {
    const response = await call(url, {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const read = async <T>(user: BillPayer, url: string) => {
    const response = await call(url, { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };

  it('when a user buys a commodity, a fixed-income product and real-estate units, then each class is valued as its product values it and the total adds up to the kobo', async () => {
    const user = await newBillPayer(call, context.database, {
      label: 'investor',
      fundMinor: 2_000_000_00n,
      tier: 3,
      at: context.clock.now(),
    });
    const [commodity] = (await read<{ items: Commodity[] }>(user, '/v1/commodities?size=50')).items;
    const [product] = (await read<{ items: FixedIncomeProduct[] }>(user, '/v1/fixed_incomes'))
      .items;
    const [property] = (await read<{ items: RealEstateProperty[] }>(user, '/v1/real_estates'))
      .items;
    if (!commodity || !product || !property) throw new Error('the catalogue is not seeded');

    const quote = await call('/v1/commodities/quotes', {
      method: 'POST',
      token: user.token,
      payload: { commodity_id: commodity.id, side: 'buy', amount: '10000' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    await post(user, '/v1/commodities/buy', {
      commodity_id: commodity.id,
      amount: '10000',
      payment_method: 'wallet',
      quote_id: quote.json<{ data: { id: string } }>().data.id,
    });
    await post(user, '/v1/fixed_incomes/orders', {
      fixed_income_id: product.id,
      amount: product.minimum,
    });
    await post(user, '/v1/real_estates/buy', { real_estate_id: property.id, units: 1 });

    const commodities = await read<{ total_value: string; items: CommodityHolding[] }>(
      user,
      '/v1/commodities/holdings',
    );
    const total = await read<PortfolioTotal>(user, '/v1/portfolios/total-amount');
    const byClass = Object.fromEntries(
      total.breakdown.map((item) => [item.class, BigInt(item.amount_minor)]),
    );
    expect(byClass.commodities).toBe(minorOf(commodities.total_value));
    expect(byClass.fixed_income).toBe(minorOf(product.minimum));
    expect(byClass.real_estate).toBe(minorOf(property.price_per_unit));
    const [wallet] = await rows<{ balance: string }>(
      context.database.db,
      sql`select balance_minor::text as balance from ledger_accounts
           where code = ${`user:${user.userId}:wallet:NGN`}`,
    );
    expect(byClass.wallet).toBe(BigInt(wallet?.balance ?? '-1'));
    expect(BigInt(total.total_minor)).toBe(
      Object.values(byClass).reduce((sum, value) => sum + value, 0n),
    );

    const listed = await read<Portfolio>(user, '/v1/portfolios');
    expect(listed.items.map((item) => item.class)).toEqual([
      'wallet',
      'dollar',
      'commodities',
      'fixed_income',
      'real_estate',
    ]);
    const holding = listed.items.find((item) => item.class === 'commodities');
    expect(holding).toMatchObject({
      name: commodity.name,
      cost: commodities.items[0]?.cost,
      value: commodities.items[0]?.value,
      gain: commodities.items[0]?.gain,
    });

    // The snapshot values the same classes.
    const onDate = addDays(businessDate(context.clock.now()), 5);
    await portfolioService({
      database: context.database,
      clock: context.clock,
      rates: exchangeRateProvider({ database: context.database, clock: context.clock }),
      log: context.app.log,
    }).snapshotDay(onDate);
    const [snapshot] = await rows<{ total: string; breakdown: Record<string, string> }>(
      context.database.db,
      sql`select total_minor::text as total, breakdown from portfolio_snapshots
           where user_id = ${user.userId} and on_date = ${onDate}::date`,
    );
    expect(snapshot?.total).toBe(total.total_minor);
    expect(snapshot?.breakdown).toMatchObject({
      commodities: String(byClass.commodities),
      fixed_income: String(byClass.fixed_income),
      real_estate: String(byClass.real_estate),
    });
  });
});
