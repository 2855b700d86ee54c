import { formatUnits, UNIT_SCALE, type CommodityHolding } from '@ajo/contracts/commodities';
import { formatMinorAsDecimal } from '@ajo/money/format';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data.port.ts';
import * as holdings from './holdings.repository.ts';
import { marketService, toCommodity } from './market.ts';
import { tradingService } from './trading.ts';

/**
 * A holding valued at today's sell price: value = units × sell price rounded DOWN to the kobo
 * (what selling would bring before the fee), gain = value − cost, gain_bps truncated.
 */
export function toHolding(row: holdings.HoldingRow): CommodityHolding {
  const unitsScaled = BigInt(row.units_scaled);
  const costMinor = BigInt(row.cost_minor);
  const valueMinor = (unitsScaled * BigInt(row.sell_price_minor)) / UNIT_SCALE;
  const gainMinor = valueMinor - costMinor;
  return {
    commodity: toCommodity(row),
    units: formatUnits(unitsScaled),
    cost: formatMinorAsDecimal(costMinor),
    value: formatMinorAsDecimal(valueMinor),
    gain: formatMinorAsDecimal(gainMinor),
    gain_bps: costMinor === 0n ? 0 : Number((gainMinor * 10_000n) / costMinor),
  };
}

/** Commodities: the catalogue and its daily prices, quotes, trades and holdings. */
export function commoditiesService(deps: {
  database: Database;
  clock: Clock;
  marketData: MarketDataProvider;
  log?: FastifyBaseLogger | undefined;
  /** Tests only (`TEST_CRASH_AT`). */
  crashAt?: string | undefined;
}) {
  const { database, clock } = deps;
  const market = marketService({ database, clock, market: deps.marketData });
  const trading = tradingService({
    database,
    clock,
    market,
    log: deps.log,
    crashAt: deps.crashAt,
  });

  async function holdingsOf(userId: string) {
    const day = await market.recordPrices();
    const items = (await holdings.holdingsOf(database.db, userId, day)).map(toHolding);
    const sum = (pick: (holding: CommodityHolding) => string) =>
      items.reduce((total, holding) => total + BigInt(pick(holding).replace('.', '')), 0n);
    return {
      items,
      total_cost: formatMinorAsDecimal(sum((holding) => holding.cost)),
      total_value: formatMinorAsDecimal(sum((holding) => holding.value)),
      total_gain: formatMinorAsDecimal(sum((holding) => holding.gain)),
    };
  }

  /** Records the day's prices once a business date (the sandbox clock runs it too). */
  const pricesJob: JobDefinition = {
    name: 'commodity-prices',
    schedule: 'daily',
    run: async () => {
      await market.recordPrices();
    },
  };

  return {
    list: market.list,
    categories: market.categories,
    category: market.category,
    prices: market.prices,
    recordPrices: market.recordPrices,
    holdings: holdingsOf,
    quote: trading.quote,
    trade: trading.trade,
    pricesJob,
  };
}

export type CommoditiesService = ReturnType<typeof commoditiesService>;
