import type { Commodity, CommodityCategory } from '@ajo/contracts/commodities';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { addDays, businessDate, type Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { cachedRead } from '../../platform/read-cache.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data.port.ts';
import * as repository from './commodities.repository.ts';

/** How many days of prices the market keeps ready for charts (and backfills on a new database). */
export const PRICE_HISTORY_DAYS = 180;

export function toCommodity(row: repository.CommodityRow): Commodity {
  const sell = BigInt(row.sell_price_minor);
  const previous = BigInt(row.previous_sell_minor);
  return {
    id: row.id,
    code: row.code,
    category_id: row.category_id,
    category_name: row.category_name,
    name: row.name,
    description: row.description,
    unit: row.unit,
    buy_price: formatMinorAsDecimal(BigInt(row.buy_price_minor)),
    sell_price: formatMinorAsDecimal(sell),
    price_date: row.price_date,
    // Basis points of the previous price, truncated toward zero (display only).
    change_bps: previous === 0n ? 0 : Number(((sell - previous) * 10_000n) / previous),
  };
}

export const toCategory = (row: repository.CategoryRow): CommodityCategory => ({
  id: row.id,
  code: row.code,
  name: row.name,
  description: row.description,
  commodity_count: row.commodity_count,
});

/**
 * The catalogue and its prices, kept in our tables so every read (lists, charts, quotes) is one
 * query and a day's price never changes once recorded. `recordPrices` brings the catalogue and
 * the last `PRICE_HISTORY_DAYS` days of prices in; it runs daily (the job and the sandbox clock)
 * and before the first read of each business date, and writing a day twice changes nothing.
 */
export function marketService(deps: {
  database: Database;
  clock: Clock;
  market: MarketDataProvider;
}) {
  const { database, clock, market } = deps;
  let recordedDay: string | undefined;
  let recording: Promise<string> | undefined;

  async function record(today: string): Promise<string> {
    // The catalogue is brought in once per process (a new commodity appears on the next start)
    // and the prices once per business date.
    if (recordedDay === undefined) {
      await repository.upsertCatalogue(database.db, market.categories(), market.commodities());
    }
    const { priced, listed } = await repository.countPricedCommodities(database.db, today);
    if (priced < listed) {
      const days = Array.from({ length: PRICE_HISTORY_DAYS }, (_, index) =>
        addDays(today, index - PRICE_HISTORY_DAYS + 1),
      );
      const prices = (await Promise.all(days.map((day) => market.pricesOn(day)))).flat();
      await repository.insertPrices(database.db, prices);
    }
    recordedDay = today;
    return today;
  }

  /** Today's business date, with its prices recorded (once per day per process). */
  async function recordPrices(): Promise<string> {
    const today = businessDate(clock.now());
    if (recordedDay === today) return today;
    recording ??= record(today).finally(() => {
      recording = undefined;
    });
    const done = await recording;
    return done === today ? today : recordPrices();
  }

  async function list(query: {
    page: number;
    size: number;
    search?: string | undefined;
    category_id?: string | undefined;
  }) {
    const day = await recordPrices();
    const search = query.search?.trim() ? query.search.trim() : undefined;
    const found = await repository.listCommodities(database.db, {
      day,
      search,
      categoryId: query.category_id,
      page: query.page,
      size: query.size,
    });
    return {
      items: found.items.map(toCommodity),
      page: query.page,
      size: query.size,
      total: found.total,
    };
  }

  async function categories(page: number, size: number) {
    await recordPrices();
    const found = await repository.listCategories(database.db, page, size);
    return { items: found.items.map(toCategory), page, size, total: found.total };
  }

  async function category(id: string) {
    const day = await recordPrices();
    const found = await repository.findCategory(database.db, id);
    if (!found) throw notFound('No commodity category has this id');
    const commodities = await repository.commoditiesInCategory(database.db, id, day);
    return { ...toCategory(found), commodities: commodities.map(toCommodity) };
  }

  /**
   * One commodity at today's prices, for a quote or a trade, or 404: read from the day's
   * catalogue, which is kept for `readCacheMs` (a recorded day's prices never change).
   */
  async function commodity(id: string) {
    const day = await recordPrices();
    const catalogue = await cachedRead(database.db, `commodity-catalogue:${day}`, (reader) =>
      repository.pricedCatalogue(reader, day),
    );
    const found = catalogue.get(id);
    if (!found) throw notFound('No commodity has this id');
    return { row: found, day };
  }

  async function prices(id: string, days: number) {
    const { row, day } = await commodity(id);
    const points = await repository.priceHistory(database.db, id, addDays(day, 1 - days), day);
    return {
      commodity: toCommodity(row),
      items: points.map((point) => ({
        date: point.day,
        buy_price: formatMinorAsDecimal(BigInt(point.buy_price_minor)),
        sell_price: formatMinorAsDecimal(BigInt(point.sell_price_minor)),
      })),
    };
  }

  return { recordPrices, list, categories, category, commodity, prices };
}

export type MarketService = ReturnType<typeof marketService>;
