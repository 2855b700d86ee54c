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

export const savingStatuses = ['active', 'matured', 'broken'] as const;
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
      /** True while the plan runs; false once matured or broken (the Matured tab). */
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
    /** Target plans: the goal, its collection and progress; null for other plans. */
    target: z
      .object({
        amount: moneyText,
        category: z.string(),
        frequency: z.enum(['WEEKLY', 'MONTHLY']),
        collection_method: z.enum(['automatic', 'manual']),
        collection_amount: moneyText,
        /**
         * The next automatic instalment's date; null when none is left, the target is reached or
         * collection is manual.
         */
        next_collection_date: z.string().nullable(),
        /** What that instalment takes: the collection amount, or what is left of the target. */
        next_collection_amount: moneyText.nullable(),
        /** Saved against the target, whole percent (0-100+). */
        progress_percent: z.number(),
        missed_instalments: z.number().int(),
      })
      .nullable(),
    /** The challenge target this plan belongs to; null otherwise. */
    predefined_target_id: z.string().nullable(),
    /** What maturity paid, once matured. */
    paid: z
      .object({
        gross_interest: moneyText,
        withholding_tax: moneyText,
        net_interest: moneyText,
        payout: moneyText,
        /** Breaking early: the 1% charge on deposits; otherwise 0.00. */
        charge: moneyText,
        /** Interest lost by breaking early or missing the target; otherwise 0.00. */
        forfeited_interest: moneyText,
        /** When the plan matured or was broken. */
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
  status: z.enum(savingStatuses, { error: 'status must be active, matured or broken' }).optional(),
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

/** The furthest a target's end date may be, in months from today (not in the spec: a bound). */
export const TARGET_MAXIMUM_MONTHS = 120;

/** Target plan minimum (spec section 9): ₦2,000; the challenge's top-up minimum is the same. */
export const TARGET_MINIMUM_MINOR = 2_000_00n;

/** The spec's target-creation messages (section 5), used by the server and the screens. */
export const targetSavingsMessages = {
  reason: 'Select reason',
  category: 'Select category',
  frequency: 'Select frequency',
  amountEmpty: 'Amount cannot be empty',
  amountMinimum: 'Must be at least 2,000 naira',
  startDate: 'Select start date',
  endDate: 'End date is required',
  endBeforeStart: 'End date cannot be before start date',
  endWithinMonth: 'End date must be at least one month after start date',
  collectionMethod: 'Select collection method',
  collectionAmount: 'Select collection amount',
  collectionAmountPositive: 'Collection amount cannot be 0 or negative',
  startElapsed: 'Start date/time is elapsed',
  endNotBeyondStart: 'End date must be beyond start date',
  durationUnderMonth: 'Duration must be at least one month',
  endTooFar: 'End date must be within 10 years from today',
  agreement: 'Confirm agreement to continue',
  agreementAtSubmit: 'Agree to terms to create target',
  created: 'Target created',
  toppedUp: 'Plan top up successful',
} as const;

export const collectionFrequencies = ['WEEKLY', 'MONTHLY'] as const;
export type CollectionFrequency = (typeof collectionFrequencies)[number];
export const collectionMethods = ['automatic', 'manual'] as const;
export type CollectionMethod = (typeof collectionMethods)[number];

/** A calendar date (YYYY-MM-DD) plus whole months, the day clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The due dates of an automatic plan: the start date, then every week (or month, on the start's
 * day of the month, or the month's last day when shorter) while before the end date.
 */
export function collectionDates(
  startDate: string,
  endDate: string,
  frequency: CollectionFrequency,
): string[] {
  const dates: string[] = [];
  for (let index = 0; ; index += 1) {
    const due =
      frequency === 'WEEKLY'
        ? new Date(Date.parse(`${startDate}T00:00:00Z`) + index * 7 * 86_400_000)
            .toISOString()
            .slice(0, 10)
        : addMonths(startDate, index);
    if (due >= endDate) return dates;
    dates.push(due);
  }
}

/**
 * The spec's automatic collection amount: the target divided by the number of weeks (WEEKLY) or
 * months between the dates, rounded up to the naira. The weeks or months counted are the
 * instalments the plan will collect (its due dates), so the instalments always reach the target.
 */
export function automaticCollectionMinor(
  targetMinor: bigint,
  startDate: string,
  endDate: string,
  frequency: CollectionFrequency,
): bigint {
  const count = BigInt(Math.max(1, collectionDates(startDate, endDate, frequency).length));
  const perInstalment = (targetMinor + count - 1n) / count;
  return ((perInstalment + 99n) / 100n) * 100n;
}

/** An ISO date-time whose instant is still in a four-digit year (an offset can push past 9999). */
const planInstant = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message })
    .refine((text) => new Date(text).getUTCFullYear() <= 9999, targetSavingsMessages.endTooFar);

export const targetSavingBodySchema = z.strictObject({
  reason: z
    .string({ error: targetSavingsMessages.reason })
    .trim()
    .min(1, targetSavingsMessages.reason)
    .max(60, 'Keep the reason to 60 characters'),
  category: z
    .union([z.string(), z.number()], { error: targetSavingsMessages.category })
    .transform(String)
    .pipe(z.string().min(1, targetSavingsMessages.category)),
  frequency: z.enum(collectionFrequencies, { error: targetSavingsMessages.frequency }),
  amount: moneyInput.meta({ description: 'The target, in naira' }),
  start_date: planInstant(targetSavingsMessages.startDate),
  end_date: planInstant(targetSavingsMessages.endDate),
  collection_method: z.enum(collectionMethods, { error: targetSavingsMessages.collectionMethod }),
  /** Manual plans: what the user means to deposit each time. Automatic plans: computed. */
  collection_amount: moneyInput.optional(),
});
export type TargetSavingBody = z.input<typeof targetSavingBodySchema>;

export const topUpBodySchema = z.strictObject({ amount: moneyInput });
export type TopUpBody = z.input<typeof topUpBodySchema>;

/** What breaking a plan now would give back, shown before the user confirms. */
export const breakQuoteSchema = z.object({
  /** Deposits in the plan. */
  deposits: moneyText,
  /** The 1% charge on deposits. */
  charge: moneyText,
  /** Interest accrued so far, lost on breaking. */
  forfeited_interest: moneyText,
  /** What reaches the wallet. */
  payout: moneyText,
});
export const breakQuoteResponseSchema = envelope(breakQuoteSchema);

/** A challenge's group target (the spec's Target (challenge) entity). */
export const predefinedTargetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    amount: moneyText,
    start_at: z.string(),
    end_at: z.string(),
    meta: z.object({
      image_url: z.string(),
      /** Members now. */
      total_users: z.number().int(),
      collection_amount: moneyText,
      collection_method: z.string(),
      rate: z.number(),
    }),
    /** The user's own order in it, if they joined. */
    order: savingRecordSchema.nullable(),
    /** The first day of this challenge week (weeks count from the target's start). */
    current_week_start: z.string(),
    /** Weeks whose goal the user reached. */
    medals: z.array(z.object({ week_start: z.string(), earned_at: z.string() })),
  })
  .meta({ id: 'PredefinedTarget' });
export type PredefinedTarget = z.infer<typeof predefinedTargetSchema>;

export const predefinedTargetsResponseSchema = envelope(
  z.object({ items: z.array(predefinedTargetSchema) }),
);
export const predefinedTargetResponseSchema = envelope(predefinedTargetSchema);

export const productIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'That challenge does not exist' }),
});
export const predefinedTargetParamsSchema = z.strictObject({
  id: z.uuid({ error: 'That challenge does not exist' }),
  targetId: z.uuid({ error: 'That challenge target does not exist' }),
});
