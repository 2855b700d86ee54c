import { z } from 'zod';
import { envelope, moneyText } from './common.ts';

/**
 * The asset classes a portfolio is made of, in the order Home shows them. Each has one source
 * on the server (apps/api/src/modules/portfolio); a class nobody holds reads 0.00.
 */
export const assetClasses = [
  'wallet',
  'savings',
  'dollar',
  'commodities',
  'fixed_income',
  'real_estate',
] as const;

export type AssetClass = (typeof assetClasses)[number];

/** `wallet` is the naira wallet and money kept on hold above the tier's caps: the user's cash. */
export const assetClassLabels: Record<AssetClass, string> = {
  wallet: 'Naira cash',
  savings: 'Savings',
  dollar: 'Dollar',
  commodities: 'Commodities',
  fixed_income: 'Fixed income',
  real_estate: 'Real estate',
};

/** A whole number of minor units as digits (kobo for naira), exact beyond 2^53. */
const minorDigits = z
  .string()
  .regex(/^-?\d+$/)
  .meta({ description: 'Integer minor units (kobo) as a string', example: '1250000' });

/** The rate USD holdings are valued at: the sell side of `exchange_rate` (what $1 fetches). */
export const valuationRateSchema = z.object({
  currency_pair: z.literal('USD_NGN'),
  side: z.literal('sell'),
  rate: z.string().meta({ description: 'Naira per $1', example: '1500.00' }),
  at: z.iso.datetime(),
});

export const classAmountSchema = z.object({
  class: z.enum(assetClasses),
  label: z.string(),
  /** Naira, USD holdings converted at the valuation rate. */
  amount: moneyText,
  amount_minor: minorDigits,
});

export type ClassAmount = z.infer<typeof classAmountSchema>;

export const portfolioTotalSchema = z
  .object({
    currency: z.literal('NGN'),
    total: moneyText,
    total_minor: minorDigits,
    /** "₦1,250,000.00" */
    formatted: z.string(),
    /** The spec's abbreviation: "₦1.25m" */
    abbreviated: z.string(),
    breakdown: z.array(classAmountSchema),
    valuation_rate: valuationRateSchema.nullable(),
    /** The change since the last daily snapshot (null before the first one). */
    change: z
      .object({
        since: z.iso.date(),
        amount: moneyText,
      })
      .nullable(),
  })
  .meta({ id: 'PortfolioTotal' });

export type PortfolioTotal = z.infer<typeof portfolioTotalSchema>;

export const portfolioTotalResponseSchema = envelope(portfolioTotalSchema);

export const holdingSchema = z.object({
  /** The ledger account holding it (stable per holding). */
  id: z.string(),
  class: z.enum(assetClasses),
  name: z.string(),
  currency: z.enum(['NGN', 'USD']),
  /** What went in, in the holding's currency. */
  cost: moneyText,
  /** What it is worth now, in the holding's currency. */
  value: moneyText,
  gain: moneyText,
  /** The value in naira at the valuation rate (equal to `value` for naira holdings). */
  value_naira: moneyText,
});

export type Holding = z.infer<typeof holdingSchema>;

export const portfolioSchema = z
  .object({
    items: z.array(holdingSchema),
    valuation_rate: valuationRateSchema.nullable(),
  })
  .meta({ id: 'Portfolio' });

export type Portfolio = z.infer<typeof portfolioSchema>;

export const portfolioResponseSchema = envelope(portfolioSchema);

export const PORTFOLIO_HISTORY_MAX_DAYS = 366;

export const portfolioHistoryQuerySchema = z.strictObject({
  days: z.coerce
    .number({
      error: `days must be a whole number from 1 to ${String(PORTFOLIO_HISTORY_MAX_DAYS)}`,
    })
    .int(`days must be a whole number from 1 to ${String(PORTFOLIO_HISTORY_MAX_DAYS)}`)
    .min(1, `days must be a whole number from 1 to ${String(PORTFOLIO_HISTORY_MAX_DAYS)}`)
    .max(
      PORTFOLIO_HISTORY_MAX_DAYS,
      `days must be a whole number from 1 to ${String(PORTFOLIO_HISTORY_MAX_DAYS)}`,
    )
    .default(30)
    .meta({ description: 'How many days back, today included' }),
});

export type PortfolioHistoryQuery = z.input<typeof portfolioHistoryQuerySchema>;

export const portfolioPointSchema = z.object({
  /** A Lagos business day, YYYY-MM-DD; the last point is today, valued now. */
  date: z.iso.date(),
  total: moneyText,
});

export type PortfolioPoint = z.infer<typeof portfolioPointSchema>;

/** Days with a snapshot, oldest first, then today's live value; days before the first are absent. */
export const portfolioHistorySchema = z
  .object({
    currency: z.literal('NGN'),
    items: z.array(portfolioPointSchema),
  })
  .meta({ id: 'PortfolioHistory' });

export type PortfolioHistory = z.infer<typeof portfolioHistorySchema>;

export const portfolioHistoryResponseSchema = envelope(portfolioHistorySchema);
