import { z } from 'zod';
import { envelope, moneyInput, moneyText } from './common.ts';
import { opsReason } from './ops.ts';

/**
 * The money screens of the operator console: money corrections (maker-checker), deposits flagged
 * for review, payouts and bill payments stuck pending, and reversals against CBN's deadlines. No
 * operator moves money directly: a correction needs a second operator, and posts through the
 * ledger like every other movement.
 */

/** The largest single correction, in major units: anything above is a mistake or a project. */
export const CORRECTION_MAX_MAJOR = 10_000_000;

export const opsMoneyMessages = {
  badAmount: 'Enter an amount above 0 with at most 2 decimals, for example 5000 or 5000.50',
  tooLarge: `A single correction is at most ${CORRECTION_MAX_MAJOR.toLocaleString('en-NG')}`,
  badUser: 'Enter the customer id (a UUID)',
  ownCorrection:
    'You proposed this correction: another operator must approve or reject it (maker-checker)',
} as const;

const amountText = /^(?:\d{1,12})(?:\.\d{1,2})?$/;

/** A correction's amount: a number or decimal text, above 0, at most 2 decimals, under the cap. */
export const correctionAmount = moneyInput
  .refine((value) => amountText.test(String(value)) && Number(value) > 0, {
    error: opsMoneyMessages.badAmount,
  })
  .refine((value) => Number(value) <= CORRECTION_MAX_MAJOR, { error: opsMoneyMessages.tooLarge });

export const correctionStatuses = ['proposed', 'approved', 'rejected'] as const;
export const correctionDirections = ['credit', 'debit'] as const;

export const proposeCorrectionBodySchema = z.strictObject({
  user_id: z.uuid({ error: opsMoneyMessages.badUser }),
  currency: z.enum(['NGN', 'USD'], { error: 'currency must be NGN or USD' }),
  direction: z.enum(correctionDirections, { error: 'direction must be credit or debit' }),
  amount: correctionAmount,
  reason: opsReason,
  /** The reference of the movement it corrects, when it corrects one. */
  related_reference: z.string().trim().min(1).max(100).optional(),
});
export type ProposeCorrectionBody = z.input<typeof proposeCorrectionBodySchema>;

export const decisionBodySchema = z.strictObject({ reason: opsReason });
export type DecisionBody = z.input<typeof decisionBodySchema>;

const operatorRef = z.object({ id: z.string(), name: z.string() });

export const correctionSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    currency: z.enum(['NGN', 'USD']),
    direction: z.enum(correctionDirections),
    amount: moneyText,
    reason: z.string(),
    related_reference: z.string().nullable(),
    status: z.enum(correctionStatuses),
    proposed_by: operatorRef,
    proposed_at: z.string(),
    decided_by: operatorRef.nullable(),
    decided_at: z.string().nullable(),
    decision_note: z.string().nullable(),
    /** The customer's movement the approval posted. */
    transaction_reference: z.string().nullable(),
    /** Whether the operator asking may approve or reject it (proposed, and not their own). */
    can_decide: z.boolean(),
  })
  .meta({ id: 'MoneyCorrection' });
export type MoneyCorrection = z.infer<typeof correctionSchema>;

export const correctionsQuerySchema = z.strictObject({
  status: z.enum(correctionStatuses).optional(),
});

export const correctionResponseSchema = envelope(correctionSchema);
export const correctionsResponseSchema = envelope(z.object({ items: z.array(correctionSchema) }));

export const correctionParamsSchema = z.strictObject({ id: z.uuid('Not a correction id') });

/** A deposit whose provider's answer contradicted ours: it waits for a person. */
export const flaggedDepositSchema = z
  .object({
    transaction_id: z.string(),
    reference: z.string(),
    user_id: z.string(),
    currency: z.enum(['NGN', 'USD']),
    amount: moneyText,
    channel: z.string(),
    status: z.string(),
    provider: z.string().nullable(),
    provider_reference: z.string().nullable(),
    review_reason: z.string(),
    created_at: z.string(),
    age_minutes: z.number().int(),
  })
  .meta({ id: 'FlaggedDeposit' });
export type FlaggedDeposit = z.infer<typeof flaggedDepositSchema>;
export const flaggedDepositsResponseSchema = envelope(
  z.object({ items: z.array(flaggedDepositSchema) }),
);

export const resolveFlaggedBodySchema = z.strictObject({
  outcome: z.enum(['credit', 'dismiss'], { error: 'outcome must be credit or dismiss' }),
  reason: opsReason,
});
export type ResolveFlaggedBody = z.input<typeof resolveFlaggedBodySchema>;

export const reviewDecisionSchema = z.object({
  subject_type: z.string(),
  subject_id: z.string(),
  outcome: z.string(),
  note: z.string(),
  correction_id: z.string().nullable(),
  at: z.string(),
});

export const resolveFlaggedResponseSchema = envelope(
  z.object({ decision: reviewDecisionSchema, correction: correctionSchema.nullable() }),
);

export const flaggedParamsSchema = z.strictObject({
  transactionId: z.uuid('Not a transaction id'),
});

/** A payout or bill payment the provider has not settled 15 minutes after it was placed. */
export const stuckMovementSchema = z
  .object({
    product: z.string(),
    reference: z.string(),
    user_id: z.string(),
    transaction_id: z.string(),
    currency: z.enum(['NGN', 'USD']),
    amount: moneyText,
    fee: moneyText,
    status: z.enum(['held', 'submitted']),
    provider: z.string(),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    /** When the provider was last asked (or the movement last changed). */
    updated_at: z.string(),
    age_minutes: z.number().int(),
    /** An operator's note when the provider could not say. */
    escalation: z.object({ note: z.string(), at: z.string(), operator: z.string() }).nullable(),
  })
  .meta({ id: 'StuckMovement' });
export type StuckMovement = z.infer<typeof stuckMovementSchema>;
export const stuckMovementsResponseSchema = envelope(
  z.object({ items: z.array(stuckMovementSchema) }),
);

export const stuckParamsSchema = z.strictObject({ reference: z.string().min(1).max(100) });

export const requeryResponseSchema = envelope(
  z.object({
    reference: z.string(),
    /** The movement's state after asking: still `held`/`submitted`, or settled. */
    status: z.enum(['held', 'submitted', 'success', 'failed', 'reversed']),
    transaction_status: z.string(),
    settled: z.boolean(),
    answer: z.string(),
  }),
);

export const stuckNoteResponseSchema = envelope(reviewDecisionSchema);

/** CBN's deadlines for putting failed electronic money back (DOMAIN.md). */
export const reversalRules = ['own_channel', 'web', 'pos'] as const;

/** Money out that failed, was reversed, or is still pending: when must the customer have it back? */
export const reversalSchema = z
  .object({
    product: z.string(),
    reference: z.string(),
    user_id: z.string(),
    currency: z.enum(['NGN', 'USD']),
    amount: moneyText,
    status: z.enum(['pending', 'failed', 'reversed']),
    rule: z.enum(reversalRules),
    deadline_hours: z.number().int(),
    started_at: z.string(),
    deadline_at: z.string(),
    /** Minutes until the deadline; negative once past it. */
    minutes_left: z.number().int(),
    overdue: z.boolean(),
    money_back: z.boolean(),
    money_back_at: z.string().nullable(),
  })
  .meta({ id: 'Reversal' });
export type Reversal = z.infer<typeof reversalSchema>;

export const reversalsQuerySchema = z.strictObject({
  /** `open`: money not back yet; `all` (the default): also those put right in the last 7 days. */
  show: z.enum(['open', 'all']).default('all'),
});

export const reversalsResponseSchema = envelope(
  z.object({ items: z.array(reversalSchema), overdue_count: z.number().int() }),
);
