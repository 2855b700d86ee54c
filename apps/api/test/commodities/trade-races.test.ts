import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
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
});
