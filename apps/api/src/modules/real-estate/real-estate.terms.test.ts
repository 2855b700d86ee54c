import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocatePool, monthlyRentMinor } from './real-estate.terms.ts';

describe('rent shares by largest remainder', () => {
  it('when a pool is shared, then the shares add up to it exactly and each is within a kobo of its exact pro rata share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 1n, max: 100_000n }), { minLength: 1, maxLength: 40 }),
        (pool, units) => {
          const holdings = units.map((count, index) => ({
            id: index.toString().padStart(4, '0'),
            units: count,
          }));
          const total = units.reduce((sum, count) => sum + count, 0n);
          const shares = allocatePool(pool, holdings);
          expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(pool);
          shares.forEach((share, index) => {
            const exactTimesTotal = pool * (units[index] ?? 0n);
            // floor(exact) <= share <= floor(exact) + 1
            expect(share * total <= exactTimesTotal + total).toBe(true);
            expect(share * total >= exactTimesTotal - total).toBe(true);
          });
        },
      ),
    );
  });

  it('when remainders tie, then the leftover kobo go in holding id order', () => {
    expect(
      allocatePool(2n, [
        { id: 'b', units: 1n },
        { id: 'a', units: 1n },
        { id: 'c', units: 1n },
      ]),
    ).toEqual([1n, 1n, 0n]);
    expect(allocatePool(10n, [])).toEqual([]);
  });

  it('when a month of rent is worked out, then it is price × yield × units / 12 rounded down', () => {
    // 5,000,000 kobo × 9.5% / 12 = 39,583.33 → 39,583.
    expect(monthlyRentMinor(5_000_000n, 950, 1n)).toBe(39_583n);
    expect(monthlyRentMinor(5_000_000n, 950, 11n)).toBe(435_416n);
  });
});
