import { describe, expect, it } from 'vitest';
import { formatBusinessDate } from './business-date.ts';

describe('a business date on the investment screens', () => {
  it('when it is a YYYY-MM-DD date, then it reads as day, short month and year', () => {
    expect(formatBusinessDate('2026-04-15')).toBe('15 Apr 2026');
    expect(formatBusinessDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatBusinessDate('2027-12-31')).toBe('31 Dec 2027');
  });

  it('when the month is September, then it is written in three letters', () => {
    expect(formatBusinessDate('2026-09-05')).toBe('5 Sep 2026');
  });

  it('when the month is not one of the twelve, then no month name is written', () => {
    expect(formatBusinessDate('2026-13-05')).toBe('5  2026');
  });
});
