import { z } from 'zod';
import { envelope, pageOf } from './common.ts';
import { opsReason } from './ops.ts';

/**
 * The console's KYC review queue (`/v1/ops/kyc`): identity verifications the face match could
 * not decide (IN_REVIEW), and rejected ones an operator may still overturn, each approved or
 * rejected once, with a reason, and the customer told.
 */

/** Which part of the queue: inconclusive matches, or rejections not yet reviewed by a person. */
export const kycQueueStatuses = ['in_review', 'rejected'] as const;
export type KycQueueStatus = (typeof kycQueueStatuses)[number];

/** Why a submission is in the queue. */
export const kycQueueReasons = ['inconclusive', 'no_match', 'face_match_unavailable'] as const;
export type KycQueueReason = (typeof kycQueueReasons)[number];

export const kycQueueQuerySchema = z.object({
  status: z
    .enum(kycQueueStatuses, { error: 'status must be in_review or rejected' })
    .default('in_review'),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type KycQueueQuery = z.input<typeof kycQueueQuerySchema>;

export const kycQueueItemSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    customer_name: z.string(),
    status: z.enum(['IN_REVIEW', 'REJECTED']),
    submitted_at: z.string(),
    /** 0–100 as the face match scored it; null when the face match never answered. */
    face_confidence: z.number().int().nullable(),
    reason: z.enum(kycQueueReasons),
  })
  .meta({ id: 'KycQueueItem' });
export type KycQueueItem = z.infer<typeof kycQueueItemSchema>;
export const kycQueueResponseSchema = envelope(pageOf(kycQueueItemSchema));

const personNameSchema = z.object({ first_name: z.string(), last_name: z.string() });

export const kycDecisionSchema = z.object({
  outcome: z.enum(['approved', 'rejected']),
  reason: z.string(),
  operator_name: z.string(),
  decided_at: z.string(),
});

/** What an operator needs to decide one submission: both sides of the comparison. */
export const kycCaseSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    status: z.enum(['SUBMITTED', 'IN_REVIEW', 'ACTIVE', 'REJECTED']),
    reason: z.enum(kycQueueReasons).nullable(),
    face_confidence: z.number().int().nullable(),
    submitted_at: z.string(),
    /** The name the customer registered with. */
    customer: personNameSchema,
    /** The date of birth the customer gave with the selfie, YYYY-MM-DD. */
    date_of_birth: z.string(),
    /** The verified BVN masked as the spec masks it ("1234**"). */
    bvn: z.string(),
    /** What the BVN registry holds: the names and date of birth to compare. */
    bvn_record: personNameSchema.extend({ date_of_birth: z.string() }),
    /** The selfie as a `data:image/jpeg;base64,…` URL. */
    selfie: z.string(),
    /** True while an operator may still approve or reject it. */
    decidable: z.boolean(),
    decision: kycDecisionSchema.nullable(),
  })
  .meta({ id: 'KycCase' });
export type KycCase = z.infer<typeof kycCaseSchema>;
export const kycCaseResponseSchema = envelope(kycCaseSchema);

export const kycDecisionBodySchema = z.strictObject({ reason: opsReason });
export type KycDecisionBody = z.input<typeof kycDecisionBodySchema>;

export const kycDecisionResultSchema = z
  .object({
    id: z.string(),
    status: z.enum(['ACTIVE', 'REJECTED']),
    user: z.object({ id: z.string(), status: z.string(), tier: z.number().int() }),
  })
  .meta({ id: 'KycDecisionResult' });
export type KycDecisionResult = z.infer<typeof kycDecisionResultSchema>;
export const kycDecisionResponseSchema = envelope(kycDecisionResultSchema);

export const kycIdParamsSchema = z.object({ id: z.string().max(100) });
