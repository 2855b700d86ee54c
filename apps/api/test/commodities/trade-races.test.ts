import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { limitsFor } from '../../src/money/limits.ts';
import { businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import { viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { countRows } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  commodityByCode,
  heldUnitsScaled,
  kobo,
  quoted,
  trade,
  traded,
  walletMinor,
} from './commodity-helpers.ts';

describe(`commodity trades under races (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  it('when 50 buys with different keys race on a wallet holding 10 of them, then exactly 10 succeed, the wallet ends at zero and the units match', async () => {
    const probe = await newBillPayer(call, context.database, { label: 'probe', tier: 2 });
    const sorghum = await commodityByCode(call, probe.token, 'sorghum');
    const sample = await quoted(call, probe, {
      commodity_id: sorghum.id,
      side: 'buy',
      amount: '2000',
    });
    const user = await newBillPayer(call, context.database, {
      label: 'racer',
      tier: 2,
      fundMinor: 10n * kobo(sample.total),
      at: context.clock.now(),
    });
    const quotes = [];
    for (let index = 0; index < 50; index += 1) {
      quotes.push(
        await quoted(call, user, { commodity_id: sorghum.id, side: 'buy', amount: '2000' }),
      );
    }
    const answers = await Promise.all(
      quotes.map((offer) =>
        trade(call, user, 'buy', { commodity_id: sorghum.id, amount: '2000', quote_id: offer.id }),
      ),
    );
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    expect(succeeded).toHaveLength(10);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(422);
      expect(expectErrorShape(refused).code).toBe('insufficient_funds');
    }
    expect(await walletMinor(context.database, user.userId)).toBe(0n);
    expect(await heldUnitsScaled(context.database, user.userId, sorghum.id)).toBe(
      10n * BigInt(sample.units.replace('.', '')),
    );
    expect(
      await countRows(context.database, 'commodity_trades', `user_id = '${user.userId}'`),
    ).toBe(10);
    expect(
      await countRows(
        context.database,
        'transactions',
        `user_id = '${user.userId}' and type = 'trade'`,
      ),
    ).toBe(10);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when 20 sales race for a holding that covers 5 of them, then exactly 5 succeed and the holding ends at zero units, never below', async () => {
    const user = await newBillPayer(call, context.database, {
      label: 'seller',
      tier: 2,
      fundMinor: 1_000_000_00n,
      at: context.clock.now(),
    });
    const gold = await commodityByCode(call, user.token, 'gold');
    const offer = await quoted(call, user, { commodity_id: gold.id, side: 'buy', units: '0.5' });
    traded(
      await trade(call, user, 'buy', { commodity_id: gold.id, units: '0.5', quote_id: offer.id }),
    );
    const sales = [];
    for (let index = 0; index < 20; index += 1) {
      sales.push(await quoted(call, user, { commodity_id: gold.id, side: 'sell', units: '0.1' }));
    }
    const walletBefore = await walletMinor(context.database, user.userId);
    const answers = await Promise.all(
      sales.map((sale) =>
        trade(call, user, 'sell', { commodity_id: gold.id, units: '0.1', quote_id: sale.id }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(422);
      expect(expectErrorShape(refused).code).toBe('insufficient_units');
    }
    expect(await heldUnitsScaled(context.database, user.userId, gold.id)).toBe(0n);
    const proceeds = sales.slice(0, 5).reduce((total, sale) => total + kobo(sale.total), 0n);
    expect(await walletMinor(context.database, user.userId)).toBe(walletBefore + proceeds);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
  it('when buys and sells of one holding race each other, then every request answers (no deadlock, no 5xx) and cash, units and the ledger agree', async () => {
    const user = await newBillPayer(call, context.database, {
      label: 'mixed',
      tier: 2,
      fundMinor: 2_000_000_00n,
      at: context.clock.now(),
    });
    const cashew = await commodityByCode(call, user.token, 'cashew');
    const first = await quoted(call, user, { commodity_id: cashew.id, side: 'buy', units: '0.05' });
    traded(
      await trade(call, user, 'buy', {
        commodity_id: cashew.id,
        units: '0.05',
        quote_id: first.id,
      }),
    );
    const orders = [];
    for (let index = 0; index < 20; index += 1) {
      const side = index % 2 === 0 ? ('buy' as const) : ('sell' as const);
      const offer = await quoted(call, user, { commodity_id: cashew.id, side, units: '0.01' });
      orders.push({ side, offer });
    }
    const walletBefore = await walletMinor(context.database, user.userId);
    const answers = await Promise.all(
      orders.map(({ side, offer }) =>
        trade(call, user, side, { commodity_id: cashew.id, units: '0.01', quote_id: offer.id }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    // Ten buys and ten sells of 0.01: the holding is back where it was.
    expect(await heldUnitsScaled(context.database, user.userId, cashew.id)).toBe(500n);
    const net = orders.reduce(
      (total, { side, offer }) =>
        side === 'buy' ? total - kobo(offer.total) : total + kobo(offer.total),
      0n,
    );
    expect(await walletMinor(context.database, user.userId)).toBe(walletBefore + net);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when many users trade at once, so their trades share a batch, then each refusal leaves nothing of itself and the others go through', async () => {
    const payer = (label: string, fundMinor: bigint) =>
      newBillPayer(call, context.database, { label, tier: 2, fundMinor, at: context.clock.now() });
    const [leader, buyer, broke, seller, capped, reuser] = await Promise.all([
      payer('leader', 100_000_00n),
      payer('buyer', 100_000_00n),
      payer('broke', 1_000_00n),
      payer('seller', 100_000_00n),
      payer('capped', 100_000_00n),
      payer('reuser', 100_000_00n),
    ]);
    const maize = await commodityByCode(call, leader.token, 'maize');
    const buy = { commodity_id: maize.id, side: 'buy', amount: '2000' };
    // The seller holds 0.5 units, has one sale of all of it quoted, then sells it all another way.
    const bought = await quoted(call, seller, { ...buy, amount: undefined, units: '0.5' });
    traded(
      await trade(call, seller, 'buy', {
        commodity_id: maize.id,
        units: '0.5',
        quote_id: bought.id,
      }),
    );
    const sellAll = { commodity_id: maize.id, side: 'sell', units: '0.5' };
    const stale = await quoted(call, seller, sellAll);
    const sold = await quoted(call, seller, sellAll);
    traded(await trade(call, seller, 'sell', { ...sellAll, side: undefined, quote_id: sold.id }));
    // The capped user has used all of today's buying limit.
    const limits = await limitsFor(context.database.db, 'buy_commodity', 2);
    const day = businessDate(context.clock.now());
    await context.database.db
      .execute(sql`insert into daily_totals (user_id, product, day, amount_minor)
      values (${capped.userId}, 'buy_commodity', ${day}, ${(limits.dailyMinor ?? 0n).toString()})`);
    const reused = await quoted(call, reuser, buy);
    traded(
      await trade(call, reuser, 'buy', {
        commodity_id: maize.id,
        amount: '2000',
        quote_id: reused.id,
      }),
    );
    const offers = await Promise.all(
      [leader, buyer, broke, capped].map((user) => quoted(call, user, buy)),
    );
    const [leaderQuote, buyerQuote, brokeQuote, cappedQuote] = offers;
    const buying = { commodity_id: maize.id, amount: '2000' };

    // The leader's trade runs at once; the five behind it wait and go in together (on the
    // PostgreSQL server they share one batch; the embedded database may run them one by one).
    const [lead, ...together] = await Promise.all([
      trade(call, leader, 'buy', { ...buying, quote_id: leaderQuote?.id }),
      trade(call, buyer, 'buy', { ...buying, quote_id: buyerQuote?.id }),
      trade(call, broke, 'buy', { ...buying, quote_id: brokeQuote?.id }),
      trade(call, seller, 'sell', { ...sellAll, side: undefined, quote_id: stale.id }),
      trade(call, capped, 'buy', { ...buying, quote_id: cappedQuote?.id }),
      trade(call, reuser, 'buy', { ...buying, quote_id: reused.id }),
    ]);

    traded(lead);
    const [bought2, brokeAnswer, short, overLimit, usedTwice] = together;
    traded(bought2);
    expect([brokeAnswer, short, overLimit, usedTwice].map((answer) => answer.statusCode)).toEqual([
      422, 422, 422, 409,
    ]);
    expect(expectErrorShape(brokeAnswer).code).toBe('insufficient_funds');
    expect(expectErrorShape(short).code).toBe('insufficient_units');
    expect(expectErrorShape(overLimit).code).toBe('daily_limit');
    expect(expectErrorShape(usedTwice).code).toBe('quote_used');
    // What the refused trades reserved of the day's limits was given back in their batch.
    const totals = await rows<{ user_id: string; product: string; amount_minor: string }>(
      context.database.db,
      sql`select user_id, product, amount_minor::text from daily_totals
           where user_id in (${broke.userId}, ${seller.userId}) order by product`,
    );
    expect(totals.filter((total) => total.user_id === broke.userId)).toEqual([
      { user_id: broke.userId, product: 'buy_commodity', amount_minor: '0' },
    ]);
    expect(totals.find((total) => total.product === 'sell_commodity')?.amount_minor).toBe(
      kobo(sold.amount).toString(),
    );
    expect(await walletMinor(context.database, broke.userId)).toBe(1_000_00n);
    expect(await heldUnitsScaled(context.database, seller.userId, maize.id)).toBe(0n);
    expect(await heldUnitsScaled(context.database, buyer.userId, maize.id)).toBe(
      BigInt((buyerQuote?.units ?? '').replace('.', '')),
    );
    expect(
      await countRows(
        context.database,
        'commodity_trades',
        `user_id in ('${broke.userId}', '${capped.userId}')`,
      ),
    ).toBe(0);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
});
