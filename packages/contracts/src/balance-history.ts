import { z } from 'zod';
import { envelope, moneyText } from './common.ts';

/** The periods Home's balance chart offers: the last 30 or 90 business days, today included. */
export const balanceHistoryPeriods = ['30', '90'] as const;

export type BalanceHistoryPeriod = (typeof balanceHistoryPeriods)[number];

export const balanceHistoryQuerySchema = z.strictObject({
  days: z
    .enum(balanceHistoryPeriods, { error: 'days must be 30 or 90' })
    .default('30')
    .meta({ description: 'How many days back, today included' }),
});

export type BalanceHistoryQuery = z.input<typeof balanceHistoryQuerySchema>;

export const balancePointSchema = z.object({
  /** A business day (Africa/Lagos), YYYY-MM-DD. */
  date: z.iso.date(),
  /** The naira wallet's balance at the end of that day (today: now). */
  balance: moneyText,
});

export type BalancePoint = z.infer<typeof balancePointSchema>;

/** One point per day, oldest first; days before the wallet existed read 0.00. */
export const balanceHistorySchema = z
  .object({
    currency: z.literal('NGN'),
    items: z.array(balancePointSchema),
  })
  .meta({ id: 'BalanceHistory' });

export type BalanceHistory = z.infer<typeof balanceHistorySchema>;

export const balanceHistoryResponseSchema = envelope(balanceHistorySchema);
