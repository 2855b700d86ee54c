import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['ok', 'pending']),
  }),
});
