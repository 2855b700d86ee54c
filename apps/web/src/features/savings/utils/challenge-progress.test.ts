import { describe, expect, it } from 'vitest';
import type { PredefinedTarget } from '@ajo/contracts/savings';
import {
  challengeDaysLeft,
  challengeFrequencyText,
  challengeProgressPercent,
  challengeWeekCount,
  challengeWeeks,
  daysLeftText,
  hasThisWeeksMedal,
} from './challenge-progress.ts';

function target(overrides: Partial<PredefinedTarget> = {}): PredefinedTarget {
  return {
    id: 't1',
    name: '100k Sprint',
    amount: '100000.00',
    start_at: '2026-11-01',
    end_at: '2027-01-31',
    meta: {
      image_url: '/challenges/sprint.svg',
      total_users: 3,
      collection_amount: '7700.00',
      collection_method: 'weekly',
      rate: 8,
    },
    order: null,
    current_week_start: '2026-11-22',
    medals: [],
    ...overrides,
  };
}

describe('challengeDaysLeft', () => {
  it('when the end is a date, then it counts Lagos calendar days to it', () => {
    // 23:30 UTC on 26 Nov is already 27 Nov in Lagos.
    expect(challengeDaysLeft('2026-12-01', new Date('2026-11-26T23:30:00Z'))).toBe(4);
    expect(challengeDaysLeft('2026-12-01', new Date('2026-11-26T12:00:00Z'))).toBe(5);
  });

  it('when the end is a timestamp, then a part day counts as a whole day', () => {
    expect(challengeDaysLeft('2026-12-01T10:00:00Z', new Date('2026-11-30T11:00:00Z'))).toBe(1);
    expect(challengeDaysLeft('2026-12-01T10:00:00Z', new Date('2026-11-28T10:00:00Z'))).toBe(3);
  });

  it('when the end has passed or is not a date, then it is 0', () => {
    expect(challengeDaysLeft('2026-11-01', new Date('2026-11-26T12:00:00Z'))).toBe(0);
    expect(challengeDaysLeft('soon', new Date('2026-11-26T12:00:00Z'))).toBe(0);
  });

  it('reads as days, one day, or ended', () => {
    expect(daysLeftText(12)).toBe('12 days');
    expect(daysLeftText(1)).toBe('1 day');
    expect(daysLeftText(0)).toBe('Ended');
  });
});

describe('challenge figures', () => {
  it('writes the frequency as the week goal and the method', () => {
    expect(challengeFrequencyText(target())).toBe('₦7,700.00 weekly');
  });

  it('rounds progress down and keeps it between 0 and 100', () => {
    expect(challengeProgressPercent('7700.00', '100000.00')).toBe(7);
    expect(challengeProgressPercent('99999.99', '100000.00')).toBe(99);
    expect(challengeProgressPercent('150000.00', '100000.00')).toBe(100);
    expect(challengeProgressPercent('10.00', '0.00')).toBe(0);
  });

  it('counts the weeks of the whole challenge, a part week included', () => {
    expect(challengeWeekCount(target())).toBe(13);
    expect(challengeWeekCount(target({ end_at: '2026-11-02' }))).toBe(1);
  });
});

describe('challengeWeeks', () => {
  it('when no medal is won, then past weeks are missed and this week is current', () => {
    expect(challengeWeeks(target())).toEqual([
      { number: 1, weekStart: '2026-11-01', state: 'missed' },
      { number: 2, weekStart: '2026-11-08', state: 'missed' },
      { number: 3, weekStart: '2026-11-15', state: 'missed' },
      { number: 4, weekStart: '2026-11-22', state: 'current' },
    ]);
  });

  it('when this week and week 2 are won, then both show earned', () => {
    const won = target({
      medals: [
        { week_start: '2026-11-08', earned_at: '2026-11-09T10:00:00Z' },
        { week_start: '2026-11-22', earned_at: '2026-11-23T10:00:00Z' },
      ],
    });
    expect(challengeWeeks(won).map((week) => week.state)).toEqual([
      'missed',
      'earned',
      'missed',
      'earned',
    ]);
    expect(hasThisWeeksMedal(won)).toBe(true);
    expect(hasThisWeeksMedal(target())).toBe(false);
  });

  it('when the member joined mid-week, then their medal counts for the target week it falls in', () => {
    const joinedLate = target({
      medals: [{ week_start: '2026-11-24', earned_at: '2026-11-24T10:00:00Z' }],
    });
    expect(hasThisWeeksMedal(joinedLate)).toBe(true);
    expect(challengeWeeks(joinedLate).at(-1)?.state).toBe('earned');
  });

  it('when the challenge is in its first week, then there is one week', () => {
    expect(challengeWeeks(target({ current_week_start: '2026-11-01' }))).toEqual([
      { number: 1, weekStart: '2026-11-01', state: 'current' },
    ]);
  });

  it('keeps only the latest weeks when asked for fewer', () => {
    const late = target({ current_week_start: '2027-01-24' });
    const weeks = challengeWeeks(late, 3);
    expect(weeks.map((week) => week.number)).toEqual([11, 12, 13]);
  });
});
