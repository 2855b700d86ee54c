import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * `/readyz`. `unavailable` (503): this instance cannot serve (database unreachable or migrations
 * pending). `degraded` (200): it serves, but a dependency it can do without is away; today that is
 * Redis, without which rate limits are counted per instance instead of shared.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['ok', 'pending']),
    /** Only when REDIS_URL is set. */
    redis: z.enum(['ok', 'unreachable']).optional(),
  }),
});
