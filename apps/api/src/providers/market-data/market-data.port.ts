/** A group of commodities in the market-data source's catalogue. */
export interface MarketCategory {
  code: string;
  name: string;
  description: string;
}

/** One tradable commodity: its code, its category and what one unit is. */
export interface MarketCommodity {
  code: string;
  categoryCode: string;
  name: string;
  description: string;
  /** What one unit is, as people read it: "bag of 100 kg", "tonne", "gram". */
  unit: string;
}

/** The prices of one commodity on one business date, in kobo per whole unit. */
export interface MarketPrice {
  commodityCode: string;
  /** YYYY-MM-DD, Africa/Lagos. */
  day: string;
  /** What a user pays for one unit. */
  buyPriceMinor: bigint;
  /** What a user receives for one unit: never above the buy price (the spread is the margin). */
  sellPriceMinor: bigint;
}

/**
 * Where the commodity catalogue and its prices come from. Prices are one pair per business date:
 * the same day always answers the same prices, so reruns and restarts agree.
 */
export interface MarketDataProvider {
  categories(): readonly MarketCategory[];
  commodities(): readonly MarketCommodity[];
  /** Every commodity's prices on `day`. */
  pricesOn(day: string): Promise<MarketPrice[]>;
}

/** The source cannot price right now: nothing can be quoted until it can. */
export class MarketDataUnavailable extends Error {
  override name = 'MarketDataUnavailable';
}
