import { createHash } from 'node:crypto';
import { addDays } from '../../platform/clock.ts';
import type {
  MarketCategory,
  MarketCommodity,
  MarketDataProvider,
  MarketPrice,
} from './market-data.port.ts';

/**
 * The sandbox market: a seeded catalogue of Nigerian commodities whose prices move once per
 * business date by a bounded random walk. Each day's step is a hash of the seed, the commodity
 * and the date, so a given day always has the same price, whichever process asks and however
 * often (reruns, restarts, two API instances).
 */

const categories: readonly MarketCategory[] = [
  { code: 'grains', name: 'Grains', description: 'Staple grains traded in bags.' },
  {
    code: 'cash_crops',
    name: 'Cash crops',
    description: 'Export crops grown across Nigeria.',
  },
  {
    code: 'precious_metals',
    name: 'Precious metals',
    description: 'Gold held for you by the gram.',
  },
];

interface SeededCommodity extends MarketCommodity {
  /** The walk's starting mid price, in kobo per unit. */
  baseMidMinor: bigint;
  /** The whole spread around the mid price, in basis points of the mid. */
  spreadBps: bigint;
}

const seeded: readonly SeededCommodity[] = [
  {
    code: 'maize',
    categoryCode: 'grains',
    name: 'Maize',
    description: 'White maize, cleaned and dried, from Kaduna and Niger states.',
    unit: 'bag of 100 kg',
    baseMidMinor: 48_000_00n,
    spreadBps: 300n,
  },
  {
    code: 'paddy_rice',
    categoryCode: 'grains',
    name: 'Paddy rice',
    description: 'Unmilled rice from Kebbi and Ebonyi.',
    unit: 'bag of 100 kg',
    baseMidMinor: 62_000_00n,
    spreadBps: 300n,
  },
  {
    code: 'soybean',
    categoryCode: 'grains',
    name: 'Soybean',
    description: 'Soybeans for feed mills and oil processors.',
    unit: 'bag of 100 kg',
    baseMidMinor: 71_000_00n,
    spreadBps: 300n,
  },
  {
    code: 'sorghum',
    categoryCode: 'grains',
    name: 'Sorghum',
    description: 'Red and white sorghum from the northern savannah.',
    unit: 'bag of 100 kg',
    baseMidMinor: 45_000_00n,
    spreadBps: 300n,
  },
  {
    code: 'cocoa',
    categoryCode: 'cash_crops',
    name: 'Cocoa',
    description: 'Fermented, dried cocoa beans from Ondo and Cross River.',
    unit: 'tonne',
    baseMidMinor: 9_800_000_00n,
    spreadBps: 400n,
  },
  {
    code: 'cashew',
    categoryCode: 'cash_crops',
    name: 'Cashew',
    description: 'Raw cashew nuts from Kogi and Oyo.',
    unit: 'tonne',
    baseMidMinor: 1_450_000_00n,
    spreadBps: 400n,
  },
  {
    code: 'sesame',
    categoryCode: 'cash_crops',
    name: 'Sesame',
    description: 'Hulled sesame seed from Nasarawa and Benue.',
    unit: 'tonne',
    baseMidMinor: 1_900_000_00n,
    spreadBps: 400n,
  },
  {
    code: 'ginger',
    categoryCode: 'cash_crops',
    name: 'Ginger',
    description: 'Dried split ginger from Southern Kaduna.',
    unit: 'tonne',
    baseMidMinor: 2_300_000_00n,
    spreadBps: 400n,
  },
  {
    code: 'gold',
    categoryCode: 'precious_metals',
    name: 'Gold',
    description: '24-carat gold held in a vault.',
    unit: 'gram',
    baseMidMinor: 135_000_00n,
    spreadBps: 200n,
  },
];

/** The first day of the walk: earlier days stand at the starting price. */
export const WALK_START_DAY = '2026-01-01';
/** The walk stays within ±30% of the starting price (in basis points of it). */
export const WALK_FLOOR_BPS = 7_000;
export const WALK_CEILING_BPS = 13_000;
/** The largest move in one day: 1.5% of the starting price. */
export const WALK_MAX_STEP_BPS = 150;
export const DEFAULT_MARKET_SEED = 'ajo-sandbox-market-1';

/** One day's step in basis points, in [-WALK_MAX_STEP_BPS, WALK_MAX_STEP_BPS], from the hash. */
export function walkStepBps(seed: string, code: string, day: string): number {
  const digest = createHash('sha256').update(`${seed}:${code}:${day}`).digest();
  return (digest.readUInt32BE(0) % (2 * WALK_MAX_STEP_BPS + 1)) - WALK_MAX_STEP_BPS;
}

/**
 * Where the walk stands on `day`, in basis points of the starting price: the steps of each day
 * since the start, reflected off the floor and the ceiling so it never leaves them.
 */
export function walkLevelBps(
  seed: string,
  code: string,
  day: string,
  memo?: Map<string, number>,
): number {
  if (day <= WALK_START_DAY) return 10_000;
  const known = memo?.get(day);
  if (known !== undefined) return known;
  // Walk forward from the latest day already known, so a history costs one step per day.
  let from = WALK_START_DAY;
  let level = 10_000;
  if (memo) {
    for (const [knownDay, knownLevel] of memo) {
      if (knownDay < day && knownDay > from) {
        from = knownDay;
        level = knownLevel;
      }
    }
  }
  for (let current = addDays(from, 1); current <= day; current = addDays(current, 1)) {
    level += walkStepBps(seed, code, current);
    if (level > WALK_CEILING_BPS) level = 2 * WALK_CEILING_BPS - level;
    if (level < WALK_FLOOR_BPS) level = 2 * WALK_FLOOR_BPS - level;
    memo?.set(current, level);
  }
  return level;
}

const divideUp = (dividend: bigint, divisor: bigint) => (dividend + divisor - 1n) / divisor;

/**
 * A day's prices from the walk: mid = start × level, half the spread above it for the buy price
 * (rounded UP to the kobo) and half below for the sell price (rounded DOWN), so the buy price is
 * never below the sell price.
 */
export function pricesFromLevel(baseMidMinor: bigint, spreadBps: bigint, levelBps: number) {
  const midMinor = (baseMidMinor * BigInt(levelBps) + 5_000n) / 10_000n;
  return {
    buyPriceMinor: divideUp(midMinor * (20_000n + spreadBps), 20_000n),
    sellPriceMinor: (midMinor * (20_000n - spreadBps)) / 20_000n,
  };
}

export function sandboxMarketDataProvider(
  options: { seed?: string } = {},
): MarketDataProvider & { seed: string } {
  const seed = options.seed ?? DEFAULT_MARKET_SEED;
  const memos = new Map(seeded.map((commodity) => [commodity.code, new Map<string, number>()]));
  return {
    seed,
    categories: () => categories,
    commodities: () =>
      seeded.map(({ code, categoryCode, name, description, unit }) => ({
        code,
        categoryCode,
        name,
        description,
        unit,
      })),
    pricesOn: (day: string): Promise<MarketPrice[]> =>
      Promise.resolve(
        seeded.map((commodity) => ({
          commodityCode: commodity.code,
          day,
          ...pricesFromLevel(
            commodity.baseMidMinor,
            commodity.spreadBps,
            walkLevelBps(seed, commodity.code, day, memos.get(commodity.code)),
          ),
        })),
      ),
  };
}
