/**
 * The naira wallet's balance at the end of each business day, worked out backwards from the
 * balance now and what moved on each day (the wallet's ledger postings). Pure, so the walk is
 * tested without a database.
 */

const DAY_MS = 86_400_000;

/** The `count` business days ending on `lastDay` (YYYY-MM-DD), oldest first. */
export function businessDaysEndingOn(lastDay: string, count: number): string[] {
  const lastMs = Date.parse(`${lastDay}T00:00:00.000Z`);
  if (Number.isNaN(lastMs)) throw new RangeError(`not a date: ${lastDay}`);
  return Array.from({ length: count }, (_, index) =>
    new Date(lastMs - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

export interface DailyBalanceInput {
  /** The wallet's balance now, in kobo (the ledger account's `balance_minor`). */
  balanceNowMinor: bigint;
  /** Signed sum of the wallet's postings per business day, in kobo; days without any are absent. */
  movedByDayMinor: ReadonlyMap<string, bigint>;
  /** The days to answer, oldest first; the last one is today. */
  days: readonly string[];
}

export interface DailyBalance {
  date: string;
  balanceMinor: bigint;
}

/**
 * Each day's closing balance: today's is the balance now less anything dated after today (a
 * clock moved back in a test or the sandbox), and each earlier day's is the next day's less what
 * moved on that next day.
 */
export function dailyBalances({
  balanceNowMinor,
  movedByDayMinor,
  days,
}: DailyBalanceInput): DailyBalance[] {
  const today = days.at(-1);
  if (today === undefined) return [];
  let closingMinor = balanceNowMinor;
  for (const [day, movedMinor] of movedByDayMinor) {
    if (day > today) closingMinor -= movedMinor;
  }
  const answer: DailyBalance[] = [];
  for (let index = days.length - 1; index >= 0; index -= 1) {
    const day = days[index] ?? '';
    answer.push({ date: day, balanceMinor: closingMinor });
    closingMinor -= movedByDayMinor.get(day) ?? 0n;
  }
  return answer.reverse();
}
