/*
 * Where each point of a line or area chart goes, in the chart's own coordinates (a viewBox of
 * `width` × `height`). Values are bigints (money in minor units): they are scaled with integer
 * arithmetic to whole coordinate units, so no amount is ever turned into a float; only the
 * coordinates, small integers, become numbers for the SVG.
 */

export interface ChartPoint {
  x: number;
  y: number;
}

export interface ChartGeometry {
  points: ChartPoint[];
  /** The line through the points (an SVG path). */
  line: string;
  /** The same line closed down to the bottom edge, for the filled area under it. */
  area: string;
  /** The values at the bottom and top edges: zero and the highest value for balances. */
  lowest: bigint;
  highest: bigint;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Space kept free above the highest point, so the line never touches the top edge. */
  topPadding: number;
}

/**
 * The scale starts at zero (or at the lowest value when one is negative), so a balance that grew
 * from ₦900,000 to ₦1,000,000 looks like the 11% it is, not like a line from floor to ceiling.
 * All-equal values draw a flat line at their height (at the bottom when they are all zero).
 */
export function chartGeometry(values: readonly bigint[], box: ChartBox): ChartGeometry {
  const lowest = values.reduce((low, value) => (value < low ? value : low), 0n);
  const highestValue = values.reduce((high, value) => (value > high ? value : high), lowest);
  const highest = highestValue === lowest ? lowest + 1n : highestValue;
  const plotHeight = BigInt(box.height - box.topPadding);
  const span = highest - lowest;
  const last = Math.max(values.length - 1, 1);
  const points = values.map((value, index) => ({
    x: Math.round((index * box.width) / last),
    y: box.height - Number(((value - lowest) * plotHeight) / span),
  }));
  if (points.length === 1 && points[0]) points.push({ x: box.width, y: points[0].y });
  const line = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${String(point.x)} ${String(point.y)}`)
    .join('');
  const first = points[0];
  const final = points.at(-1);
  const area =
    first && final
      ? `${line}L${String(final.x)} ${String(box.height)}L${String(first.x)} ${String(box.height)}Z`
      : '';
  return { points, line, area, lowest, highest: highestValue };
}

/** The index of the point nearest to a horizontal position given as a share of the width. */
export function nearestIndex(share: number, count: number): number {
  if (count <= 1) return 0;
  const clamped = Math.min(Math.max(share, 0), 1);
  return Math.round(clamped * (count - 1));
}
