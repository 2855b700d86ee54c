import type { BalancePoint } from '@ajo/contracts/balance-history';
import { formatMoney } from '@ajo/money/format';
import { moneyTextToMinor } from '../../../lib/money-text.ts';

/** One day of the balance chart, the amount in kobo. */
export interface DayBalance {
  date: string;
  balanceMinor: bigint;
}

export function toDayBalances(items: readonly BalancePoint[]): DayBalance[] {
  return items.map((item) => ({ date: item.date, balanceMinor: moneyTextToMinor(item.balance) }));
}

/** How much the balance moved from the first day to the last, in kobo. */
export function balanceChangeMinor(days: readonly DayBalance[]): bigint {
  const first = days[0];
  const last = days.at(-1);
  return first && last ? last.balanceMinor - first.balanceMinor : 0n;
}

/**
 * The change as a badge reads it: "+₦250,000.00" or "−₦150.50" (a true minus sign); undefined
 * when nothing moved, so no badge claims a change of nothing.
 */
export function balanceChangeText(
  days: readonly DayBalance[],
): { rising: boolean; amount: string } | undefined {
  const change = balanceChangeMinor(days);
  if (change === 0n) return undefined;
  const rising = change > 0n;
  const amount = formatMoney(rising ? change : -change, 'NGN');
  return { rising, amount: `${rising ? '+' : '\u2212'}${amount}` };
}

/**
 * The days worth a row in the chart's table: the first day, then each day whose balance differs
 * from the day before. Ninety identical rows would tell a screen reader nothing more.
 */
export function daysWithChanges(days: readonly DayBalance[]): DayBalance[] {
  return days.filter(
    (day, index) => index === 0 || day.balanceMinor !== days[index - 1]?.balanceMinor,
  );
}

/** The chart in one sentence, for everyone who would rather read it (and for screen readers). */
export function describeBalanceTrend(days: readonly DayBalance[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No balance history yet.';
  const period = `the last ${String(days.length)} days`;
  const change = balanceChangeMinor(days);
  const naira = (amountMinor: bigint) => formatMoney(amountMinor, 'NGN');
  if (change === 0n) return `Your balance stayed at ${naira(last.balanceMinor)} over ${period}.`;
  const direction = change > 0n ? 'rose' : 'fell';
  const by = naira(change > 0n ? change : -change);
  return `Your balance ${direction} by ${by} over ${period}, from ${naira(first.balanceMinor)} to ${naira(last.balanceMinor)}.`;
}
