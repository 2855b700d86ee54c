import { describe, expect, it } from 'vitest';
import { businessDaysEndingOn, dailyBalances } from './balance-history.ts';

describe('businessDaysEndingOn', () => {
  it('when asked for 3 days, then it answers the two days before and the day itself, oldest first', () => {
    expect(businessDaysEndingOn('2026-03-01', 3)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });

  it('when the period crosses a new year, then the dates follow the calendar', () => {
    expect(businessDaysEndingOn('2026-01-01', 2)).toEqual(['2025-12-31', '2026-01-01']);
  });

  it('when asked for 90 days, then there are 90 different dates', () => {
    expect(new Set(businessDaysEndingOn('2026-11-25', 90)).size).toBe(90);
  });

  it('when the day is not a date, then it refuses', () => {
    expect(() => businessDaysEndingOn('yesterday', 3)).toThrow(RangeError);
  });
});

describe('dailyBalances', () => {
  const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'];

  it('when nothing moved, then every day closes at the balance now', () => {
    const answer = dailyBalances({ balanceNowMinor: 500n, movedByDayMinor: new Map(), days });
    expect(answer.map((day) => day.balanceMinor)).toEqual([500n, 500n, 500n, 500n]);
  });

  it('when money came in and went out, then each day closes at the running balance', () => {
    const answer = dailyBalances({
      balanceNowMinor: 7_000n,
      movedByDayMinor: new Map([
        ['2026-01-02', 10_000n],
        ['2026-01-04', -3_000n],
      ]),
      days,
    });
    expect(answer).toEqual([
      { date: '2026-01-01', balanceMinor: 0n },
      { date: '2026-01-02', balanceMinor: 10_000n },
      { date: '2026-01-03', balanceMinor: 10_000n },
      { date: '2026-01-04', balanceMinor: 7_000n },
    ]);
  });

  it('when postings are dated after today, then today closes without them', () => {
    const answer = dailyBalances({
      balanceNowMinor: 1_500n,
      movedByDayMinor: new Map([['2026-01-09', 1_000n]]),
      days,
    });
    expect(answer.at(-1)).toEqual({ date: '2026-01-04', balanceMinor: 500n });
  });

  it('when there are no days, then there are no balances', () => {
    expect(dailyBalances({ balanceNowMinor: 1n, movedByDayMinor: new Map(), days: [] })).toEqual(
      [],
    );
  });
});
