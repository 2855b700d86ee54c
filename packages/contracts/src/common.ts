import { z } from 'zod';

/** The success message the client treats as "done" (spec section 9). */
export const OPERATION_SUCCESSFUL = 'operation was successful';

/** The header a browser client sends on every state-changing call (CSRF defence). */
export const CLIENT_HEADER = 'x-requested-with';

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/** The one error shape every failure answers with. */
export const errorResponseSchema = z
  .object({
    message: z.string().meta({ description: 'Shown to the person using the app' }),
    code: z.string().meta({ description: 'Stable machine-readable code' }),
    errors: z.array(fieldErrorSchema),
  })
  .meta({ id: 'Error' });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Every success answers `{message, data}`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** Lists answer `data.items` with paging fields. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });

/**
 * A money amount on the wire: requests accept a number or a decimal string with at most two
 * decimals; answers carry a decimal string in major units ("5000.00").
 */
export const moneyText = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'Decimal string in major units', example: '5000.00' });

export const moneyInput = z
  .union([z.number(), z.string()])
  .meta({ description: 'Number or decimal string, at most 2 decimals', example: '5000.00' });

export const idempotencyKeyHeader = z
  .string()
  .min(8, 'Idempotency-Key must be 8 to 128 characters')
  .max(128, 'Idempotency-Key must be 8 to 128 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Idempotency-Key may hold letters, digits and _ . : - only');

/** Whether YYYY-MM-DD text names a day of the calendar (2026-02-31 does not). */
export function isCalendarDay(text: string): boolean {
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}
