import { describe, expect, it } from 'vitest';
import { formatMoney } from '@ajo/money/format';
import { chartBaselineMinor, describePriceTrend, formatChangeBps } from './price-trend.ts';

const naira = (minor: bigint) => formatMoney(minor, 'NGN');

describe('commodity price wording', () => {
  it('when a change is given in basis points, then it reads as a signed percentage', () => {
    expect(formatChangeBps(125)).toBe('+1.25%');
    expect(formatChangeBps(-40)).toBe('\u22120.40%');
    expect(formatChangeBps(0)).toBe('0.00%');
  });

  it('when the price moved over the period, then one sentence says how much, from when', () => {
    expect(
      describePriceTrend(
        'Maize',
        [
          { date: '2026-11-01', priceMinor: 48_000_00n },
          { date: '2026-11-02', priceMinor: 48_500_00n },
        ],
        naira,
      ),
    ).toBe(
      'The price of Maize rose by ₦500.00 over 2 days, from ₦48,000.00 on 1 Nov to ₦48,500.00 today.',
    );
    expect(describePriceTrend('Gold', [], naira)).toBe('No prices for Gold yet.');
  });

  it('when prices move within a range, then the chart’s scale starts one range below the lowest, never below zero', () => {
    expect(chartBaselineMinor([48_000_00n, 50_000_00n, 49_000_00n])).toBe(46_000_00n);
    expect(chartBaselineMinor([100n, 300n])).toBe(0n);
    expect(chartBaselineMinor([50_000_00n, 50_000_00n])).toBe(45_000_00n);
    expect(chartBaselineMinor([])).toBe(0n);
  });
});
