import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import { newKey } from '../support/calls.ts';
import { crashTestServers } from '../support/crash-servers.ts';
import {
  commodityByCode,
  heldUnitsScaled,
  kobo,
  quoted,
  trade,
  traded,
  walletMinor,
} from './commodity-helpers.ts';

/**
 * QUALITY 9 for a commodity buy, with real processes: the server stops itself with SIGKILL as
 * soon as the trade is committed and before its answer is stored or sent
 * (`TEST_CRASH_AT=commodity_after_trade`). The client saw nothing; retrying with the same
 * Idempotency-Key on the restarted server answers that same trade, and nothing is bought twice.
 * PostgreSQL only, as the other crash tests.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a server killed between a commodity trade and its answer (QUALITY 9)',
  () => {
    const { database, start, moveClock } = crashTestServers();

    const tradesOf = async (userId: string) =>
      (
        await rows<{ count: number }>(
          database().db,
          sql`select count(*)::int as count from commodity_trades where user_id = ${userId}`,
        )
      )[0]?.count;

    it('when killed after the buy was committed, then the retry with the same key answers that buy and the wallet pays once', async () => {
      const doomed = await start({ TEST_CRASH_AT: 'commodity_after_trade' });
      const funded = 100_000_00n;
      const trader = await newBillPayer(doomed.call, database(), {
        label: 'crash-trader',
        fundMinor: funded,
      });
      const maize = await commodityByCode(doomed.call, trader.token, 'maize');
      const quote = await quoted(doomed.call, trader, {
        commodity_id: maize.id,
        side: 'buy',
        amount: '20000',
      });
      const key = newKey();
      const order = { commodity_id: maize.id, amount: '20000', quote_id: quote.id };

      await expect(trade(doomed.call, trader, 'buy', order, key)).rejects.toThrow();
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await tradesOf(trader.userId)).toBe(1);
      const paid = kobo(quote.total);
      expect(await walletMinor(database(), trader.userId)).toBe(funded - paid);

      // The dead process still holds the key's claim for a minute; then the retry takes it over.
      const restarted = await start();
      const early = await trade(restarted.call, trader, 'buy', order, key);
      expect(early.statusCode, early.body).toBe(409);
      const moved = await moveClock(restarted, 1);
      expect(moved.statusCode, moved.body).toBe(200);

      // The same key twice at once: one takes the expired claim over and answers the trade; the
      // other answers the same trade or "still in progress", never a second buy.
      const answers = await Promise.all([
        trade(restarted.call, trader, 'buy', order, key),
        trade(restarted.call, trader, 'buy', order, key),
      ]);
      for (const response of answers) {
        if (response.statusCode !== 200) expect(response.statusCode, response.body).toBe(409);
      }
      const won = answers.filter((response) => response.statusCode === 200).map(traded);
      const answer = won[0];
      if (!answer) throw new Error('neither retry took the claim over');
      expect(new Set(won.map((done) => done.id)).size).toBe(1);
      expect(answer.units).toBe(quote.units);
      expect(answer.total).toBe(quote.total);
      expect(traded(await trade(restarted.call, trader, 'buy', order, key)).id).toBe(answer.id);

      expect(await tradesOf(trader.userId)).toBe(1);
      expect(await walletMinor(database(), trader.userId)).toBe(funded - paid);
      expect(await heldUnitsScaled(database(), trader.userId, maize.id)).toBe(
        BigInt(quote.units.replace('.', '')),
      );
      expect(await checkLedger(database().db)).toEqual([]);
    });
  },
);
