import { z } from 'zod';
import { firstNameField, lastNameField, userSchema } from './auth.ts';
import { authMessages } from './auth-rules.ts';
import { envelope, moneyText } from './common.ts';
import { nigerianPhoneField } from './phone.ts';

/** Only these fields may change through PATCH /accounts; anything else is refused. */
export const updateAccountBodySchema = z
  .strictObject({
    first_name: firstNameField.optional(),
    last_name: lastNameField.optional(),
    phone: nigerianPhoneField(authMessages.phone).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

export const accountResponseSchema = envelope(userSchema);

export const referralsResponseSchema = envelope(
  z.object({
    items: z.array(z.object({ first_name: z.string(), joined_at: z.string() })),
    total: z.number().int(),
  }),
);

/** A limit in naira, or null when the tier has none. "0.00" means the tier allows none of it. */
const limitText = moneyText.nullable();

/** What one KYC tier allows, from the `transaction_limits` configuration. */
export const tierLimitsSchema = z
  .object({
    tier: z.number().int().min(0).max(3),
    single_deposit_max: limitText,
    balance_max: limitText,
    withdrawal_per_transaction_max: limitText,
    withdrawal_daily_max: limitText,
  })
  .meta({ id: 'TierLimits' });

export type TierLimits = z.infer<typeof tierLimitsSchema>;

/**
 * `GET /accounts/level`: the signed-in user's KYC tier (DOMAIN.md, CBN three tiers), what it
 * allows, what the next tier allows, and the verified BVN masked as the spec masks it ("1234**").
 */
export const accountLevelSchema = z
  .object({
    tier: z.number().int().min(0).max(3),
    /** The identity verification status: PENDING, SUBMITTED, ACTIVE or REJECTED. */
    status: z.string(),
    bvn: z.string().nullable().meta({ description: 'The verified BVN masked ("1234**"), or null' }),
    limits: tierLimitsSchema,
    next_tier: tierLimitsSchema.nullable(),
  })
  .meta({ id: 'AccountLevel' });

export type AccountLevel = z.infer<typeof accountLevelSchema>;

export const accountLevelResponseSchema = envelope(accountLevelSchema);
