import { z } from 'zod';
import { envelope, moneyInput, moneyText, pageOf } from './common.ts';

/** The spec's products (section 3): slugs of the savings catalogue. */
export const savingsProductSlugs = ['fixed', 'target_saving', 'dollar'] as const;
export type SavingsProductSlug = (typeof savingsProductSlugs)[number];

/** Fixed plan minimum (spec section 9): ₦1,000. */
export const FIXED_MINIMUM_MINOR = 1_000_00n;

/** The spec's fixed-plan messages (section 5). */
export const fixedSavingsMessages = {
  notANumber: 'Please enter a valid number',
  belowMinimum: 'Amount must be at least 1,000',
  belowMinimumOnContinue: 'Amount must be at least ₦1,000',
  noDuration: 'Select a valid duration',
  agreement: 'Kindly tick the checkbox to proceed',
  created: 'Amount fixed Successfully',
} as const;

/** One row of a product's rate chart: how long, and the rate per annum it earns. */
export const savingsDurationSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Days from the start date to the maturity date. */
  days: z.number().int(),
  /** Percent per annum, e.g. 10 for 10% p.a. */
  rate: z.number(),
});
export type SavingsDuration = z.infer<typeof savingsDurationSchema>;

const labelled = z.object({ id: z.string(), label: z.string() });

export const savingsProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    currency: z.string(),
    /** Smallest amount a plan of this product takes (major units). */
    minimum: moneyText,
    active: z.boolean(),
    meta: z.object({
      durations: z.array(savingsDurationSchema),
      categories: z.array(labelled).optional(),
      collection_methods: z.array(labelled).optional(),
      collection_frequencies: z.array(labelled).optional(),
    }),
  })
  .meta({ id: 'SavingsProduct' });
export type SavingsProduct = z.infer<typeof savingsProductSchema>;

export const savingsProductsResponseSchema = envelope(
  z.object({ items: z.array(savingsProductSchema) }),
);

export const savingStatuses = ['active', 'matured'] as const;
export type SavingStatus = (typeof savingStatuses)[number];

/** The spec's saving order (section 3), with what a plan detail needs besides. */
export const savingOrderSchema = z
  .object({
    id: z.string(),
    /** The principal (fixed) or the target amount (target). */
    amount: moneyText,
    currency: z.string(),
    status: z.enum(savingStatuses),
    meta: z.object({
      reason: z.string(),
      /** YYYY-MM-DD, Lagos business date. */
      start_date: z.string(),
      maturity_date: z.string(),
      /** The duration's label, e.g. "30 days". */
      duration: z.string(),
      duration_id: z.string(),
      duration_days: z.number().int(),
      /** The rate fixed when the plan was made, percent per annum. */
      percentage_yield: z.number(),
    }),
    saving: z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      /** True while the plan runs; false once matured (the Matured tab). */
      active: z.boolean(),
      rate: z.number(),
    }),
    /** Interest booked so far, before tax. */
    accrued_interest: moneyText,
    /** What maturity will pay: gross interest over the term, 10% withholding tax, and the net. */
    projected: z.object({
      gross_interest: moneyText,
      withholding_tax: moneyText,
      net_interest: moneyText,
      payout: moneyText,
    }),
    /** What maturity paid, once matured. */
    paid: z
      .object({
        gross_interest: moneyText,
        withholding_tax: moneyText,
        net_interest: moneyText,
        payout: moneyText,
        matured_at: z.string(),
      })
      .nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'SavingOrder' });
export type SavingOrder = z.infer<typeof savingOrderSchema>;

/** The spec's saving record: what the user has saved, with its order. */
export const savingRecordSchema = z
  .object({
    id: z.string(),
    /** What is saved in the plan now (the principal for fixed plans). */
    amount: moneyText,
    saving_order: savingOrderSchema,
  })
  .meta({ id: 'SavingRecord' });
export type SavingRecord = z.infer<typeof savingRecordSchema>;

export const savingsQuerySchema = z.strictObject({
  slug: z
    .enum(savingsProductSlugs, { error: 'slug must be fixed, target_saving or dollar' })
    .optional(),
  status: z.enum(savingStatuses, { error: 'status must be active or matured' }).optional(),
});

export const savingsResponseSchema = envelope(pageOf(savingRecordSchema));
export const savingOrdersResponseSchema = envelope(pageOf(savingOrderSchema));
export const savingRecordResponseSchema = envelope(savingRecordSchema);

export const createFixedSavingBodySchema = z.strictObject({
  amount: moneyInput,
  duration: z
    .string({ error: fixedSavingsMessages.noDuration })
    .min(1, fixedSavingsMessages.noDuration),
});
export type CreateFixedSavingBody = z.input<typeof createFixedSavingBodySchema>;

export const savingOrderParamsSchema = z.strictObject({
  savingId: z.uuid({ error: 'That savings plan does not exist' }),
  orderId: z.uuid({ error: 'That savings plan does not exist' }),
});

/** One day's interest on a plan. */
export const savingAccrualSchema = z.object({
  /** The Lagos business date the interest is for. */
  date: z.string(),
  interest: moneyText,
  /** Gross interest booked up to and including this day. */
  total: moneyText,
});

export const savingOrderDetailSchema = savingRecordSchema
  .extend({ accruals: z.array(savingAccrualSchema) })
  .meta({ id: 'SavingOrderDetail' });
export type SavingOrderDetail = z.infer<typeof savingOrderDetailSchema>;

export const savingOrderDetailResponseSchema = envelope(savingOrderDetailSchema);
