import { describe, expect, it } from 'vitest';
import { presetPeriod } from './statement-periods.ts';

describe('presetPeriod', () => {
  it('when today is mid-month, then this month runs from its first day to today', () => {
    expect(presetPeriod('this-month', '2026-03-17')).toEqual({
      from: '2026-03-01',
      to: '2026-03-17',
    });
  });

  it('when it is January, then last month is the whole of December of the year before', () => {
    expect(presetPeriod('last-month', '2026-01-05')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('when it is March of a leap year, then last month ends on 29 February', () => {
    expect(presetPeriod('last-month', '2028-03-01')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('when the last 3 months are asked for in February, then they start on 1 December', () => {
    expect(presetPeriod('last-3-months', '2026-02-10')).toEqual({
      from: '2025-12-01',
      to: '2026-02-10',
    });
  });
});
