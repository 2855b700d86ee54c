import type { ClassAmount, PortfolioPoint } from '@ajo/contracts/portfolio';
import { formatMoney } from '@ajo/money/format';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { formatDayMonth } from '../../../lib/dates.ts';

/** One class of the breakdown with its share of the total, in whole percent. */
export interface ClassShare {
  assetClass: ClassAmount['class'];
  label: string;
  amountMinor: bigint;
  percent: number;
}

/**
 * The classes the user holds (zero ones left out), largest first, each with its share in whole
 * percent by the largest-remainder rule, so the shares always add up to exactly 100 (a bar of
 * segments never overflows or leaves a gap). Exact in bigint; no float touches the amounts.
 */
export function classShares(breakdown: readonly ClassAmount[]): ClassShare[] {
  const held = breakdown
    .map((item) => ({
      assetClass: item.class,
      label: item.label,
      amountMinor: BigInt(item.amount_minor),
    }))
    .filter((item) => item.amountMinor > 0n)
    .sort((a, b) => (a.amountMinor === b.amountMinor ? 0 : a.amountMinor > b.amountMinor ? -1 : 1));
  const totalMinor = held.reduce((sum, item) => sum + item.amountMinor, 0n);
  if (totalMinor === 0n) return [];
  const floors = held.map((item) => ({
    ...item,
    whole: (item.amountMinor * 100n) / totalMinor,
    remainder: (item.amountMinor * 100n) % totalMinor,
  }));
  let left = 100n - floors.reduce((sum, item) => sum + item.whole, 0n);
  const byRemainder = [...floors.keys()].sort((a, b) => {
    const ra = floors[a]?.remainder ?? 0n;
    const rb = floors[b]?.remainder ?? 0n;
    return ra === rb ? a - b : ra > rb ? -1 : 1;
  });
  const extra = new Set<number>();
  for (const index of byRemainder) {
    if (left === 0n) break;
    extra.add(index);
    left -= 1n;
  }
  return floors.map((item, index) => ({
    assetClass: item.assetClass,
    label: item.label,
    amountMinor: item.amountMinor,
    percent: Number(item.whole + (extra.has(index) ? 1n : 0n)),
  }));
}

/** One point of the portfolio chart, the total in kobo. */
export interface PortfolioDay {
  date: string;
  totalMinor: bigint;
}

export const toPortfolioDays = (items: readonly PortfolioPoint[]): PortfolioDay[] =>
  items.map((item) => ({ date: item.date, totalMinor: moneyTextToMinor(item.total) }));

/** The chart in one sentence, for everyone who would rather read it (and for screen readers). */
export function describePortfolioTrend(days: readonly PortfolioDay[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No portfolio history yet.';
  const naira = (amountMinor: bigint) => formatMoney(amountMinor, 'NGN');
  if (days.length === 1) {
    return `Your portfolio is worth ${naira(last.totalMinor)} today. Each day's value is added here from tomorrow.`;
  }
  const change = last.totalMinor - first.totalMinor;
  const since = `since ${formatDayMonth(first.date)}`;
  if (change === 0n) return `Your portfolio stayed at ${naira(last.totalMinor)} ${since}.`;
  const direction = change > 0n ? 'grew' : 'fell';
  return `Your portfolio ${direction} by ${naira(change > 0n ? change : -change)} ${since}, from ${naira(first.totalMinor)} to ${naira(last.totalMinor)}.`;
}
