import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commodity, CommodityCategory, CommodityPricePoint } from '@ajo/contracts/commodities';
import { addDays, businessDate } from '../../src/platform/clock.ts';
import { sandboxMarketDataProvider } from '../../src/providers/market-data/sandbox.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import { viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { kobo, type Trader } from './commodity-helpers.ts';

interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

describe(`the commodity catalogue (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let user: Trader;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    user = await newBillPayer(call, context.database, { label: 'catalogue' });
  });
  afterAll(() => context.close());

  const get = async <T>(url: string) => {
    const response = await call(url, { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };

  it('when the categories are listed with size=20, then grains, cash crops and precious metals come with their counts', async () => {
    const page = await get<Page<CommodityCategory>>('/v1/commodities/categories?size=20');
    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.code, item.commodity_count])).toEqual([
      ['grains', 4],
      ['cash_crops', 4],
      ['precious_metals', 1],
    ]);
  });

  it('when a category is opened, then it lists its commodities with prices, and an unknown one answers 404', async () => {
    const page = await get<Page<CommodityCategory>>('/v1/commodities/categories');
    const grains = page.items[0];
    const detail = await get<CommodityCategory & { commodities: Commodity[] }>(
      `/v1/commodities/categories/${grains?.id ?? ''}`,
    );
    expect(detail.commodities.map((item) => item.name)).toEqual([
      'Maize',
      'Paddy rice',
      'Soybean',
      'Sorghum',
    ]);
    expect(detail.commodities.every((item) => item.unit === 'bag of 100 kg')).toBe(true);
    const missing = await call('/v1/commodities/categories/00000000-0000-4000-8000-000000000000', {
      token: user.token,
    });
    expect(missing.statusCode).toBe(404);
    expect(expectErrorShape(missing).message).toBe('No commodity category has this id');
    const malformed = await call('/v1/commodities/categories/grains', { token: user.token });
    expect(malformed.statusCode).toBe(400);
    expect(expectErrorShape(malformed).errors[0]?.message).toBe('id must be a category id');
  });

  it('when the catalogue is paged by 4, then the pages hold 4, 4 and 1 commodities in order and carry the total', async () => {
    const pages = await Promise.all(
      [0, 1, 2].map((page) => get<Page<Commodity>>(`/v1/commodities?page=${String(page)}&size=4`)),
    );
    expect(pages.map((page) => page.items.length)).toEqual([4, 4, 1]);
    expect(pages.every((page) => page.total === 9 && page.size === 4)).toBe(true);
    const names = pages.flatMap((page) => page.items.map((item) => item.name));
    expect(names).toEqual([
      'Maize',
      'Paddy rice',
      'Soybean',
      'Sorghum',
      'Cocoa',
      'Cashew',
      'Sesame',
      'Ginger',
      'Gold',
    ]);
    const beyond = await get<Page<Commodity>>('/v1/commodities?page=5&size=4');
    expect(beyond).toMatchObject({ items: [], total: 9 });
  });

  it('when the catalogue is searched or filtered, then only matching commodities come back, any case, with % taken literally', async () => {
    const rice = await get<Page<Commodity>>('/v1/commodities?search=RICE');
    expect(rice.items.map((item) => item.name)).toEqual(['Paddy rice']);
    const tonnes = await get<Page<Commodity>>('/v1/commodities?search=tonne');
    expect(tonnes.total).toBe(4);
    const crops = await get<Page<Commodity>>('/v1/commodities?search=cash%20crops');
    expect(crops.items.map((item) => item.code)).toEqual(['cocoa', 'cashew', 'sesame', 'ginger']);
    const wildcard = await get<Page<Commodity>>('/v1/commodities?search=%25');
    expect(wildcard).toMatchObject({ items: [], total: 0 });
    const categories = await get<Page<CommodityCategory>>('/v1/commodities/categories');
    const metals = categories.items.find((item) => item.code === 'precious_metals');
    const gold = await get<Page<Commodity>>(`/v1/commodities?category_id=${metals?.id ?? ''}`);
    expect(gold.items.map((item) => [item.name, item.unit])).toEqual([['Gold', 'gram']]);
  });

  it('when prices are listed, then they are today’s sandbox prices with the buy price above the sell price', async () => {
    const today = businessDate(context.clock.now());
    const expected = await sandboxMarketDataProvider().pricesOn(today);
    const page = await get<Page<Commodity>>('/v1/commodities?size=50');
    for (const item of page.items) {
      const price = expected.find((entry) => entry.commodityCode === item.code);
      expect(item.price_date).toBe(today);
      expect(kobo(item.buy_price)).toBe(price?.buyPriceMinor);
      expect(kobo(item.sell_price)).toBe(price?.sellPriceMinor);
      expect(kobo(item.buy_price)).toBeGreaterThan(kobo(item.sell_price));
    }
  });

  it('when a commodity’s history is asked for 30 days, then 30 daily points end today; after the clock moves a day, a new point is recorded', async () => {
    const page = await get<Page<Commodity>>('/v1/commodities?search=gold');
    const gold = page.items[0];
    const history = await get<{ items: CommodityPricePoint[] }>(
      `/v1/commodities/${gold?.id ?? ''}/prices?days=30`,
    );
    const today = businessDate(context.clock.now());
    expect(history.items).toHaveLength(30);
    expect(history.items.at(-1)).toMatchObject({
      date: today,
      buy_price: gold?.buy_price,
      sell_price: gold?.sell_price,
    });
    expect(history.items[0]?.date).toBe(addDays(today, -29));

    context.clock.advance(24 * 60 * 60 * 1000);
    // A day idle ends the session: sign in afresh.
    user = await newBillPayer(call, context.database, { label: 'catalogue' });
    const tomorrow = addDays(today, 1);
    const moved = await get<{ items: CommodityPricePoint[] }>(
      `/v1/commodities/${gold?.id ?? ''}/prices?days=2`,
    );
    const [expected] = (await sandboxMarketDataProvider().pricesOn(tomorrow)).filter(
      (price) => price.commodityCode === 'gold',
    );
    expect(moved.items.map((point) => point.date)).toEqual([today, tomorrow]);
    expect(kobo(moved.items[1]?.sell_price ?? '0')).toBe(expected?.sellPriceMinor);
  });

  it('when the paging or filters are wrong, then 400 names the field; without a session, 401', async () => {
    for (const [query, message] of [
      ['size=0', 'size must be between 1 and 50'],
      ['size=51', 'size must be between 1 and 50'],
      ['page=-1', 'page starts at 0'],
      ['category_id=grains', 'category_id must be a category id'],
      [`search=${'x'.repeat(65)}`, 'search must be at most 64 characters'],
    ] as const) {
      const response = await call(`/v1/commodities?${query}`, { token: user.token });
      expect(response.statusCode, query).toBe(400);
      expect(expectErrorShape(response).errors.map((error) => error.message)).toContain(message);
    }
    const categories = await call('/v1/commodities/categories?size=21', { token: user.token });
    expect(categories.statusCode).toBe(400);
    const days = await call(
      '/v1/commodities/00000000-0000-4000-8000-000000000000/prices?days=400',
      { token: user.token },
    );
    expect(expectErrorShape(days).errors[0]?.message).toBe('days must be between 1 and 365');
    const unknown = await call('/v1/commodities/00000000-0000-4000-8000-000000000000/prices', {
      token: user.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('/v1/commodities')).statusCode).toBe(401);
  });
});
