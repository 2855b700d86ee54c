import { describe, expect, it } from 'vitest';
import {
  balanceChangeMinor,
  balanceChangeText,
  daysWithChanges,
  describeBalanceTrend,
  toDayBalances,
} from './balance-trend.ts';

const days = toDayBalances([
  { date: '2026-11-22', balance: '0.00' },
  { date: '2026-11-23', balance: '250000.00' },
  { date: '2026-11-24', balance: '250000.00' },
  { date: '2026-11-25', balance: '249849.50' },
]);

describe('balance trend', () => {
  it('when the answer arrives as decimal text, then every day is exact kobo', () => {
    expect(days.map((day) => day.balanceMinor)).toEqual([
      0n,
      25_000_000n,
      25_000_000n,
      24_984_950n,
    ]);
  });

  it('when the balance moved, then the change is the last day less the first', () => {
    expect(balanceChangeMinor(days)).toBe(24_984_950n);
    expect(balanceChangeMinor([])).toBe(0n);
  });

  it('when the balance moved, then the badge text carries a plus or a true minus sign', () => {
    expect(balanceChangeText(days)).toEqual({ rising: true, amount: '+₦249,849.50' });
    expect(balanceChangeText(days.slice(1))).toEqual({ rising: false, amount: '\u2212₦150.50' });
  });

  it('when the balance did not move, then there is no badge text', () => {
    expect(balanceChangeText(days.slice(1, 3))).toBeUndefined();
    expect(balanceChangeText([])).toBeUndefined();
  });

  it('when days repeat the day before, then only the first day and the changes are kept', () => {
    expect(daysWithChanges(days).map((day) => day.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-25',
    ]);
  });

  it('when the balance rose, then the sentence says by how much, from what and to what', () => {
    expect(describeBalanceTrend(days)).toBe(
      'Your balance rose by ₦249,849.50 over the last 4 days, from ₦0.00 to ₦249,849.50.',
    );
  });

  it('when the balance fell, then the sentence says it fell', () => {
    expect(describeBalanceTrend(days.slice(1))).toBe(
      'Your balance fell by ₦150.50 over the last 3 days, from ₦250,000.00 to ₦249,849.50.',
    );
  });

  it('when the balance never moved, then the sentence says it stayed', () => {
    expect(describeBalanceTrend(days.slice(1, 3))).toBe(
      'Your balance stayed at ₦250,000.00 over the last 2 days.',
    );
    expect(describeBalanceTrend([])).toBe('No balance history yet.');
  });
});
