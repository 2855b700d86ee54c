import { describe, expect, it } from 'vitest';
import {
  daysLeft,
  daysLeftText,
  formatTargetDate,
  lagosStartOfDay,
  ordinalDay,
} from './target-dates.ts';

describe('formatTargetDate', () => {
  it("when given a business date, then it reads 'MMMM Do YYYY'", () => {
    expect(formatTargetDate('2026-11-27')).toBe('November 27th 2026');
    expect(formatTargetDate('2027-01-01')).toBe('January 1st 2027');
    expect(formatTargetDate('2027-02-02')).toBe('February 2nd 2027');
    expect(formatTargetDate('2027-03-03')).toBe('March 3rd 2027');
    expect(formatTargetDate('2027-05-22')).toBe('May 22nd 2027');
    expect(formatTargetDate('2027-12-31')).toBe('December 31st 2027');
  });

  it('when the text is not a date, then it gives nothing', () => {
    expect(formatTargetDate('')).toBe('');
    expect(formatTargetDate('27/11/2026')).toBe('');
    expect(formatTargetDate('2026-13-01')).toBe('');
  });
});

describe('ordinalDay', () => {
  it('when the day is 11, 12 or 13, then it takes "th" whatever its last digit', () => {
    expect([11, 12, 13].map(ordinalDay)).toEqual(['11th', '12th', '13th']);
    expect([21, 22, 23, 24].map(ordinalDay)).toEqual(['21st', '22nd', '23rd', '24th']);
  });
});

describe('daysLeft', () => {
  it('when the withdrawal date is ahead, then it counts whole days, across month ends', () => {
    expect(daysLeft('2026-12-27', '2026-11-27')).toBe(30);
    expect(daysLeft('2028-03-01', '2028-02-28')).toBe(2);
  });

  it('when the withdrawal date has passed, then none are left', () => {
    expect(daysLeft('2026-11-20', '2026-11-27')).toBe(0);
    expect(daysLeft('2026-11-27', '2026-11-27')).toBe(0);
  });

  it('when one day is left, then the text is singular', () => {
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(35)).toBe('35 days left');
  });
});

describe('lagosStartOfDay', () => {
  it('when a date is sent, then it is the start of that day in Lagos', () => {
    expect(lagosStartOfDay('2026-11-27')).toBe('2026-11-27T00:00:00+01:00');
    expect(new Date(lagosStartOfDay('2026-11-27')).toISOString()).toBe('2026-11-26T23:00:00.000Z');
  });
});
