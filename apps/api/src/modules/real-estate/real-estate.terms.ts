/**
 * The rent arithmetic of a property (decision 0023), exact in kobo:
 * - a month's rent for `units` units is price per unit × annual yield × units / 12, rounded down
 *   to the kobo (the pool: never more than the property earns);
 * - the pool is shared pro rata to units held at the month's end by the largest-remainder rule:
 *   each holding gets its share rounded down, and the kobo left over (fewer than the number of
 *   holdings) go one each to the holdings with the largest remainders, ties to the older holding
 *   id order, so the shares always add up to the pool exactly.
 */
const basisPointsPerWhole = 10_000n;
const monthsPerYear = 12n;

/** One month's rent of `units` units, rounded down to the kobo. */
export function monthlyRentMinor(pricePerUnitMinor: bigint, yieldBps: number, units: bigint) {
  return (pricePerUnitMinor * BigInt(yieldBps) * units) / (basisPointsPerWhole * monthsPerYear);
}

export interface Share {
  id: string;
  units: bigint;
}

/** Shares of `poolMinor` pro rata to units, by largest remainder; in the order given. */
export function allocatePool(poolMinor: bigint, holdings: readonly Share[]): bigint[] {
  const totalUnits = holdings.reduce((sum, holding) => sum + holding.units, 0n);
  if (totalUnits === 0n) return holdings.map(() => 0n);
  const shares = holdings.map((holding, index) => ({
    index,
    id: holding.id,
    base: (poolMinor * holding.units) / totalUnits,
    remainder: (poolMinor * holding.units) % totalUnits,
  }));
  let leftover = poolMinor - shares.reduce((sum, share) => sum + share.base, 0n);
  const byRemainder = [...shares].sort((left, right) =>
    left.remainder === right.remainder
      ? left.id.localeCompare(right.id)
      : left.remainder > right.remainder
        ? -1
        : 1,
  );
  const result = shares.map((share) => share.base);
  for (const share of byRemainder) {
    if (leftover === 0n) break;
    result[share.index] = (result[share.index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return result;
}
