import { z } from 'zod';
import { authMessages, MAX_PASSWORD_LENGTH } from './auth-rules.ts';
import { envelope, pageOf } from './common.ts';

// The user's own data (NDPA 2023): sessions, sign-in history, exports, closing the account.

/** How long a prepared export can be downloaded, in days (then it is deleted). */
export const EXPORT_RETENTION_DAYS = 7;

export const sessionSchema = z
  .object({
    id: z.uuid(),
    /** "Chrome on Android", from the user agent when the session was opened. */
    device: z.string(),
    /** The IP with its host part hidden: `102.89.34.x`. */
    ip: z.string(),
    created_at: z.string(),
    last_seen_at: z.string(),
    /** The session making this request. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });

export type Session = z.infer<typeof sessionSchema>;

export const sessionsResponseSchema = envelope(z.object({ items: z.array(sessionSchema) }));

export const sessionParamsSchema = z.strictObject({
  id: z.uuid('This session does not exist'),
});

export const revokeSessionResponseSchema = envelope(
  z.object({ current: z.boolean().describe('Whether the session ended was this one') }),
);

export const revokeOtherSessionsResponseSchema = envelope(
  z.object({ revoked: z.number().int().describe('How many other sessions ended') }),
);

export const signInSchema = z
  .object({
    id: z.uuid(),
    outcome: z.enum(['success', 'failure']),
    device: z.string(),
    ip: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'SignIn' });

export type SignIn = z.infer<typeof signInSchema>;

export const signInsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0, 'page starts at 0').max(100_000).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be between 1 and 100')
    .max(100, 'size must be between 1 and 100')
    .default(20),
});

export const signInsResponseSchema = envelope(pageOf(signInSchema));

export const dataExportSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(['preparing', 'ready', 'expired', 'failed']),
    requested_at: z.string(),
    ready_at: z.string().nullable(),
    /** After this the archive is deleted; request a new one. */
    expires_at: z.string().nullable(),
    size_bytes: z.number().int().nullable(),
  })
  .meta({ id: 'DataExport' });

export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportResponseSchema = envelope(dataExportSchema);
export const dataExportsResponseSchema = envelope(z.object({ items: z.array(dataExportSchema) }));

export const dataExportParamsSchema = z.strictObject({
  id: z.uuid('This export does not exist'),
});

export const closeAccountBodySchema = z.strictObject({
  password: z
    .string(authMessages.passwordRequired)
    .min(1, authMessages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
});

export const closeAccountResponseSchema = envelope(z.null());
