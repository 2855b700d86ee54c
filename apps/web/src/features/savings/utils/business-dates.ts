/*
 * Plans are dated in Lagos business dates, YYYY-MM-DD, with no time of day. They are read and
 * moved as calendar dates (UTC fields of a Date at midnight), never through the browser's zone.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(isoDate: string): Date | undefined {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return undefined;
  const [, year = '', month = '', day = ''] = match;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
}

function toIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The calendar date `days` after `isoDate` ("2026-11-27" + 30 → "2026-12-27"). */
export function addDays(isoDate: string, days: number): string {
  const date = parseIsoDate(isoDate);
  if (!date) return '';
  date.setUTCDate(date.getUTCDate() + days);
  return toIsoDate(date);
}

/** Whole days from `fromIsoDate` to `toIsoDate`; negative when `toIsoDate` is earlier. */
export function daysBetween(fromIsoDate: string, toIsoDate: string): number {
  const from = parseIsoDate(fromIsoDate);
  const to = parseIsoDate(toIsoDate);
  if (!from || !to) return 0;
  return Math.round((to.getTime() - from.getTime()) / 86_400_000);
}
