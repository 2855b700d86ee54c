import type { SavingRecord } from '@ajo/contracts/savings';
import { formatMoneyText } from '../../../lib/money-text.ts';

/** The product's name: the target list shows only its plans (spec section 2). */
export const TARGET_SAVINGS_NAME = 'Target Savings';

export function isTargetSavingsRecord(record: SavingRecord): boolean {
  return record.saving_order.saving.name === TARGET_SAVINGS_NAME;
}

/** "45% achieved": whole percent on active cards (never rounded up to a goal not yet met). */
export function achievedText(percent: number, active: boolean): string {
  const shown = active ? String(Math.floor(percent)) : String(percent);
  return `${shown}% achieved`;
}

/** The bar's width, 0 to 100, whatever the plan holds beyond its target. */
export function progressWidth(percent: number): number {
  return Math.min(100, Math.max(0, percent));
}

/** "₦50,000.00 target" (the cards' 'N<amount> target'). */
export function targetAmountText(amount: string): string {
  return `${formatMoneyText(amount)} target`;
}

/** "WEEKLY" → "Weekly", by the catalogue's label when it has one. */
export function frequencyLabel(
  frequency: string,
  labels: readonly { id: string; label: string }[] = [],
): string {
  const listed = labels.find((option) => option.id === frequency)?.label;
  if (listed !== undefined) return listed;
  return frequency.charAt(0).toUpperCase() + frequency.slice(1).toLowerCase();
}
