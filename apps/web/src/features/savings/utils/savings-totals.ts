import type { SavingRecord } from '@ajo/contracts/savings';
import { sumMinor } from '@ajo/money/arithmetic';
import { moneyTextToMinor } from '../../../lib/money-text.ts';

/** What the plans hold together, in minor units (the Total Balance card). */
export function totalSavedMinor(records: readonly SavingRecord[]): bigint {
  return sumMinor(records.map((record) => moneyTextToMinor(record.amount)));
}

/** The plans of one product, by the slug of the product they belong to. */
export function recordsOfProduct(records: readonly SavingRecord[], slug: string): SavingRecord[] {
  return records.filter((record) => record.saving_order.saving.slug === slug);
}

/**
 * How far a plan has come, 0 to 100: the interest booked so far against what the whole term
 * earns. Interest accrues evenly by day, so this is also the share of the term that has passed.
 */
export function termProgressPercent(accruedInterest: string, grossInterest: string): number {
  const grossMinor = moneyTextToMinor(grossInterest);
  if (grossMinor <= 0n) return 0;
  const accruedMinor = moneyTextToMinor(accruedInterest);
  const percent = (accruedMinor * 100n) / grossMinor;
  return Number(percent > 100n ? 100n : percent < 0n ? 0n : percent);
}

/** "10" → "10%pa", "8.5" → "8.5%pa" (the plan cards' rate, spec section 2). */
export function formatYield(percentageYield: number): string {
  return `${String(percentageYield)}%pa`;
}
