import type { PredefinedTarget } from '@ajo/contracts/savings';
import { divideRounded } from '@ajo/money/arithmetic';
import { lagosToday } from '../../../lib/dates.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { addDays, daysBetween } from './business-dates.ts';
import { serverNow } from '../../../lib/server-clock.ts';

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Days until a challenge ends, rounded up (the spec's Days Left), never below 0. A date without
 * a time ends at the start of that Lagos day; a timestamp counts any part of a day as a day.
 */
export function challengeDaysLeft(endAt: string, now: Date = serverNow()): number {
  if (ISO_DATE.test(endAt)) return Math.max(0, daysBetween(lagosToday(now), endAt));
  const end = Date.parse(endAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/** "12 days", "1 day", "Ended". */
export function daysLeftText(days: number): string {
  if (days <= 0) return 'Ended';
  return `${String(days)} ${days === 1 ? 'day' : 'days'}`;
}

/** The spec's Frequency: the week's goal and how it is collected ("₦7,700.00 weekly"). */
export function challengeFrequencyText(target: PredefinedTarget): string {
  return `${formatMoneyText(target.meta.collection_amount)} ${target.meta.collection_method}`;
}

/** Saved against the target, a whole percent from 0 to 100 (rounded down, so 100 means done). */
export function challengeProgressPercent(savedText: string, targetText: string): number {
  const targetMinor = moneyTextToMinor(targetText);
  if (targetMinor <= 0n) return 0;
  const percent = divideRounded(moneyTextToMinor(savedText) * 100n, targetMinor, 'down');
  return Number(percent > 100n ? 100n : percent < 0n ? 0n : percent);
}

export type ChallengeWeekState = 'earned' | 'missed' | 'current';

export interface ChallengeWeek {
  /** 1 for the challenge's first week. */
  number: number;
  weekStart: string;
  state: ChallengeWeekState;
}

/**
 * The challenge weeks up to this one (weeks count from the target's start), each with its medal:
 * earned, missed, or this week's still to win. At most `limit` of the latest are kept.
 */
export function challengeWeeks(target: PredefinedTarget, limit = 8): ChallengeWeek[] {
  const startAt = target.start_at.slice(0, 10);
  const currentNumber = Math.max(
    1,
    Math.floor(daysBetween(startAt, target.current_week_start) / 7) + 1,
  );
  const weeks: ChallengeWeek[] = [];
  for (let number = Math.max(1, currentNumber - limit + 1); number <= currentNumber; number += 1) {
    const weekStart = addDays(startAt, (number - 1) * 7);
    const state: ChallengeWeekState = hasMedalInWeek(target, weekStart)
      ? 'earned'
      : number === currentNumber
        ? 'current'
        : 'missed';
    weeks.push({ number, weekStart, state });
  }
  return weeks;
}

/** Weeks in the whole challenge, from its start to its end date, counting a part week. */
export function challengeWeekCount(target: PredefinedTarget): number {
  const days = daysBetween(target.start_at.slice(0, 10), target.end_at.slice(0, 10));
  return Math.max(1, Math.ceil(days / 7));
}

/**
 * Whether a medal was won in the week starting `weekStart`. A medal's week is counted from the
 * member's own start, which is later than the target's when they joined mid-week, so a medal
 * belongs to the target week its start falls in rather than to an equal date.
 */
export function hasMedalInWeek(target: PredefinedTarget, weekStart: string): boolean {
  const weekEnd = addDays(weekStart, 7);
  return target.medals.some((medal) => medal.week_start >= weekStart && medal.week_start < weekEnd);
}

/** Whether this week's medal is already won. */
export function hasThisWeeksMedal(target: PredefinedTarget): boolean {
  return hasMedalInWeek(target, target.current_week_start);
}
