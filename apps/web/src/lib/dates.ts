import { serverNow } from './server-clock.ts';

/*
 * Dates as the business reads them: in Lagos time (ARCHITECTURE.md: the business calendar is
 * Africa/Lagos), whatever the time zone of the browser, so a deposit made at 00:30 in Lagos is
 * dated that day for everyone. The texts are what `Intl.DateTimeFormat('en-GB', { timeZone:
 * 'Africa/Lagos', … })` writes ("5 Sept 2026, 09:07"; the unit test holds them to it), built
 * without Intl: a page's first Intl date formatter costs tens of milliseconds of locale set-up
 * on a slow phone. Lagos keeps West Africa Time, UTC+1, all year (no daylight saving), so the
 * Lagos wall clock is the UTC clock one hour on.
 */

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** en-GB's short month names ("Sept", as CLDR writes it). */
export const shortMonths = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The Lagos wall clock of an instant, read through the UTC fields of a shifted Date. */
function lagosClock(instant: Date | string): Date | undefined {
  const time = new Date(instant).getTime();
  return Number.isNaN(time) ? undefined : new Date(time + LAGOS_OFFSET_MS);
}

/** "5 Sept 2026": the day in Lagos; "" for text that is not a date. */
export function formatLagosDate(instant: Date | string): string {
  const clock = lagosClock(instant);
  if (!clock) return '';
  const month = shortMonths[clock.getUTCMonth()] ?? '';
  return `${String(clock.getUTCDate())} ${month} ${String(clock.getUTCFullYear())}`;
}

/** "5 Sept 2026, 09:07", or with `seconds` "5 Sept 2026, 09:07:33"; Lagos time, 24-hour clock. */
export function formatLagosDateTime(
  instant: Date | string,
  options: { seconds?: boolean } = {},
): string {
  const clock = lagosClock(instant);
  if (!clock) return '';
  const time = `${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;
  const seconds = options.seconds === true ? `:${twoDigits(clock.getUTCSeconds())}` : '';
  return `${formatLagosDate(instant)}, ${time}${seconds}`;
}

/** Today's date in Lagos as YYYY-MM-DD (what the API calls the business date). */
export function lagosToday(now: Date = serverNow()): string {
  const clock = lagosClock(now) ?? now;
  return `${String(clock.getUTCFullYear()).padStart(4, '0')}-${twoDigits(clock.getUTCMonth() + 1)}-${twoDigits(clock.getUTCDate())}`;
}

/** The same calendar date `years` earlier (29 February goes to 28 February), as YYYY-MM-DD. */
export function yearsBefore(isoDate: string, years: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const earlierYear = year - years;
  const isLeap = (earlierYear % 4 === 0 && earlierYear % 100 !== 0) || earlierYear % 400 === 0;
  const earlierDay = month === 2 && day === 29 && !isLeap ? 28 : day;
  return `${String(earlierYear).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(earlierDay)}`;
}

/** A business day as "5 Nov" ("2026-11-05"; already a Lagos date, so no time zone applies). */
export function formatDayMonth(date: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const month = shortMonths[Number(match[1]) - 1] ?? '';
  return `${String(Number(match[2]))} ${month}`;
}

/**
 * A business day as "5 Sept 2026" ("2026-09-05": a plan's date, a coupon, a maturity; already a
 * Lagos calendar day, so no time zone applies); "" for text that is not a date.
 */
export function formatBusinessDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? shortMonths[Number(match[2]) - 1] : undefined;
  if (!match || !month) return '';
  return `${String(Number(match[3]))} ${month} ${match[1] ?? ''}`;
}
