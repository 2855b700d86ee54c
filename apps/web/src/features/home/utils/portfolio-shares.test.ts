import { describe, expect, it } from 'vitest';
import type { ClassAmount } from '@ajo/contracts/portfolio';
import { classShares, describePortfolioTrend, toPortfolioDays } from './portfolio-shares.ts';

const item = (assetClass: ClassAmount['class'], minor: bigint): ClassAmount => ({
  class: assetClass,
  label: assetClass,
  amount: '0.00',
  amount_minor: minor.toString(),
});

describe('portfolio shares', () => {
  it('when three classes split a total in thirds, then the shares still add up to 100', () => {
    const shares = classShares([
      item('wallet', 1n),
      item('savings', 1n),
      item('dollar', 1n),
      item('commodities', 0n),
    ]);
    expect(shares.map((share) => share.percent)).toEqual([34, 33, 33]);
    expect(shares.map((share) => share.assetClass)).not.toContain('commodities');
  });

  it('when the amounts are beyond 2^53 kobo, then the shares stay exact and largest comes first', () => {
    const shares = classShares([
      item('wallet', 1n),
      item('savings', 9_007_199_254_740_993n),
      item('dollar', 9_007_199_254_740_993n * 3n),
    ]);
    expect(shares.map((share) => [share.assetClass, share.percent])).toEqual([
      ['dollar', 75],
      ['savings', 25],
      ['wallet', 0],
    ]);
    expect(shares[1]?.amountMinor).toBe(9_007_199_254_740_993n);
  });

  it('when nothing is held, then there are no shares', () => {
    expect(classShares([item('wallet', 0n)])).toEqual([]);
  });
});

describe('portfolio trend', () => {
  it('when only today is known, then the sentence says so', () => {
    expect(
      describePortfolioTrend(toPortfolioDays([{ date: '2026-11-27', total: '5000.00' }])),
    ).toBe(
      "Your portfolio is worth ₦5,000.00 today. Each day's value is added here from tomorrow.",
    );
  });

  it('when the total moved, then the sentence gives the change, from and to', () => {
    const days = toPortfolioDays([
      { date: '2026-11-25', total: '1000.00' },
      { date: '2026-11-26', total: '1500.50' },
    ]);
    expect(describePortfolioTrend(days)).toBe(
      'Your portfolio grew by ₦500.50 since 25 Nov, from ₦1,000.00 to ₦1,500.50.',
    );
    expect(describePortfolioTrend([])).toBe('No portfolio history yet.');
  });
});
