import { z } from 'zod';
import { envelope, moneyInput, moneyText, pageOf } from './common.ts';
import { transactionSchema } from './wallet.ts';

/**
 * Commodity units are exact: a scaled integer with `UNIT_DECIMALS` decimals (1.5 bags is 15000),
 * never a float. On the wire they are decimal text with exactly 4 decimals ("1.5000").
 */
export const UNIT_DECIMALS = 4;
export const UNIT_SCALE = 10_000n;
/** The most units one trade may name: far above any order the limits allow. */
export const MAX_TRADE_UNITS_SCALED = 1_000_000_000n * UNIT_SCALE;

/** The spec's commodity categories page size (section 9). */
export const COMMODITY_CATEGORY_PAGE_SIZE = 20;
export const COMMODITY_PAGE_SIZE = 50;

export const commodityMessages = {
  badUnits: 'Enter units as a number with at most 4 decimals, for example 2 or 0.5',
  zeroUnits: 'Enter more than 0 units',
  unitsOrAmount: 'Enter either units or an amount in naira, not both',
  badCommodity: 'Choose a commodity from the list',
  badSide: 'side must be buy or sell',
  badPaymentMethod: 'Only the wallet can pay for a commodity trade (payment_method "wallet")',
  badQuote: 'That quote does not exist; ask for a new quote',
} as const;

const unitsPattern = /^\d{1,10}(\.\d{1,4})?$/;

/** Units text ("2", "0.5", "1.2500") to the scaled integer, or null when it is not units. */
export function parseUnits(input: string | number): bigint | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (!unitsPattern.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * UNIT_SCALE + BigInt(fraction.padEnd(UNIT_DECIMALS, '0'));
}

/** A scaled integer of units as wire text with exactly 4 decimals: 15000n → "1.5000". */
export function formatUnits(unitsScaled: bigint): string {
  const sign = unitsScaled < 0n ? '-' : '';
  const magnitude = unitsScaled < 0n ? -unitsScaled : unitsScaled;
  const fraction = (magnitude % UNIT_SCALE).toString().padStart(UNIT_DECIMALS, '0');
  return `${sign}${(magnitude / UNIT_SCALE).toString()}.${fraction}`;
}

export const unitsText = z
  .string()
  .regex(/^-?\d+\.\d{4}$/)
  .meta({ description: 'Units as decimal text with 4 decimals', example: '1.5000' });

const unitsInput = z
  .union([z.number(), z.string()], { error: commodityMessages.badUnits })
  .refine((value) => parseUnits(value) !== null, { error: commodityMessages.badUnits })
  .meta({ description: 'Number or decimal text, at most 4 decimals', example: '1.5' });

export const commodityCategorySchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    commodity_count: z.number().int(),
  })
  .meta({ id: 'CommodityCategory' });
export type CommodityCategory = z.infer<typeof commodityCategorySchema>;

export const commoditySchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    category_id: z.uuid(),
    category_name: z.string(),
    name: z.string(),
    description: z.string(),
    /** What one unit is: "bag of 100 kg", "tonne", "gram". */
    unit: z.string(),
    /** Naira per unit a buyer pays today. */
    buy_price: moneyText,
    /** Naira per unit a seller receives today (below the buy price: the spread). */
    sell_price: moneyText,
    /** The business date (Africa/Lagos) the prices are for. */
    price_date: z.string(),
    /** The sell price's change since the day before, in basis points (125 = +1.25%). */
    change_bps: z.number().int(),
  })
  .meta({ id: 'Commodity' });
export type Commodity = z.infer<typeof commoditySchema>;

const pageField = z.coerce.number().int().min(0, 'page starts at 0').max(100_000).default(0);
const sizeField = (largest: number, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1, `size must be between 1 and ${String(largest)}`)
    .max(largest, `size must be between 1 and ${String(largest)}`)
    .default(fallback);

export const listCommoditiesQuerySchema = z.strictObject({
  page: pageField,
  size: sizeField(COMMODITY_PAGE_SIZE, 20),
  /** Part of the name, code, unit or category name, any case. */
  search: z.string().trim().max(64, 'search must be at most 64 characters').optional(),
  category_id: z.uuid({ error: 'category_id must be a category id' }).optional(),
});
export type ListCommoditiesQuery = z.input<typeof listCommoditiesQuerySchema>;

export const commoditiesResponseSchema = envelope(pageOf(commoditySchema));

export const listCommodityCategoriesQuerySchema = z.strictObject({
  page: pageField,
  size: sizeField(COMMODITY_CATEGORY_PAGE_SIZE, COMMODITY_CATEGORY_PAGE_SIZE),
});

export const commodityCategoriesResponseSchema = envelope(pageOf(commodityCategorySchema));

export const commodityIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a commodity id' }),
});
export const categoryIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a category id' }),
});

export const commodityCategoryDetailSchema = commodityCategorySchema
  .extend({ commodities: z.array(commoditySchema) })
  .meta({ id: 'CommodityCategoryDetail' });
export const commodityCategoryResponseSchema = envelope(commodityCategoryDetailSchema);

export const commodityPricesQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .int()
    .min(1, 'days must be between 1 and 365')
    .max(365, 'days must be between 1 and 365')
    .default(30),
});

export const commodityPricePointSchema = z
  .object({ date: z.string(), buy_price: moneyText, sell_price: moneyText })
  .meta({ id: 'CommodityPricePoint' });
export type CommodityPricePoint = z.infer<typeof commodityPricePointSchema>;

export const commodityPricesResponseSchema = envelope(
  z.object({ commodity: commoditySchema, items: z.array(commodityPricePointSchema) }),
);

export const commodityHoldingSchema = z
  .object({
    commodity: commoditySchema,
    units: unitsText,
    /** What the units cost, fees excluded (average cost). */
    cost: moneyText,
    /** The units at today's sell price, rounded down to the kobo. */
    value: moneyText,
    /** value − cost (negative for a loss). */
    gain: moneyText,
    /** gain / cost in basis points (0 when there is no cost). */
    gain_bps: z.number().int(),
  })
  .meta({ id: 'CommodityHolding' });
export type CommodityHolding = z.infer<typeof commodityHoldingSchema>;

export const commodityHoldingsResponseSchema = envelope(
  z.object({
    items: z.array(commodityHoldingSchema),
    total_cost: moneyText,
    total_value: moneyText,
    total_gain: moneyText,
  }),
);

export const tradeSides = ['buy', 'sell'] as const;
export type TradeSide = (typeof tradeSides)[number];

const unitsOrAmount = (body: { units?: unknown; amount?: unknown }) =>
  (body.units === undefined) !== (body.amount === undefined);

export const commodityQuoteBodySchema = z
  .strictObject({
    commodity_id: z.uuid({ error: commodityMessages.badCommodity }),
    side: z.enum(tradeSides, { error: commodityMessages.badSide }),
    units: unitsInput.optional(),
    amount: moneyInput.optional(),
  })
  .refine(unitsOrAmount, { error: commodityMessages.unitsOrAmount, path: ['units'] });
export type CommodityQuoteBody = z.input<typeof commodityQuoteBodySchema>;

/**
 * A trade's price, honoured until `expires_at` and once. `amount` = units × price, rounded UP to
 * the kobo on a buy and DOWN on a sell; `total` = amount + fee (what the wallet pays, buy) or
 * amount − fee (what it receives, sell).
 */
export const commodityQuoteSchema = z
  .object({
    id: z.uuid(),
    commodity_id: z.uuid(),
    side: z.enum(tradeSides),
    units: unitsText,
    /** Naira per unit. */
    price: moneyText,
    amount: moneyText,
    fee: moneyText,
    total: moneyText,
    expires_at: z.string(),
  })
  .meta({ id: 'CommodityQuote' });
export type CommodityQuote = z.infer<typeof commodityQuoteSchema>;

export const commodityQuoteResponseSchema = envelope(commodityQuoteSchema);

export const commodityTradeBodySchema = z
  .strictObject({
    commodity_id: z.uuid({ error: commodityMessages.badCommodity }),
    units: unitsInput.optional(),
    amount: moneyInput.optional(),
    payment_method: z.literal('wallet', { error: commodityMessages.badPaymentMethod }),
    /** The quote the user confirmed. */
    quote_id: z.uuid({ error: commodityMessages.badQuote }).optional(),
  })
  .refine(unitsOrAmount, { error: commodityMessages.unitsOrAmount, path: ['units'] });
export type CommodityTradeBody = z.input<typeof commodityTradeBodySchema>;

export const commodityTradeSchema = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    side: z.enum(tradeSides),
    commodity_id: z.uuid(),
    units: unitsText,
    price: moneyText,
    amount: moneyText,
    fee: moneyText,
    total: moneyText,
    created_at: z.string(),
    /** The units held after the trade. */
    holding_units: unitsText,
    /** The activity row of the trade (type `trade`). */
    transaction: transactionSchema,
  })
  .meta({ id: 'CommodityTrade' });
export type CommodityTrade = z.infer<typeof commodityTradeSchema>;

export const commodityTradeResponseSchema = envelope(commodityTradeSchema);
