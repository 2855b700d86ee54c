/** The periods the statements page offers; `custom` takes two dates. */
export const statementPeriodChoices = [
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
  { id: 'last-3-months', label: 'Last 3 months' },
  { id: 'custom', label: 'Custom' },
] as const;

export type StatementPeriodChoice = (typeof statementPeriodChoices)[number]['id'];

const twoDigits = (value: number) => String(value).padStart(2, '0');

const firstOfMonth = (year: number, monthIndex: number) => {
  const at = new Date(Date.UTC(year, monthIndex, 1));
  return `${String(at.getUTCFullYear())}-${twoDigits(at.getUTCMonth() + 1)}-01`;
};

/** The day before a YYYY-MM-DD date. */
const dayBefore = (date: string) => {
  const at = new Date(`${date}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
};

/**
 * The dates of a preset period, given today in Lagos (YYYY-MM-DD): this month so far, the whole
 * of last month, or the two months before this one and this month so far.
 */
export function presetPeriod(
  choice: Exclude<StatementPeriodChoice, 'custom'>,
  today: string,
): { from: string; to: string } {
  const [year = 2026, month = 1] = today.split('-').map(Number);
  const thisMonth = firstOfMonth(year, month - 1);
  if (choice === 'this-month') return { from: thisMonth, to: today };
  if (choice === 'last-month')
    return { from: firstOfMonth(year, month - 2), to: dayBefore(thisMonth) };
  return { from: firstOfMonth(year, month - 3), to: today };
}
