import { formatDayMonth } from '../../../lib/dates.ts';

/** A change in basis points as people read it: 125 → "+1.25%", −40 → "−0.40%". */
export function formatChangeBps(bps: number): string {
  const sign = bps > 0 ? '+' : bps < 0 ? '\u2212' : '';
  const magnitude = Math.abs(bps);
  return `${sign}${String(Math.floor(magnitude / 100))}.${String(magnitude % 100).padStart(2, '0')}%`;
}

/** How the price moved over the period, in one sentence (what the chart shows, as text). */
export function describePriceTrend(
  name: string,
  points: readonly { date: string; priceMinor: bigint }[],
  format: (amountMinor: bigint) => string,
): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `No prices for ${name} yet.`;
  if (first === last) return `${name} costs ${format(last.priceMinor)} today.`;
  const change = last.priceMinor - first.priceMinor;
  const direction = change > 0n ? 'rose' : change < 0n ? 'fell' : 'held steady';
  const by = change === 0n ? '' : ` by ${format(change < 0n ? -change : change)}`;
  return `The price of ${name} ${direction}${by} over ${String(points.length)} days, from ${format(first.priceMinor)} on ${formatDayMonth(first.date)} to ${format(last.priceMinor)} today.`;
}

/**
 * Where a price chart's scale starts: one price range below the lowest price (never below zero),
 * so the day-to-day moves fill the upper half of the chart instead of a sliver above ₦0. Balance
 * charts start at zero; a price is judged against its recent range, not against nothing.
 */
export function chartBaselineMinor(pricesMinor: readonly bigint[]): bigint {
  if (pricesMinor.length === 0) return 0n;
  const lowest = pricesMinor.reduce((low, price) => (price < low ? price : low));
  const highest = pricesMinor.reduce((high, price) => (price > high ? price : high));
  const range = highest === lowest ? lowest / 10n : highest - lowest;
  return lowest > range ? lowest - range : 0n;
}
