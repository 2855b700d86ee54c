import { sql, type SQL } from 'drizzle-orm';

/** Day-count basis of every naira and dollar plan (DOMAIN.md): actual/365. */
export const dayCountBasis = 365n;
const basisPointsPerWhole = 10_000n;
const denominator = basisPointsPerWhole * dayCountBasis;

/**
 * One day's interest on a balance: balance × annual rate / 365, rounded once, half up to the
 * minor unit. The oracle the set-based SQL below must match to the kobo.
 */
export function dailyInterestMinor(balanceMinor: bigint, annualRateBps: bigint): bigint {
  if (balanceMinor < 0n || annualRateBps < 0n) {
    throw new RangeError('interest accrues on a non-negative balance at a non-negative rate');
  }
  return (balanceMinor * annualRateBps * 2n + denominator) / (2n * denominator);
}

/**
 * The same rule in SQL, for set-based accrual over millions of plans in one statement. Numeric
 * arithmetic is exact; `div` truncates, and adding half the denominator first rounds half up.
 */
export function dailyInterestSql(balanceMinor: SQL, annualRateBps: SQL): SQL {
  return sql`div(${balanceMinor}::numeric * ${annualRateBps} * 2 + ${denominator.toString()}::numeric, ${(2n * denominator).toString()}::numeric)::bigint`;
}
