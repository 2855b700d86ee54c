import { z } from 'zod';
import { envelope, pageOf } from './common.ts';

/**
 * The operator console (`/ops` in the web app, `/v1/ops/*` in the API): the people who run Ajo,
 * signed in apart from customers with a password and a code from an authenticator app.
 */

/** Operators' passwords are longer than customers': at least this many characters. */
export const OPERATOR_PASSWORD_MIN = 12;
/** Wrong sign-ins in a row before an operator is locked out, and for how long. */
export const OPERATOR_MAX_ATTEMPTS = 5;
export const OPERATOR_LOCK_MINUTES = 15;

export const opsMessages = {
  badEmail: 'Enter your work email address',
  badPassword: 'Enter your password',
  badCode: 'Enter the 6-digit code from your authenticator app',
  signInRefused: 'The email, password or code is not correct',
  locked: `Too many wrong tries; try again in ${String(OPERATOR_LOCK_MINUTES)} minutes`,
  badReason: 'Write a reason of at least 5 characters',
} as const;

/** A reason an operator gives for a decision: shown in the audit log and, where said, to the customer. */
export const opsReason = z
  .string({ error: opsMessages.badReason })
  .trim()
  .min(5, opsMessages.badReason)
  .max(500, 'Keep the reason under 500 characters');

export const operatorSignInBodySchema = z.strictObject({
  email: z.email({ error: opsMessages.badEmail }).max(254, opsMessages.badEmail),
  password: z.string({ error: opsMessages.badPassword }).min(1, opsMessages.badPassword).max(200),
  code: z
    .string({ error: opsMessages.badCode })
    .regex(/^\d{6}$/, opsMessages.badCode)
    .meta({ description: 'The current 6-digit TOTP code', example: '123456' }),
});
export type OperatorSignInBody = z.input<typeof operatorSignInBodySchema>;

export const operatorSchema = z
  .object({ id: z.string(), email: z.string(), name: z.string() })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof operatorSchema>;
export const operatorResponseSchema = envelope(operatorSchema);

/** One entry of the append-only audit log. */
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    operator: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    action: z.string(),
    subject_type: z.string().nullable(),
    subject_id: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageResponseSchema = envelope(pageOf(auditEntrySchema));

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(50),
  action: z.string().max(100).optional(),
  subject_type: z.string().max(100).optional(),
  subject_id: z.string().max(200).optional(),
});
