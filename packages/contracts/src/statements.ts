import { z } from 'zod';
import { envelope } from './common.ts';

/** The longest period one statement covers, in days, both ends included (a leap year). */
export const STATEMENT_MAX_DAYS = 366;

export const statementFormats = ['pdf', 'csv'] as const;

export type StatementFormat = (typeof statementFormats)[number];

const businessDay = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date written YYYY-MM-DD` })
    .meta({ description: 'A business day (Africa/Lagos), YYYY-MM-DD', example: '2026-01-31' });

export const statementQuerySchema = z.strictObject({
  from: businessDay('from').meta({ description: 'First day of the period (Africa/Lagos)' }),
  to: businessDay('to').meta({ description: 'Last day of the period (Africa/Lagos), included' }),
  format: z
    .enum(statementFormats, { error: 'format must be pdf or csv' })
    .default('pdf')
    .meta({ description: 'pdf (laid out like a bank statement) or csv (one row per movement)' }),
});

export type StatementQuery = z.input<typeof statementQuerySchema>;

/**
 * A verification code as printed on a statement: 16 characters of Crockford's base32 (80 random
 * bits) in groups of four. Lower case and missing dashes are accepted and normalised.
 */
export const statementCodeSchema = z
  .string()
  .trim()
  .max(32, 'Enter the code as printed on the statement')
  .transform((code) => code.toUpperCase().replaceAll(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^[0-9A-HJKMNP-TV-Z]{16}$/, 'Enter the 16-character code printed on the statement'),
  )
  .transform((code) => code.match(/.{4}/g)?.join('-') ?? code);

export const statementCodeParamsSchema = z.strictObject({
  code: statementCodeSchema.meta({ example: 'K7QM-2D9X-H4RT-8WPB' }),
});

/** Room for a base64 statement file in a verification request. */
export const STATEMENT_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const verifyStatementBodySchema = z
  .strictObject({
    code: statementCodeSchema.optional(),
    file: z
      .base64({ error: 'file must be the statement file in base64' })
      .max(Math.ceil((STATEMENT_FILE_MAX_BYTES * 4) / 3) + 4, 'The file is larger than 5 MB')
      .optional()
      .meta({ description: 'The statement file (PDF or CSV) in base64' }),
    sha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'sha256 must be 64 hexadecimal characters')
      .transform((hash) => hash.toLowerCase())
      .optional()
      .meta({ description: 'The SHA-256 of the statement file, in hex, instead of the file' }),
  })
  .refine((body) => body.file !== undefined || body.sha256 !== undefined, {
    message: 'Send the statement file or its SHA-256',
    path: ['file'],
  });

export type VerifyStatementBody = z.input<typeof verifyStatementBodySchema>;

/** What anyone may learn about an issued statement: enough to trust it, not to read it. */
export const issuedStatementSchema = z
  .object({
    code: z.string(),
    /** The holder's first name and the initial of the last: "Chiamaka E." */
    holder: z.string(),
    from: z.iso.date(),
    to: z.iso.date(),
    format: z.enum(statementFormats),
    issued_at: z.iso.datetime(),
  })
  .meta({ id: 'IssuedStatement' });

export type IssuedStatement = z.infer<typeof issuedStatementSchema>;

export const statementCodeResponseSchema = envelope(
  z.object({ genuine: z.literal(true), statement: issuedStatementSchema }),
);

export const statementFileVerificationSchema = z
  .object({
    /** True when the bytes are exactly those issued (and, with a code, issued under it). */
    unaltered: z.boolean(),
    statement: issuedStatementSchema.nullable(),
  })
  .meta({ id: 'StatementFileVerification' });

export type StatementFileVerification = z.infer<typeof statementFileVerificationSchema>;

export const statementFileVerificationResponseSchema = envelope(statementFileVerificationSchema);
