import { formatMoneyText } from '../../../lib/money-text.ts';

/** What every bill quote carries about limits. */
export interface BillLimits {
  minimum: string;
  maximum: string | null;
  daily_remaining: string | null;
}

/**
 * "Minimum ₦50.00, maximum ₦20,000.00 per payment. ₦45,000.00 left of today's limit.", or
 * `fallback` before the limits are known.
 */
export function limitsHint(limits: BillLimits | undefined, fallback: string): string {
  if (!limits) return fallback;
  const minimum = `Minimum ${formatMoneyText(limits.minimum)}`;
  const range =
    limits.maximum === null
      ? `${minimum} per payment.`
      : `${minimum}, maximum ${formatMoneyText(limits.maximum)} per payment.`;
  return limits.daily_remaining === null
    ? range
    : `${range} ${formatMoneyText(limits.daily_remaining)} left of today's limit.`;
}
