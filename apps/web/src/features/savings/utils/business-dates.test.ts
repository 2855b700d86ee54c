import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatBusinessDate } from './business-dates.ts';

describe('business dates', () => {
  it('when a business date is shown, then it reads like the rest of the app', () => {
    expect(formatBusinessDate('2026-09-05')).toBe('5 Sept 2026');
    expect(formatBusinessDate('2026-12-27')).toBe('27 Dec 2026');
  });

  it('when the text is not a date, then nothing is shown', () => {
    expect(formatBusinessDate('soon')).toBe('');
  });

  it('when days are added, then months and years roll over', () => {
    expect(addDays('2026-11-27', 30)).toBe('2026-12-27');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
  });

  it('when two dates are compared, then whole days come back', () => {
    expect(daysBetween('2026-11-27', '2026-12-27')).toBe(30);
    expect(daysBetween('2026-12-27', '2026-11-27')).toBe(-30);
  });
});
