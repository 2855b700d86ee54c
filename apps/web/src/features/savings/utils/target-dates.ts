import { daysBetween } from './business-dates.ts';

/*
 * Target plans are dated in Lagos business dates (YYYY-MM-DD). The detail screen writes them the
 * spec's way, 'MMMM Do YYYY' ("November 27th 2026"), read as calendar dates with no time zone.
 */

const longMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateParts(isoDate: string): { year: string; monthIndex: number; day: number } | undefined {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return undefined;
  const [, year = '', month = '', day = ''] = match;
  const monthIndex = Number(month) - 1;
  if (monthIndex < 0 || monthIndex > 11) return undefined;
  return { year, monthIndex, day: Number(day) };
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinalDay(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${String(day)}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${String(day)}${suffix}`;
}

/** "2026-11-27" → "November 27th 2026" (the spec's 'MMMM Do YYYY'); "" for text not a date. */
export function formatTargetDate(isoDate: string): string {
  const parts = dateParts(isoDate);
  if (!parts) return '';
  return `${longMonths[parts.monthIndex] ?? ''} ${ordinalDay(parts.day)} ${parts.year}`;
}

/** Whole days from `today` to the withdrawal date, never below zero once it has passed. */
export function daysLeft(withdrawalDate: string, today: string): number {
  return Math.max(0, daysBetween(today, withdrawalDate));
}

/** "1 day left", "12 days left". */
export function daysLeftText(days: number): string {
  return `${String(days)} ${days === 1 ? 'day' : 'days'} left`;
}

/**
 * A chosen calendar date as the API's ISO date-time: the start of that day in Lagos (UTC+1 all
 * year), so the server reads back the same business date whatever the browser's time zone.
 */
export function lagosStartOfDay(isoDate: string): string {
  return `${isoDate}T00:00:00+01:00`;
}
