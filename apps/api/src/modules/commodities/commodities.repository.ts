import { sql, type SQL } from 'drizzle-orm';
import { batchInput, rows, type Executor } from '../../platform/db.ts';
import type {
  MarketCategory,
  MarketCommodity,
  MarketPrice,
} from '../../providers/market-data/market-data.port.ts';

export type TradeSide = 'buy' | 'sell';

/** A commodity with its latest price on or before a day, and the price the day before that. */
export interface CommodityRow {
  id: string;
  code: string;
  category_id: string;
  category_name: string;
  name: string;
  description: string;
  unit: string;
  buy_price_minor: string;
  sell_price_minor: string;
  previous_sell_minor: string;
  price_date: string;
}

export interface CategoryRow {
  id: string;
  code: string;
  name: string;
  description: string;
  commodity_count: number;
}

/**
 * The market-data source's catalogue into ours, by code: what we lack is added; what we have
 * keeps its names, units and positions, which operators change from the console.
 */
export async function upsertCatalogue(
  executor: Executor,
  categories: readonly MarketCategory[],
  commodities: readonly MarketCommodity[],
) {
  const categoryInput = batchInput('category_input', {
    code: ['text', categories.map((category) => category.code)],
    name: ['text', categories.map((category) => category.name)],
    description: ['text', categories.map((category) => category.description)],
    position: ['int', categories.map((_, position) => position)],
  });
  await executor.execute(sql`insert into commodity_categories (code, name, description, position)
      select code, name, description, position from ${categoryInput}
      on conflict (code) do nothing`);
  const commodityInput = batchInput('i', {
    code: ['text', commodities.map((commodity) => commodity.code)],
    category_code: ['text', commodities.map((commodity) => commodity.categoryCode)],
    name: ['text', commodities.map((commodity) => commodity.name)],
    description: ['text', commodities.map((commodity) => commodity.description)],
    unit: ['text', commodities.map((commodity) => commodity.unit)],
    position: ['int', commodities.map((_, position) => position)],
  });
  await executor.execute(sql`insert into commodities (code, category_id, name, description, unit,
        position)
      select i.code, c.id, i.name, i.description, i.unit, i.position
        from ${commodityInput} join commodity_categories c on c.code = i.category_code
      on conflict (code) do nothing`);
}

/** Records prices by commodity code; a day already recorded keeps its prices. */
export async function insertPrices(executor: Executor, prices: readonly MarketPrice[]) {
  if (prices.length === 0) return;
  const input = batchInput('p', {
    code: ['text', prices.map((price) => price.commodityCode)],
    day: ['date', prices.map((price) => price.day)],
    buy_minor: ['bigint', prices.map((price) => price.buyPriceMinor)],
    sell_minor: ['bigint', prices.map((price) => price.sellPriceMinor)],
  });
  await executor.execute(sql`insert into commodity_prices (commodity_id, day, buy_price_minor,
        sell_price_minor)
      select c.id, p.day, p.buy_minor, p.sell_minor
        from ${input} join commodities c on c.code = p.code
      on conflict (commodity_id, day) do nothing`);
}

/** How many commodities have a price on `day`, and how many are listed. */
export async function countPricedCommodities(executor: Executor, day: string) {
  const [found] = await rows<{ priced: number; listed: number }>(
    executor,
    sql`select (select count(*)::int from commodity_prices where day = ${day}) as priced,
               (select count(*)::int from commodities) as listed`,
  );
  return found ?? { priced: 0, listed: 0 };
}

const commodityColumns = (day: string) => sql`c.id, c.code, c.category_id,
    cat.name as category_name, c.name, c.description, c.unit,
    p.buy_price_minor::text as buy_price_minor, p.sell_price_minor::text as sell_price_minor,
    p.day::text as price_date,
    coalesce((select sell_price_minor from commodity_prices
               where commodity_id = c.id and day < p.day order by day desc limit 1),
             p.sell_price_minor)::text as previous_sell_minor
  from commodities c
  join commodity_categories cat on cat.id = c.category_id
  join lateral (select day, buy_price_minor, sell_price_minor from commodity_prices
                 where commodity_id = c.id and day <= ${day}
                 order by day desc limit 1) p on true`;

export interface CommodityFilter {
  day: string;
  search: string | undefined;
  categoryId: string | undefined;
  page: number;
  size: number;
}

function filterOf(filter: Pick<CommodityFilter, 'search' | 'categoryId'>): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.categoryId) conditions.push(sql`c.category_id = ${filter.categoryId}`);
  if (filter.search) {
    // The search is matched as text, not a pattern: % and _ stand for themselves.
    const escaped = filter.search.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`);
    const pattern = `%${escaped}%`;
    conditions.push(sql`(lower(c.name) like ${pattern} or lower(c.code) like ${pattern}
      or lower(c.unit) like ${pattern} or lower(cat.name) like ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

export async function listCommodities(executor: Executor, filter: CommodityFilter) {
  const where = filterOf(filter);
  const items = await rows<CommodityRow>(
    executor,
    sql`select ${commodityColumns(filter.day)} where ${where}
         order by cat.position, c.position, c.id
         limit ${filter.size} offset ${filter.page * filter.size}`,
  );
  const [counted] = await rows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from commodities c
          join commodity_categories cat on cat.id = c.category_id where ${where}`,
  );
  return { items, total: counted?.total ?? 0 };
}

/** Every commodity priced on `day`, keyed by id (the catalogue is a few dozen rows). */
export async function pricedCatalogue(executor: Executor, day: string) {
  const found = await rows<CommodityRow>(executor, sql`select ${commodityColumns(day)}`);
  return new Map(found.map((row) => [row.id, row]));
}

export async function commoditiesInCategory(executor: Executor, categoryId: string, day: string) {
  return rows<CommodityRow>(
    executor,
    sql`select ${commodityColumns(day)} where c.category_id = ${categoryId}
         order by c.position, c.id`,
  );
}

const categoryColumns = sql`cat.id, cat.code, cat.name, cat.description,
  (select count(*)::int from commodities c where c.category_id = cat.id) as commodity_count`;

export async function listCategories(executor: Executor, page: number, size: number) {
  const items = await rows<CategoryRow>(
    executor,
    sql`select ${categoryColumns} from commodity_categories cat
         order by cat.position, cat.id limit ${size} offset ${page * size}`,
  );
  const [counted] = await rows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from commodity_categories`,
  );
  return { items, total: counted?.total ?? 0 };
}

export async function findCategory(executor: Executor, id: string) {
  const [found] = await rows<CategoryRow>(
    executor,
    sql`select ${categoryColumns} from commodity_categories cat where cat.id = ${id}`,
  );
  return found;
}

export interface PricePointRow {
  day: string;
  buy_price_minor: string;
  sell_price_minor: string;
}

/** A commodity's daily prices from `from` to `to` (business dates), oldest first. */
export async function priceHistory(executor: Executor, id: string, from: string, to: string) {
  return rows<PricePointRow>(
    executor,
    sql`select day::text as day, buy_price_minor::text as buy_price_minor,
               sell_price_minor::text as sell_price_minor
          from commodity_prices
         where commodity_id = ${id} and day between ${from} and ${to}
         order by day`,
  );
}

/** The KYC tier of each user, keyed by user id (a user not found is missing: tier 0). */
export async function userTiers(
  executor: Executor,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const input = batchInput('wanted', { id: ['uuid', userIds] });
  const found = await rows<{ id: string; tier: number }>(
    executor,
    sql`select id, tier from users where id in (select id from ${input})`,
  );
  return new Map(found.map((row) => [row.id, row.tier]));
}

/** One user's KYC tier: a batch of one (0 for a user not found). */
export async function userTier(executor: Executor, userId: string) {
  return (await userTiers(executor, [userId])).get(userId) ?? 0;
}
