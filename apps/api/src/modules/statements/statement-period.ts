import { isCalendarDay } from '@ajo/contracts/common';
import { STATEMENT_MAX_DAYS } from '@ajo/contracts/statements';
import { addDays, lagosMidnight, readableDate } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';

export interface StatementPeriod {
  from: string;
  to: string;
  /** Midnight in Lagos starting `from`. */
  start: Date;
  /** Midnight in Lagos ending `to` (the next day's start): the period is [start, end). */
  end: Date;
}

/** No statement starts before this day (years before it are typing slips, not history). */
const EARLIEST_STATEMENT_DAY = '2000-01-01';

const invalidPeriod = (path: 'from' | 'to', message: string) =>
  new AppError('invalid_period', message, 400, [{ path, message }]);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A statement period as asked: both ends real days, `from` not before 2000 nor after `to`, `to`
 * not after today (Lagos) and at most STATEMENT_MAX_DAYS days, both ends included.
 */
export function statementPeriod(from: string, to: string, today: string): StatementPeriod {
  for (const [path, date] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isCalendarDay(date)) {
      throw invalidPeriod(path, `${path} is not a day of the calendar: write it YYYY-MM-DD`);
    }
  }
  if (from < EARLIEST_STATEMENT_DAY) {
    throw invalidPeriod(
      'from',
      `Statements start from ${readableDate(EARLIEST_STATEMENT_DAY)}: choose a later start date`,
    );
  }
  if (to < from) {
    throw invalidPeriod('to', 'The end of the period must be on or after its start');
  }
  if (to > today) {
    throw invalidPeriod(
      'to',
      `The period cannot end after today (${readableDate(today)}): choose an end date up to today`,
    );
  }
  if (daysBetween(from, to) + 1 > STATEMENT_MAX_DAYS) {
    throw invalidPeriod(
      'from',
      `A statement covers at most ${String(STATEMENT_MAX_DAYS)} days: choose a shorter period or ask for several statements.`,
    );
  }
  return { from, to, start: lagosMidnight(from), end: lagosMidnight(addDays(to, 1)) };
}
