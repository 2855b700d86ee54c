/**
 * How to round a result that falls between two minor units. Rounding applies to the
 * magnitude, so a refund of a charge rounds exactly like the charge did:
 * - 'half-up': half away from zero (0.5 → 1, -0.5 → -1), the usual commercial rule;
 * - 'down': toward zero (truncate);
 * - 'up': away from zero (any remainder adds one minor unit).
 */
export type Rounding = 'half-up' | 'down' | 'up';

/** 1 basis point = 1/100 of a percent, so 10,000 bps is the whole amount. */
export const BASIS_POINTS_PER_WHOLE = 10_000n;

export function absMinor(amountMinor: bigint): bigint {
  return amountMinor < 0n ? -amountMinor : amountMinor;
}

export function sumMinor(amountsMinor: Iterable<bigint>): bigint {
  let totalMinor = 0n;
  for (const amountMinor of amountsMinor) totalMinor += amountMinor;
  return totalMinor;
}

/** Exact integer division with an explicit rounding rule (bigint `/` alone truncates). */
export function divideRounded(dividend: bigint, divisor: bigint, rounding: Rounding): bigint {
  if (divisor <= 0n) throw new RangeError('Divisor must be a positive bigint');
  const magnitude = absMinor(dividend);
  const quotient = magnitude / divisor;
  const remainder = magnitude % divisor;
  const rounded = roundsAwayFromZero(remainder, divisor, rounding) ? quotient + 1n : quotient;
  return dividend < 0n ? -rounded : rounded;
}

function roundsAwayFromZero(remainder: bigint, divisor: bigint, rounding: Rounding): boolean {
  switch (rounding) {
    case 'down':
      return false;
    case 'up':
      return remainder > 0n;
    case 'half-up':
      // Comparing 2r with d avoids dividing an odd divisor in half.
      return remainder * 2n >= divisor;
  }
}

/**
 * The share of an amount given in basis points, e.g. a 1.5% fee is 150 bps.
 * Number bps are accepted for config convenience but must be whole: a fractional
 * bps would smuggle float math back in.
 */
export function applyBasisPoints(
  amountMinor: bigint,
  basisPoints: bigint | number,
  rounding: Rounding,
): bigint {
  return divideRounded(
    amountMinor * toBigintBasisPoints(basisPoints),
    BASIS_POINTS_PER_WHOLE,
    rounding,
  );
}

function toBigintBasisPoints(basisPoints: bigint | number): bigint {
  if (typeof basisPoints === 'bigint') return basisPoints;
  if (!Number.isSafeInteger(basisPoints)) {
    throw new RangeError(`Basis points must be a whole number, got ${String(basisPoints)}`);
  }
  return BigInt(basisPoints);
}
