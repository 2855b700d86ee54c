import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommodityHolding, Commodity } from '@ajo/contracts/commodities';
import { formatUnits, UNIT_SCALE } from '@ajo/contracts/commodities';
import { applyBasisPoints, divideRounded } from '@ajo/money/arithmetic';
import { formatMinorAsDecimal } from '@ajo/money/format';
import * as holdings from '../../src/modules/commodities/holdings.repository.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { countRows, listTransactions } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  commodityByCode,
  heldUnitsScaled,
  kobo,
  postedBalance,
  quoted,
  requestQuote,
  trade,
  traded,
  walletMinor,
  type Trader,
} from './commodity-helpers.ts';

/** The `processing_fees` rule of the commodity items for the wallet: 0.5%, half up to the kobo. */
const feeOf = (amountMinor: bigint) => applyBasisPoints(amountMinor, 50, 'half-up');

describe(`buying and selling commodities (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const trader = (fundMinor = 1_000_000_00n, tier = 2) =>
    newBillPayer(call, context.database, {
      label: 'trader',
      fundMinor,
      tier,
      at: context.clock.now(),
    });

  const holdingsOf = async (user: Trader) => {
    const response = await call('/v1/commodities/holdings', { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      data: { items: CommodityHolding[]; total_cost: string; total_value: string };
    }>().data;
  };

  it('when ₦20,000 of maize is quoted, bought and then sold back, then every kobo and unit matches the quotes, the fees reach revenue and both trades are in the feed', async () => {
    const user = await trader();
    const maize: Commodity = await commodityByCode(call, user.token, 'maize');
    const buyPrice = kobo(maize.buy_price);
    const sellPrice = kobo(maize.sell_price);
    const tradingBefore = await postedBalance(context.database, 'system:commodity_trading:NGN');
    const feesBefore = await postedBalance(context.database, 'system:fees_revenue:NGN');

    const buyQuote = await quoted(call, user, {
      commodity_id: maize.id,
      side: 'buy',
      amount: '20000',
    });
    // Units rounded DOWN to 0.0001; their cost rounded UP to the kobo.
    const unitsScaled = (20_000_00n * UNIT_SCALE) / buyPrice;
    const costMinor = divideRounded(unitsScaled * buyPrice, UNIT_SCALE, 'up');
    expect(costMinor).toBeLessThanOrEqual(20_000_00n);
    expect(buyQuote).toMatchObject({
      commodity_id: maize.id,
      side: 'buy',
      units: formatUnits(unitsScaled),
      price: maize.buy_price,
      amount: formatMinorAsDecimal(costMinor),
      fee: formatMinorAsDecimal(feeOf(costMinor)),
      total: formatMinorAsDecimal(costMinor + feeOf(costMinor)),
      expires_at: new Date(context.clock.now().getTime() + 60_000).toISOString(),
    });

    const bought = traded(
      await trade(call, user, 'buy', {
        commodity_id: maize.id,
        amount: '20000',
        quote_id: buyQuote.id,
      }),
    );
    expect(bought).toMatchObject({
      side: 'buy',
      units: buyQuote.units,
      total: buyQuote.total,
      holding_units: buyQuote.units,
      transaction: { type: 'trade', direction: 'debit', status: 'successful', channel: 'wallet' },
    });
    expect(await walletMinor(context.database, user.userId)).toBe(
      1_000_000_00n - costMinor - feeOf(costMinor),
    );

    const held = await holdingsOf(user);
    const valueMinor = (unitsScaled * sellPrice) / UNIT_SCALE;
    expect(held.items).toHaveLength(1);
    expect(held.items[0]).toMatchObject({
      units: formatUnits(unitsScaled),
      cost: formatMinorAsDecimal(costMinor),
      value: formatMinorAsDecimal(valueMinor),
      gain: formatMinorAsDecimal(valueMinor - costMinor),
      gain_bps: Number(((valueMinor - costMinor) * 10_000n) / costMinor),
    });
    expect(held.total_value).toBe(formatMinorAsDecimal(valueMinor));

    const sellQuote = await quoted(call, user, {
      commodity_id: maize.id,
      side: 'sell',
      units: formatUnits(unitsScaled),
    });
    const proceedsMinor = (unitsScaled * sellPrice) / UNIT_SCALE;
    expect(sellQuote).toMatchObject({
      price: maize.sell_price,
      amount: formatMinorAsDecimal(proceedsMinor),
      fee: formatMinorAsDecimal(feeOf(proceedsMinor)),
      total: formatMinorAsDecimal(proceedsMinor - feeOf(proceedsMinor)),
    });
    const sold = traded(
      await trade(call, user, 'sell', {
        commodity_id: maize.id,
        units: formatUnits(unitsScaled),
        quote_id: sellQuote.id,
      }),
    );
    expect(sold).toMatchObject({ holding_units: '0.0000', transaction: { direction: 'credit' } });
    expect(await walletMinor(context.database, user.userId)).toBe(
      1_000_000_00n - costMinor - feeOf(costMinor) + proceedsMinor - feeOf(proceedsMinor),
    );
    expect((await holdingsOf(user)).items).toEqual([]);
    expect(await postedBalance(context.database, 'system:commodity_trading:NGN')).toBe(
      tradingBefore + costMinor - proceedsMinor,
    );
    expect(await postedBalance(context.database, 'system:fees_revenue:NGN')).toBe(
      feesBefore + feeOf(costMinor) + feeOf(proceedsMinor),
    );

    const feed = await listTransactions(context.app, user.token, '?type=trade');
    // Both trades share the test clock's instant, so their order in the feed is not asserted.
    // The sale's row, as every credit's, is what reached the wallet (its quote's total), with the
    // fee beside it; the buy's is what was bought, its fee on top.
    expect(feed.map((row) => [row.direction, row.amount, row.fee]).sort()).toEqual([
      ['credit', sellQuote.total, sellQuote.fee],
      ['debit', buyQuote.amount, buyQuote.fee],
    ]);
  });

  it('when units are asked for, then the amount is units × price rounded up on a buy, and 0.5 grams of gold costs exactly that', async () => {
    const user = await trader();
    const gold = await commodityByCode(call, user.token, 'gold');
    const offer = await quoted(call, user, { commodity_id: gold.id, side: 'buy', units: 0.5 });
    const amountMinor = divideRounded(5_000n * kobo(gold.buy_price), UNIT_SCALE, 'up');
    expect(offer).toMatchObject({
      units: '0.5000',
      amount: formatMinorAsDecimal(amountMinor),
      fee: formatMinorAsDecimal(feeOf(amountMinor)),
    });
    traded(
      await trade(call, user, 'buy', { commodity_id: gold.id, units: '0.5', quote_id: offer.id }),
    );
    expect(await heldUnitsScaled(context.database, user.userId, gold.id)).toBe(5_000n);
  });

  it('when a quote expires, then the trade is refused with 409 carrying a new quote, nothing moves, and the new quote is honoured', async () => {
    const user = await trader();
    const soybean = await commodityByCode(call, user.token, 'soybean');
    const body = { commodity_id: soybean.id, units: '1' };
    const offer = await quoted(call, user, { ...body, side: 'buy' });

    context.clock.advance(59_999);
    const stillValid = await quoted(call, user, { ...body, side: 'buy' });
    context.clock.advance(1);
    const expired = await trade(call, user, 'buy', { ...body, quote_id: offer.id });
    expect(expired.statusCode).toBe(409);
    const error = expectErrorShape(expired);
    expect(error.code).toBe('quote_expired');
    expect(error.errors[0]).toMatchObject({ path: 'quote_id' });
    expect(error.errors[0]?.message).toMatch(
      /^The price you confirmed has expired\. Confirm the new price/,
    );
    const fresh = Object.fromEntries(
      error.errors
        .filter((item) => item.path.startsWith('quote.'))
        .map((item) => [item.path.slice(6), item.message]),
    );
    expect(fresh).toMatchObject({ units: '1.0000', price: soybean.buy_price, side: 'buy' });
    expect(await heldUnitsScaled(context.database, user.userId, soybean.id)).toBe(0n);
    expect(await walletMinor(context.database, user.userId)).toBe(1_000_000_00n);

    // The quote asked for 59.999 s after the first is still live 1 ms after the first expired.
    traded(await trade(call, user, 'buy', { ...body, quote_id: stillValid.id }));
    traded(await trade(call, user, 'buy', { ...body, quote_id: fresh.id }));
    expect(await heldUnitsScaled(context.database, user.userId, soybean.id)).toBe(2n * UNIT_SCALE);

    const reused = await trade(call, user, 'buy', { ...body, quote_id: fresh.id });
    expect(reused.statusCode).toBe(409);
    expect(expectErrorShape(reused).code).toBe('quote_used');
    const other = await quoted(call, user, { ...body, side: 'buy' });
    const mismatch = await trade(call, user, 'buy', { ...body, units: '1.1', quote_id: other.id });
    expect(expectErrorShape(mismatch).code).toBe('quote_mismatch');
    const sellingOnBuyQuote = await trade(call, user, 'sell', { ...body, quote_id: other.id });
    expect(expectErrorShape(sellingOnBuyQuote).code).toBe('quote_mismatch');
    const missing = await trade(call, user, 'buy', body);
    expect(missing.statusCode).toBe(409);
    expect(expectErrorShape(missing).code).toBe('quote_required');
    const stranger = await trader();
    const theirs = await trade(call, stranger, 'buy', { ...body, quote_id: other.id });
    expect(expectErrorShape(theirs).code).toBe('quote_required');
  });

  it('when a trade breaks the limits of the tier, then 422 names the amount: below the minimum, above the per-trade maximum, past the daily limit, and before BVN', async () => {
    const user = await trader(2_000_000_00n, 1);
    const sorghum = await commodityByCode(call, user.token, 'sorghum');
    const small = await requestQuote(call, user, {
      commodity_id: sorghum.id,
      side: 'buy',
      amount: '999.99',
    });
    expect(small.statusCode).toBe(422);
    expect(expectErrorShape(small)).toMatchObject({
      code: 'amount_below_minimum',
      message: 'The smallest purchase is ₦1,000.00',
    });
    const large = await requestQuote(call, user, {
      commodity_id: sorghum.id,
      side: 'buy',
      units: '2',
    });
    expect(expectErrorShape(large)).toMatchObject({
      code: 'amount_above_limit',
      message:
        'The largest purchase your account allows is ₦50,000.00. Verify your identity to raise your limit.',
    });
    // Tier 1 may buy ₦300,000.00 a day: six trades of ₦45,000 pass, the seventh does not.
    for (let index = 0; index < 6; index += 1) {
      const offer = await quoted(call, user, {
        commodity_id: sorghum.id,
        side: 'buy',
        amount: '45000',
      });
      traded(
        await trade(call, user, 'buy', {
          commodity_id: sorghum.id,
          amount: '45000',
          quote_id: offer.id,
        }),
      );
    }
    const walletBefore = await walletMinor(context.database, user.userId);
    const offer = await quoted(call, user, {
      commodity_id: sorghum.id,
      side: 'buy',
      amount: '45000',
    });
    const refused = await trade(call, user, 'buy', {
      commodity_id: sorghum.id,
      amount: '45000',
      quote_id: offer.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(expectErrorShape(refused).code).toBe('daily_limit');
    expect(await walletMinor(context.database, user.userId)).toBe(walletBefore);

    const wealthy = await trader(0n, 3);
    const huge = await requestQuote(call, wealthy, {
      commodity_id: sorghum.id,
      side: 'buy',
      units: '1000000000',
    });
    expect(expectErrorShape(huge)).toMatchObject({
      code: 'amount_above_limit',
      message: 'One trade may be at most ₦10,000,000,000.00',
    });

    const unverified = await newBillPayer(call, context.database, { label: 'nobvn', bvn: false });
    const notYet = await requestQuote(call, unverified, {
      commodity_id: sorghum.id,
      side: 'buy',
      amount: '5000',
    });
    expect(expectErrorShape(notYet)).toMatchObject({ code: 'verification_required' });
  });

  it('when what is left of a holding is worth less than the smallest sale, then it can still be sold whole, but not in part, and a whole-holding quote is refused once the holding grew', async () => {
    const user = await trader();
    const maize = await commodityByCode(call, user.token, 'maize');
    const sell = async (units: bigint) => {
      const offer = await quoted(call, user, {
        commodity_id: maize.id,
        side: 'sell',
        units: formatUnits(units),
      });
      return trade(call, user, 'sell', {
        commodity_id: maize.id,
        units: formatUnits(units),
        quote_id: offer.id,
      });
    };
    const buy = async (amount: string) => {
      const offer = await quoted(call, user, { commodity_id: maize.id, side: 'buy', amount });
      traded(
        await trade(call, user, 'buy', { commodity_id: maize.id, amount, quote_id: offer.id }),
      );
    };
    await buy('10000');
    // Keep 0.0100 units: worth under ₦1,000 at maize's price.
    const dust = 100n;
    expect((dust * kobo(maize.sell_price)) / UNIT_SCALE).toBeLessThan(1_000_00n);
    traded(await sell((await heldUnitsScaled(context.database, user.userId, maize.id)) - dust));

    const part = await requestQuote(call, user, {
      commodity_id: maize.id,
      side: 'sell',
      units: formatUnits(dust / 2n),
    });
    expect(part.statusCode).toBe(422);
    expect(expectErrorShape(part)).toMatchObject({
      code: 'amount_below_minimum',
      message: 'The smallest sale is ₦1,000.00',
    });

    // A quote for the whole holding, then the holding grows before it is used: no longer whole.
    const whole = await quoted(call, user, {
      commodity_id: maize.id,
      side: 'sell',
      units: formatUnits(dust),
    });
    await buy('2000');
    const grown = await heldUnitsScaled(context.database, user.userId, maize.id);
    const walletBefore = await walletMinor(context.database, user.userId);
    const refused = await trade(call, user, 'sell', {
      commodity_id: maize.id,
      units: formatUnits(dust),
      quote_id: whole.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(expectErrorShape(refused).code).toBe('amount_below_minimum');
    expect(await heldUnitsScaled(context.database, user.userId, maize.id)).toBe(grown);
    expect(await walletMinor(context.database, user.userId)).toBe(walletBefore);

    // Back to a small holding, sold whole: it goes, and the wallet gets it less the fee.
    traded(await sell(grown - dust));
    const sold = traded(await sell(dust));
    expect(kobo(sold.amount)).toBeLessThan(1_000_00n);
    expect(await heldUnitsScaled(context.database, user.userId, maize.id)).toBe(0n);
    expect((await holdingsOf(user)).items).toEqual([]);
  });

  it('when the body is wrong, then 400 or 422 says what to fix and nothing is stored', async () => {
    const user = await trader();
    const cocoa = await commodityByCode(call, user.token, 'cocoa');
    const quotesBefore = await countRows(context.database, 'commodity_quotes');
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { commodity_id: cocoa.id, side: 'buy' },
        400,
        'Enter either units or an amount in naira, not both',
      ],
      [
        { commodity_id: cocoa.id, side: 'buy', units: '1', amount: '5000' },
        400,
        'Enter either units or an amount in naira, not both',
      ],
      [
        { commodity_id: cocoa.id, side: 'buy', units: '0.00001' },
        400,
        'Enter units as a number with at most 4 decimals, for example 2 or 0.5',
      ],
      [
        { commodity_id: cocoa.id, side: 'buy', units: '-1' },
        400,
        'Enter units as a number with at most 4 decimals, for example 2 or 0.5',
      ],
      [{ commodity_id: cocoa.id, side: 'buy', units: '0' }, 422, 'Enter more than 0 units'],
      [{ commodity_id: cocoa.id, side: 'buy', amount: '-5' }, 422, 'Enter a valid amount'],
      [{ commodity_id: cocoa.id, side: 'hold', units: '1' }, 400, 'side must be buy or sell'],
      [{ commodity_id: 'cocoa', side: 'buy', units: '1' }, 400, 'Choose a commodity from the list'],
      [
        { commodity_id: cocoa.id, side: 'sell', units: '0.01' },
        422,
        'You hold 0.0000 × tonne of Cocoa; enter at most that',
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await requestQuote(call, user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(expectErrorShape(response).errors.map((error) => error.message)).toContain(message);
    }
    const unknown = await requestQuote(call, user, {
      commodity_id: '00000000-0000-4000-8000-000000000000',
      side: 'buy',
      units: '1',
    });
    expect(unknown.statusCode).toBe(404);
    const card = await trade(call, user, 'buy', {
      commodity_id: cocoa.id,
      units: '0.001',
      payment_method: 'card',
    });
    expect(card.statusCode).toBe(400);
    expect(expectErrorShape(card).errors.map((error) => error.message)).toContain(
      'Only the wallet can pay for a commodity trade (payment_method "wallet")',
    );
    const noKey = await call('/v1/commodities/buy', {
      method: 'POST',
      token: user.token,
      payload: { commodity_id: cocoa.id, units: '0.001', payment_method: 'wallet' },
    });
    expect(noKey.statusCode).toBe(400);
    expect(await countRows(context.database, 'commodity_quotes')).toBe(quotesBefore);
    expect(await walletMinor(context.database, user.userId)).toBe(1_000_000_00n);
  });

  it('when the same Idempotency-Key is sent twice, or twice at once, then money and units move once and the answers agree; a different body under it is refused', async () => {
    const user = await trader();
    const cashew = await commodityByCode(call, user.token, 'cashew');
    const offer = await quoted(call, user, { commodity_id: cashew.id, side: 'buy', units: '0.01' });
    const body = { commodity_id: cashew.id, units: '0.01', quote_id: offer.id };
    const key = newKey();
    const first = await trade(call, user, 'buy', body, key);
    const again = await trade(call, user, 'buy', body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await trade(call, user, 'buy', { ...body, units: '0.02' }, key);
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);

    const second = await quoted(call, user, {
      commodity_id: cashew.id,
      side: 'buy',
      units: '0.01',
    });
    const parallelKey = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        trade(call, user, 'buy', { ...body, quote_id: second.id }, parallelKey),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(
      true,
    );
    expect(await heldUnitsScaled(context.database, user.userId, cashew.id)).toBe(200n);
    const total = kobo(offer.total) + kobo(second.total);
    expect(await walletMinor(context.database, user.userId)).toBe(1_000_000_00n - total);
    expect(
      await countRows(context.database, 'commodity_trades', `user_id = '${user.userId}'`),
    ).toBe(2);
  });

  it("when one batch of trades names a user's quote for that user and another, then only its owner finds it", async () => {
    const owner = await trader();
    const other = await trader();
    const sesame = await commodityByCode(call, owner.token, 'sesame');
    const offer = await quoted(call, owner, {
      commodity_id: sesame.id,
      side: 'buy',
      units: '0.01',
    });
    const found = await context.database.unitOfWork((tx) =>
      holdings.lockQuotes(tx, [
        { userId: other.userId, quoteId: offer.id },
        { userId: owner.userId, quoteId: offer.id },
      ]),
    );
    expect(found.get(holdings.quoteKey(owner.userId, offer.id))?.id).toBe(offer.id);
    expect(found.get(holdings.quoteKey(other.userId, offer.id))).toBeUndefined();
    expect(found.size).toBe(1);
  });
});
