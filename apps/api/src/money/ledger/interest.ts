import { sql, type SQL } from 'drizzle-orm';

/** Day-count basis of every naira and dollar plan (DOMAIN.md): actual/365. */
export const dayCountBasis = 365n;
const basisPointsPerWhole = 10_000n;
/** One minor unit in the units interest is exact in: a day's interest is balance × bps / this. */
export const interestUnitsPerMinor = basisPointsPerWhole * dayCountBasis;

/**
 * One day's interest on a balance: balance × annual rate / 365, rounded once, half up to the
 * minor unit. The oracle the set-based SQL below must match to the kobo.
 */
export function dailyInterestMinor(balanceMinor: bigint, annualRateBps: bigint): bigint {
  return accrueDay(balanceMinor, annualRateBps, 0n).interestMinor;
}

/**
 * The same rule in SQL, for set-based accrual over millions of plans in one statement. Numeric
 * arithmetic is exact; `div` truncates, and adding half the denominator first rounds half up.
 */
export function dailyInterestSql(balanceMinor: SQL, annualRateBps: SQL): SQL {
  return accrualSql(balanceMinor, annualRateBps, sql`0`).interestMinor;
}

export interface DayAccrual {
  /** The kobo (or cents) booked for the day. */
  interestMinor: bigint;
  /** What the books are short of the exact interest so far, in `interestUnitsPerMinor`ths. */
  carry: bigint;
}

/**
 * One day's accrual of a plan, by the rule "half up on the running total": the exact interest so
 * far is kept (as the carry: exact less booked, in 1/3,650,000ths of a kobo), and each day books
 * the kobo by which the running total, rounded half up, has grown. So over any run of days the
 * booked sum is the exact sum rounded half up once: for a balance that does not change, the
 * closed form balance × rate × days / 365, to the kobo. The carry stays within half a kobo.
 */
export function accrueDay(balanceMinor: bigint, annualRateBps: bigint, carry: bigint): DayAccrual {
  if (balanceMinor < 0n || annualRateBps < 0n) {
    throw new RangeError('interest accrues on a non-negative balance at a non-negative rate');
  }
  const owed = carry + balanceMinor * annualRateBps;
  // `owed` is at least minus half a kobo, so the numerator is never negative: `/` floors.
  const interestMinor = (owed * 2n + interestUnitsPerMinor) / (2n * interestUnitsPerMinor);
  return { interestMinor, carry: owed - interestMinor * interestUnitsPerMinor };
}

/** `accrueDay` in SQL over numeric, exact: the interest booked and the carry left. */
export function accrualSql(
  balanceMinor: SQL,
  annualRateBps: SQL,
  carry: SQL,
): { interestMinor: SQL; carry: SQL } {
  const units = interestUnitsPerMinor.toString();
  const owed = sql`(${carry}::numeric + ${balanceMinor}::numeric * ${annualRateBps})`;
  const interestMinor = sql`div(${owed} * 2 + ${units}::numeric, ${(2n * interestUnitsPerMinor).toString()}::numeric)`;
  return {
    interestMinor: sql`${interestMinor}::bigint`,
    carry: sql`(${owed} - ${interestMinor} * ${units}::numeric)::bigint`,
  };
}

/** The exact interest of a constant balance over `days`, rounded half up once: the closed form. */
export function closedFormInterestMinor(
  balanceMinor: bigint,
  annualRateBps: bigint,
  days: bigint,
): bigint {
  return (
    (balanceMinor * annualRateBps * days * 2n + interestUnitsPerMinor) /
    (2n * interestUnitsPerMinor)
  );
}
