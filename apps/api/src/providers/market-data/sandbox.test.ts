import { describe, expect, it } from 'vitest';
import { addDays } from '../../platform/clock.ts';
import {
  pricesFromLevel,
  sandboxMarketDataProvider,
  WALK_CEILING_BPS,
  WALK_FLOOR_BPS,
  WALK_MAX_STEP_BPS,
  WALK_START_DAY,
  walkLevelBps,
  walkStepBps,
} from './sandbox.ts';

describe('the sandbox market’s random walk', () => {
  it('when the same seed, commodity and day are asked twice, or by two providers, then the prices are the same', async () => {
    const first = sandboxMarketDataProvider({ seed: 'reproducible' });
    const second = sandboxMarketDataProvider({ seed: 'reproducible' });
    // The second provider walks straight to the late day; the first walks there day by day.
    for (let day = WALK_START_DAY; day <= '2026-03-01'; day = addDays(day, 1)) {
      await first.pricesOn(day);
    }
    expect(await second.pricesOn('2026-03-01')).toEqual(await first.pricesOn('2026-03-01'));
    expect(await first.pricesOn('2026-03-01')).toEqual(await first.pricesOn('2026-03-01'));
  });

  it('when the seed differs, then the walk differs', () => {
    const levels = (seed: string) => walkLevelBps(seed, 'maize', '2026-06-30');
    expect(levels('one')).not.toBe(levels('two'));
  });

  it('when the walk runs three years, then each step stays within the daily bound and the level within the floor and ceiling', () => {
    const memo = new Map<string, number>();
    let previous = 10_000;
    let day = WALK_START_DAY;
    for (let index = 0; index < 3 * 365; index += 1) {
      day = addDays(day, 1);
      const step = walkStepBps('bounded', 'gold', day);
      expect(Math.abs(step)).toBeLessThanOrEqual(WALK_MAX_STEP_BPS);
      const level = walkLevelBps('bounded', 'gold', day, memo);
      expect(level).toBeGreaterThanOrEqual(WALK_FLOOR_BPS);
      expect(level).toBeLessThanOrEqual(WALK_CEILING_BPS);
      expect(Math.abs(level - previous)).toBeLessThanOrEqual(WALK_MAX_STEP_BPS);
      previous = level;
    }
  });

  it('when prices are made from a level, then they are whole kobo with the buy price at or above the sell price', () => {
    for (const level of [WALK_FLOOR_BPS, 9_999, 10_000, 10_001, WALK_CEILING_BPS]) {
      const { buyPriceMinor, sellPriceMinor } = pricesFromLevel(48_000_00n, 300n, level);
      expect(buyPriceMinor).toBeGreaterThanOrEqual(sellPriceMinor);
      expect(sellPriceMinor).toBeGreaterThan(0n);
    }
    // Mid ₦48,000.00 with a 3% spread: ₦48,720.00 to buy, ₦47,280.00 to sell.
    expect(pricesFromLevel(48_000_00n, 300n, 10_000)).toEqual({
      buyPriceMinor: 48_720_00n,
      sellPriceMinor: 47_280_00n,
    });
  });

  it('when a day is before the walk starts, then the price is the starting price', () => {
    expect(walkLevelBps('any', 'cocoa', '2025-06-01')).toBe(10_000);
  });
});
