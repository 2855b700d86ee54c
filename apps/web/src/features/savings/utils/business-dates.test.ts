import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './business-dates.ts';

describe('business dates', () => {
  it('when days are added, then months and years roll over', () => {
    expect(addDays('2026-11-27', 30)).toBe('2026-12-27');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
  });

  it('when two dates are compared, then whole days come back', () => {
    expect(daysBetween('2026-11-27', '2026-12-27')).toBe(30);
    expect(daysBetween('2026-12-27', '2026-11-27')).toBe(-30);
  });
});
