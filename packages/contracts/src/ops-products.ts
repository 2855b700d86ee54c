import { z } from 'zod';
import { envelope } from './common.ts';
import { propertyScenes } from './real-estate.ts';
import { opsReason } from './ops.ts';

/**
 * Product management in the operator console (`/v1/ops/products`, `/v1/ops/product-changes`):
 * the catalogue customers buy from, changed only from a date an operator chooses, never
 * backwards. A change applies to what is bought from then on; plans and orders made before keep
 * the terms they were made on.
 */

export const productKinds = [
  'savings_product',
  'commodity',
  'fixed_income_product',
  'real_estate_listing',
  'fee',
  'limit',
  'exchange_rate',
  'advert',
] as const;
export type ProductKind = (typeof productKinds)[number];

export const productChangeStatuses = ['scheduled', 'applied', 'cancelled'] as const;
export type ProductChangeStatus = (typeof productChangeStatuses)[number];

export const productMessages = {
  inThePast: 'A change cannot start in the past',
  tooFarAhead: 'A change can start at most a year from now',
  notFound: 'No such product',
  changeNotFound: 'No such product change',
  notScheduled: 'Only a scheduled change can be cancelled',
  nothingToChange: 'Change at least one field',
  badRate: 'Enter a rate from 0 to 100 with at most 2 decimals',
  badMoney: 'Enter an amount like 5000.00 (at most 2 decimals)',
  minimumAboveMaximum: 'The minimum cannot be above the maximum',
  sellNotBelowBuy: 'The sell rate must be below the buy rate',
  duplicateDuration: 'Each duration needs its own id',
  badPath: 'A button opens an app path starting with /',
} as const;

/** Percent per annum or of an amount: 0–100, at most 2 decimals (12.5 is 12.5%). */
export const ratePercent = z
  .number({ error: productMessages.badRate })
  .min(0, productMessages.badRate)
  .max(100, productMessages.badRate)
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9,
    productMessages.badRate,
  )
  .meta({ description: 'Percent, 0–100, at most 2 decimals', example: 13.5 });

/** A money amount in major units as text: "5000", "5000.5" or "5000.00" (stored as "5000.00"). */
export const moneyChange = z
  .string({ error: productMessages.badMoney })
  .regex(/^\d{1,13}(\.\d{1,2})?$/, productMessages.badMoney)
  .meta({ description: 'Decimal text in major units, at most 2 decimals', example: '5000.00' });

const name = z.string().trim().min(2, 'Enter a name of at least 2 characters').max(80);
const description = z
  .string()
  .trim()
  .min(5, 'Enter a description of at least 5 characters')
  .max(500);
const position = z.number().int().min(0).max(1000);
const location = z.string().trim().min(2, 'Enter a location of at least 2 characters').max(80);
const advertTitle = z.string().trim().min(2, 'Enter a title of at least 2 characters').max(80);
const advertBody = z.string().trim().min(2, 'Enter the text of at least 2 characters').max(200);
const ctaLabel = z.string().trim().min(2, 'Enter a button label of at least 2 characters').max(30);
const ctaPath = z.string().regex(/^\/[^\s]{0,199}$/, productMessages.badPath);

/** Keeps a change from being empty: `{}` changes nothing and is refused. */
const atLeastOne = <T extends z.ZodObject>(schema: T) =>
  schema.refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: productMessages.nothingToChange,
  });

export const savingsDurationChange = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9_-]{1,20}$/, 'A duration id is 1–20 lowercase letters, digits, _ or -'),
  label: z.string().trim().min(1).max(40),
  days: z.number().int().min(1).max(3650),
  rate: ratePercent,
});

export const savingsProductChangesSchema = atLeastOne(
  z.strictObject({
    name: name.optional(),
    description: description.optional(),
    minimum: moneyChange.optional(),
    active: z.boolean().optional(),
    /** The whole rate chart as it will be: rates and durations. */
    durations: z
      .array(savingsDurationChange)
      .min(1, 'Keep at least one duration')
      .max(12)
      .refine(
        (durations) => new Set(durations.map((duration) => duration.id)).size === durations.length,
        productMessages.duplicateDuration,
      )
      .optional(),
  }),
);

export const commodityChangesSchema = atLeastOne(
  z.strictObject({
    name: name.optional(),
    description: description.optional(),
    /** What one unit is, as people read it ("bag of 100 kg"). */
    unit: z.string().trim().min(1).max(40).optional(),
    category_id: z.uuid('Choose a category').optional(),
    position: position.optional(),
  }),
);

export const fixedIncomeProductChangesSchema = atLeastOne(
  z.strictObject({
    name: name.optional(),
    description: description.optional(),
    rate: ratePercent.optional(),
    minimum: moneyChange.optional(),
    maximum: moneyChange.optional(),
    active: z.boolean().optional(),
    position: position.optional(),
  }),
);

export const realEstateListingChangesSchema = atLeastOne(
  z.strictObject({
    name: name.optional(),
    location: location.optional(),
    description: description.optional(),
    price_per_unit: moneyChange.optional(),
    /** Expected annual rental yield, percent. */
    rental_yield: ratePercent.optional(),
    active: z.boolean().optional(),
    position: position.optional(),
  }),
);

export const feeChangesSchema = atLeastOne(
  z.strictObject({
    /** Percent of the amount. */
    rate: ratePercent.optional(),
    flat: moneyChange.optional(),
    /** The most the fee can be; null for no cap. */
    cap: moneyChange.nullable().optional(),
  }),
);

const tier = z.number().int().min(0).max(3);

export const limitChangesSchema = atLeastOne(
  z.strictObject({
    minimum: moneyChange.optional(),
    /** Per KYC tier (0–3): the most per transaction and per day; null for no limit. */
    tiers: z
      .array(
        z.strictObject({
          tier,
          per_transaction: moneyChange.nullable(),
          daily: moneyChange.nullable(),
        }),
      )
      .min(1)
      .max(4)
      .optional(),
    /** Per KYC tier: the most a wallet may hold; null for no limit. */
    balance_max: z
      .array(z.strictObject({ tier, amount: moneyChange.nullable() }))
      .min(1)
      .max(4)
      .optional(),
  }),
);

export const exchangeRateChangesSchema = z
  .strictObject({
    /** Naira a customer pays for $1. */
    buy: moneyChange,
    /** Naira a customer gets for $1; below `buy`. */
    sell: moneyChange,
  })
  .refine((value) => Number(value.sell) < Number(value.buy), {
    message: productMessages.sellNotBelowBuy,
    path: ['sell'],
  });

export const advertChangesSchema = atLeastOne(
  z.strictObject({
    title: advertTitle.optional(),
    body: advertBody.optional(),
    cta_label: ctaLabel.optional(),
    cta_path: ctaPath.optional(),
    position: position.optional(),
    active: z.boolean().optional(),
  }),
);

export const productChangesSchemas = {
  savings_product: savingsProductChangesSchema,
  commodity: commodityChangesSchema,
  fixed_income_product: fixedIncomeProductChangesSchema,
  real_estate_listing: realEstateListingChangesSchema,
  fee: feeChangesSchema,
  limit: limitChangesSchema,
  exchange_rate: exchangeRateChangesSchema,
  advert: advertChangesSchema,
} as const;

const effectiveFrom = z
  .union([z.literal('now'), z.iso.datetime({ offset: true })], {
    error: 'Enter the date and time the change starts from',
  })
  .meta({
    description:
      'ISO 8601 time the change starts from (not in the past), or `now` for the server’s now',
    example: '2026-11-28T09:00:00+01:00',
  });
const targetId = z.string().trim().min(1, 'Name the product to change').max(100);

const scheduleOf = <K extends ProductKind, S extends z.ZodType>(kind: K, changes: S) =>
  z.strictObject({
    kind: z.literal(kind),
    /** The product's id; for fees, limits and the exchange rate, the configuration item's id. */
    target_id: targetId,
    changes,
    effective_from: effectiveFrom,
  });

export const scheduleProductChangeBodySchema = z.discriminatedUnion(
  'kind',
  [
    scheduleOf('savings_product', savingsProductChangesSchema),
    scheduleOf('commodity', commodityChangesSchema),
    scheduleOf('fixed_income_product', fixedIncomeProductChangesSchema),
    scheduleOf('real_estate_listing', realEstateListingChangesSchema),
    scheduleOf('fee', feeChangesSchema),
    scheduleOf('limit', limitChangesSchema),
    scheduleOf('exchange_rate', exchangeRateChangesSchema),
    scheduleOf('advert', advertChangesSchema),
  ],
  { error: `Choose a kind: ${productKinds.join(', ')}` },
);
export type ScheduleProductChangeBody = z.input<typeof scheduleProductChangeBodySchema>;

/**
 * Kinds an operator may add a new product of. A new one is stored hidden and goes live at its
 * `effective_from`, through a scheduled change like any other (never earlier).
 */
export const newProductKinds = ['real_estate_listing', 'advert'] as const;
export type NewProductKind = (typeof newProductKinds)[number];

/** How a new listing is drawn (the scenes the app draws; its colours follow the scene). */
export const listingScenes = propertyScenes;

export const newRealEstateListingSchema = z.strictObject({
  name,
  location,
  description,
  price_per_unit: moneyChange,
  /** Expected annual rental yield, percent. */
  rental_yield: ratePercent,
  units_total: z
    .number({ error: 'Enter how many units the property has' })
    .int('Enter a whole number of units')
    .min(1, 'A property has at least 1 unit')
    .max(1_000_000, 'A property has at most 1,000,000 units'),
  scene: z.enum(listingScenes, { error: `Choose a picture: ${listingScenes.join(', ')}` }),
});

export const newAdvertSchema = z.strictObject({
  title: advertTitle,
  body: advertBody,
  cta_label: ctaLabel,
  cta_path: ctaPath,
});

export const createProductBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('real_estate_listing'),
      values: newRealEstateListingSchema,
      effective_from: effectiveFrom,
    }),
    z.strictObject({
      kind: z.literal('advert'),
      values: newAdvertSchema,
      effective_from: effectiveFrom,
    }),
  ],
  { error: `Choose a kind: ${newProductKinds.join(', ')}` },
);
export type CreateProductBody = z.input<typeof createProductBodySchema>;

export const cancelProductChangeBodySchema = z.strictObject({ reason: opsReason });

export const productChangesQuerySchema = z.object({
  status: z.enum(productChangeStatuses).optional(),
});

export const productChangeSchema = z
  .object({
    id: z.string(),
    kind: z.enum(productKinds),
    target_id: z.string(),
    /** The product's name as people read it (or the configuration item's id). */
    target_name: z.string(),
    changes: z.record(z.string(), z.unknown()),
    /** The changed fields' values just before it applied; null until then. */
    previous: z.record(z.string(), z.unknown()).nullable(),
    effective_from: z.string(),
    status: z.enum(productChangeStatuses),
    proposed_by: z.object({ id: z.string(), name: z.string() }),
    created_at: z.string(),
    applied_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
  })
  .meta({ id: 'ProductChange' });
export type ProductChange = z.infer<typeof productChangeSchema>;

export const productChangeResponseSchema = envelope(productChangeSchema);
export const productChangesResponseSchema = envelope(
  z.object({ items: z.array(productChangeSchema) }),
);

const scheduled = z.array(productChangeSchema);

export const opsSavingsProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  minimum: z.string(),
  active: z.boolean(),
  durations: z.array(
    z.object({ id: z.string(), label: z.string(), days: z.number().int(), rate: z.number() }),
  ),
  scheduled,
});

export const opsCommoditySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  position: z.number().int(),
  /** Today's market price (the market's, not editable here); null before the first price. */
  buy_price: z.string().nullable(),
  sell_price: z.string().nullable(),
  scheduled,
});

export const opsFixedIncomeProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  kind: z.string(),
  issuer: z.string(),
  description: z.string(),
  tenor: z.number().int(),
  tenor_unit: z.string(),
  rate: z.number(),
  minimum: z.string(),
  maximum: z.string(),
  active: z.boolean(),
  position: z.number().int(),
  scheduled,
});

export const opsRealEstateListingSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  location: z.string(),
  description: z.string(),
  price_per_unit: z.string(),
  units_total: z.number().int(),
  units_available: z.number().int(),
  rental_yield: z.number(),
  active: z.boolean(),
  position: z.number().int(),
  scheduled,
});

export const opsFeeSchema = z.object({
  /** The operation, or `operation:payment_method` for a fee per payment method. */
  id: z.string(),
  currency: z.string(),
  rate: z.number(),
  flat: z.string(),
  cap: z.string().nullable(),
  scheduled,
});

export const opsLimitSchema = z.object({
  id: z.string(),
  currency: z.string(),
  minimum: z.string(),
  tiers: z.array(
    z.object({
      tier: z.number().int(),
      per_transaction: z.string().nullable(),
      daily: z.string().nullable(),
    }),
  ),
  balance_max: z
    .array(z.object({ tier: z.number().int(), amount: z.string().nullable() }))
    .nullable(),
  scheduled,
});

export const opsExchangeRateSchema = z.object({
  id: z.string(),
  base: z.string(),
  quote: z.string(),
  buy: z.string(),
  sell: z.string(),
  scheduled,
});

export const opsAdvertSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  cta_label: z.string(),
  cta_path: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  scheduled,
});

export const opsCatalogueSchema = z
  .object({
    savings_products: z.array(opsSavingsProductSchema),
    commodities: z.array(opsCommoditySchema),
    commodity_categories: z.array(z.object({ id: z.string(), name: z.string() })),
    fixed_income_products: z.array(opsFixedIncomeProductSchema),
    real_estate_listings: z.array(opsRealEstateListingSchema),
    fees: z.array(opsFeeSchema),
    limits: z.array(opsLimitSchema),
    exchange_rate: z.array(opsExchangeRateSchema),
    adverts: z.array(opsAdvertSchema),
    /**
     * The server's time when it answered: a later start is chosen on that clock (the sandbox's
     * may run ahead of the browser's), never on the browser's own.
     */
    as_of: z.string(),
  })
  .meta({ id: 'OpsCatalogue' });
export type OpsCatalogue = z.infer<typeof opsCatalogueSchema>;
export const opsCatalogueResponseSchema = envelope(opsCatalogueSchema);
