import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBusinessDate,
  formatDayMonth,
  formatLagosDate,
  formatLagosDateTime,
  lagosToday,
  yearsBefore,
} from './dates.ts';

const lagos = { timeZone: 'Africa/Lagos' } as const;
const intlDate = new Intl.DateTimeFormat('en-GB', {
  ...lagos,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const intlDateTime = new Intl.DateTimeFormat('en-GB', {
  ...lagos,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const intlDateTimeSeconds = new Intl.DateTimeFormat('en-GB', {
  ...lagos,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const anyInstant = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('Lagos dates', () => {
  it('when an instant is late in the UTC evening, then it is dated the next day, as in Lagos', () => {
    expect(formatLagosDate('2026-09-05T23:30:00Z')).toBe('6 Sept 2026');
    expect(formatLagosDateTime('2026-09-05T23:30:00Z')).toBe('6 Sept 2026, 00:30');
    expect(formatLagosDateTime('2026-09-05T08:07:09Z', { seconds: true })).toBe(
      '5 Sept 2026, 09:07:09',
    );
  });

  it('when any instant is formatted, then the text equals Intl’s en-GB in Africa/Lagos', () => {
    fc.assert(
      fc.property(anyInstant, (instant) => {
        expect(formatLagosDate(instant)).toBe(intlDate.format(instant));
        expect(formatLagosDateTime(instant.toISOString())).toBe(intlDateTime.format(instant));
        expect(formatLagosDateTime(instant, { seconds: true })).toBe(
          intlDateTimeSeconds.format(instant),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('when the text is not a date, then nothing is shown', () => {
    expect(formatLagosDate('not a date')).toBe('');
    expect(formatLagosDateTime('')).toBe('');
  });

  it('when today is asked at 23:30 UTC, then it is already tomorrow in Lagos', () => {
    expect(lagosToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(lagosToday(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
  });

  it('when years are taken off a date, then 29 February becomes 28 February in other years', () => {
    expect(yearsBefore('2026-06-15', 18)).toBe('2008-06-15');
    expect(yearsBefore('2028-02-29', 18)).toBe('2010-02-28');
    expect(yearsBefore('2036-02-29', 16)).toBe('2020-02-29');
  });
});

describe('formatDayMonth', () => {
  it('when a business day is written for people, then it reads day and short month', () => {
    expect(formatDayMonth('2026-11-05')).toBe('5 Nov');
    expect(formatDayMonth('2026-11-03')).toBe('3 Nov');
    expect(formatDayMonth('2026-09-30')).toBe('30 Sept');
    expect(formatDayMonth('not a date')).toBe('not a date');
  });
});

describe('formatBusinessDate', () => {
  it('when a business date is shown (a plan, a coupon, a maturity), then it reads like every other date of the app', () => {
    expect(formatBusinessDate('2026-09-05')).toBe('5 Sept 2026');
    expect(formatBusinessDate('2026-12-27')).toBe('27 Dec 2026');
    expect(formatBusinessDate('2026-01-01')).toBe('1 Jan 2026');
  });

  it('when the text is not a date, then nothing is shown', () => {
    expect(formatBusinessDate('soon')).toBe('');
    expect(formatBusinessDate('2026-13-05')).toBe('');
  });
});
