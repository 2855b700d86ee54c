import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RealEstateProperty } from '@ajo/contracts/real-estate';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import { newKey } from '../support/calls.ts';
import { crashTestServers } from '../support/crash-servers.ts';
import { walletState } from '../support/withdrawal-helpers.ts';

/**
 * QUALITY 9 for rent, with real processes: the server stops itself with SIGKILL as soon as the
 * first month of rent is committed (`TEST_CRASH_AT=real_estate_after_rent`), in the middle of a
 * sandbox clock move that ends a second month; the restarted server distributes the second
 * month once and the first never again. PostgreSQL only, as the other crash tests.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a server killed between two months of rent (QUALITY 9)',
  () => {
    const { database, start, moveClock } = crashTestServers();

    /** From the sandbox's today (a new scratch database starts at the real Lagos date). */
    const daysToTheFifthOfTheMonthAfterNext = () => {
      const today = businessDate(new Date());
      const [year = 0, month = 0] = today.split('-').map(Number);
      const target = Date.UTC(year, month - 1 + 2, 5);
      return Math.round((target - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
    };

    const monthsDistributed = async (propertyId: string) =>
      (
        await rows<{ count: number }>(
          database().db,
          sql`select count(*)::int as count from real_estate_distributions
               where property_id = ${propertyId}`,
        )
      )[0]?.count;

    it('when killed after a month of rent was paid, then the restarted server pays the next month once and that one never again', async () => {
      const doomed = await start({ TEST_CRASH_AT: 'real_estate_after_rent' });
      const user = await newBillPayer(doomed.call, database(), {
        label: 'crash-landlord',
        fundMinor: 1_000_000_00n,
      });
      const listed = await doomed.call('/v1/real_estates', { token: user.token });
      const lekki = listed
        .json<{ data: { items: RealEstateProperty[] } }>()
        .data.items.find((property) => property.slug === 'lekki-palm-residences');
      if (!lekki) throw new Error('the seeded property is missing');
      const bought = await doomed.call('/v1/real_estates/buy', {
        method: 'POST',
        token: user.token,
        headers: { 'idempotency-key': newKey() },
        payload: { real_estate_id: lekki.id, units: 3 },
      });
      expect(bought.statusCode, bought.body).toBe(200);
      const afterBuy = 1_000_000_00n - 3n * 50_000_00n;

      // To the 5th of the month after next: this month and the next end; this month's rent is
      // paid, then the process is killed (months are calendar months, so the move depends on
      // the day it runs).
      await expect(moveClock(doomed, daysToTheFifthOfTheMonthAfterNext())).rejects.toThrow();
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await monthsDistributed(lekki.id)).toBe(1);
      const oneMonth = (await walletState(database(), user.userId)).balanceMinor - afterBuy;
      expect(oneMonth).toBeGreaterThan(0n);

      // The restarted sandbox is that far on (the move was kept before it ran): the next day's
      // run pays the month that has ended since, once, whatever runs at the same time.
      const restarted = await start();
      const moved = await moveClock(restarted, 1);
      expect(moved.statusCode, moved.body).toBe(200);
      await Promise.all([moveClock(restarted, 1), moveClock(restarted, 1)]);
      expect(await monthsDistributed(lekki.id)).toBe(2);
      // The same units all month: the second month pays what the first did.
      expect((await walletState(database(), user.userId)).balanceMinor).toBe(
        afterBuy + 2n * oneMonth,
      );
      expect(await checkLedger(database().db)).toEqual([]);
    });
  },
);
