import { z } from 'zod';
import { envelope, moneyText, pageOf } from './common.ts';

export { investmentPageQuerySchema } from './fixed-income.ts';

/** The words a refusal of a purchase uses (the web form shows the same ones). */
export const realEstateMessages = {
  unknownProperty: 'That property does not exist',
  units: 'Enter a whole number of units, at least 1',
  soldOut: 'This property has no units left',
} as const;

/** Most units one purchase may take. */
export const MAX_UNITS_PER_PURCHASE = 10_000;

/** The scenes the app draws a property as (no photographs from elsewhere). */
export const propertyScenes = ['tower', 'terrace', 'villa', 'warehouse'] as const;
export type PropertyScene = (typeof propertyScenes)[number];

/** How the app draws a property: a scene and its colours. */
export const propertyArtSchema = z.object({
  scene: z.enum(propertyScenes),
  sky: z.string(),
  ground: z.string(),
  accent: z.string(),
});
export type PropertyArt = z.infer<typeof propertyArtSchema>;

/** Each scene with its own colours (the seeded listings and any an operator adds). */
const sceneColours: Record<PropertyScene, Omit<PropertyArt, 'scene'>> = {
  tower: { sky: '#FDE7C8', ground: '#0F5132', accent: '#E07A1F' },
  terrace: { sky: '#DCEBFA', ground: '#3C6E47', accent: '#B5523B' },
  villa: { sky: '#E9F5E1', ground: '#2F6B3A', accent: '#C0392B' },
  warehouse: { sky: '#EFE6FA', ground: '#4B4453', accent: '#2A9D8F' },
};

export const propertyArt = (scene: PropertyScene): PropertyArt => ({
  scene,
  ...sceneColours[scene],
});

export const realEstatePropertySchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    location: z.string(),
    description: z.string(),
    price_per_unit: moneyText,
    units_total: z.number().int(),
    units_available: z.number().int(),
    /** Expected annual rental yield on the unit price, percent, e.g. 9.5. */
    expected_yield: z.number(),
    /** Expected monthly rent of one unit before tax (rounded down to the kobo). */
    monthly_rent_per_unit: moneyText,
    art: propertyArtSchema,
    active: z.boolean(),
  })
  .meta({ id: 'RealEstateProperty' });
export type RealEstateProperty = z.infer<typeof realEstatePropertySchema>;

export const realEstatePropertiesResponseSchema = envelope(pageOf(realEstatePropertySchema));

export const buyRealEstateBodySchema = z.strictObject({
  real_estate_id: z.uuid({ error: realEstateMessages.unknownProperty }),
  units: z
    .number({ error: realEstateMessages.units })
    .int(realEstateMessages.units)
    .min(1, realEstateMessages.units)
    .max(
      MAX_UNITS_PER_PURCHASE,
      `One purchase takes at most ${String(MAX_UNITS_PER_PURCHASE)} units`,
    ),
});
export type BuyRealEstateBody = z.input<typeof buyRealEstateBodySchema>;

/** A user's units of one property, with the rent it has paid them. */
export const realEstateHoldingSchema = z
  .object({
    id: z.uuid(),
    units: z.number().int(),
    cost: moneyText,
    rental_income_gross: moneyText,
    rental_income_tax: moneyText,
    rental_income_net: moneyText,
    /** The month-end of the next rent distribution. */
    next_rent_date: z.string(),
    real_estate: realEstatePropertySchema,
    created_at: z.string(),
  })
  .meta({ id: 'RealEstateHolding' });
export type RealEstateHolding = z.infer<typeof realEstateHoldingSchema>;

/** What one purchase did: the units bought, what they cost, and the holding now. */
export const realEstatePurchaseSchema = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    units: z.number().int(),
    price_per_unit: moneyText,
    amount: moneyText,
    holding: realEstateHoldingSchema,
    created_at: z.string(),
  })
  .meta({ id: 'RealEstatePurchase' });
export type RealEstatePurchase = z.infer<typeof realEstatePurchaseSchema>;

export const realEstatePurchaseResponseSchema = envelope(realEstatePurchaseSchema);
export const realEstateHoldingsResponseSchema = envelope(pageOf(realEstateHoldingSchema));
