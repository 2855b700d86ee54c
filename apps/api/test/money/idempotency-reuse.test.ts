import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavingRecord } from '@ajo/contracts/savings';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { addDays, businessDate } from '../../src/platform/clock.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { countRows } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { walletState } from '../support/withdrawal-helpers.ts';
import {
  commodityByCode,
  heldUnitsScaled,
  quoted,
  trade,
  traded,
} from '../commodities/commodity-helpers.ts';

/**
 * An Idempotency-Key names one movement. The stored answer replays it for a day; after that, and
 * on another route whose movements are named alike, the product itself finds the movement by the
 * key's reference. It answers again only for the same request: another is refused (422), and
 * nothing moves.
 */
describe(`one Idempotency-Key, another request (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const person = (fundMinor: bigint) =>
    newBillPayer(call, context.database, { label: 'reuse', fundMinor, at: context.clock.now() });
  /** As the daily clean-up leaves it: the stored answers are gone, the movements stay. */
  const forgetStoredAnswers = () =>
    context.database.db.execute(sql`delete from idempotency_records`);
  const expectReused = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode, response.body).toBe(422);
    expect(expectErrorShape(response as never).code).toBe('idempotency_key_reused');
  };

  it('when a purchase’s key is sent with a sale, then the sale is refused and the units stay', async () => {
    const user = await person(100_000_00n);
    const maize = await commodityByCode(call, user.token, 'maize');
    const key = newKey();
    const buyQuote = await quoted(call, user, {
      commodity_id: maize.id,
      side: 'buy',
      amount: '20000',
    });
    const bought = traded(
      await trade(
        call,
        user,
        'buy',
        { commodity_id: maize.id, amount: '20000', quote_id: buyQuote.id },
        key,
      ),
    );
    const sellQuote = await quoted(call, user, {
      commodity_id: maize.id,
      side: 'sell',
      units: bought.units,
    });
    const sale = await trade(
      call,
      user,
      'sell',
      { commodity_id: maize.id, units: bought.units, quote_id: sellQuote.id },
      key,
    );
    expectReused(sale);
    expect(await heldUnitsScaled(context.database, user.userId, maize.id)).toBe(
      BigInt(bought.units.replace('.', '')),
    );
    // The purchase itself, sent again with its key, is still answered.
    await forgetStoredAnswers();
    const again = traded(
      await trade(
        call,
        user,
        'buy',
        { commodity_id: maize.id, amount: '20000', quote_id: buyQuote.id },
        key,
      ),
    );
    expect(again.id).toBe(bought.id);
  });

  it('when a fixed plan’s key comes back a day later with another amount, then it is refused; with the same request, the plan is answered again', async () => {
    const user = await person(50_000_00n);
    const key = newKey();
    const fix = (amount: string) =>
      call('/v1/savings/fixed', {
        method: 'POST',
        token: user.token,
        headers: { 'idempotency-key': key },
        payload: { amount, duration: '30d' },
      });
    const first = await fix('2000');
    expect(first.statusCode, first.body).toBe(200);
    await forgetStoredAnswers();
    expectReused(await fix('3000'));
    // That refusal is now the key's stored answer; a day later, the first request again:
    await forgetStoredAnswers();
    const same = await fix('2000');
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<{ data: SavingRecord }>().data.id).toBe(
      first.json<{ data: SavingRecord }>().data.id,
    );
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(48_000_00n);
  });

  it('when a top up’s key is sent for another plan, then nothing moves into either', async () => {
    const user: BillPayer = await person(50_000_00n);
    const today = businessDate(context.clock.now());
    const target = async () => {
      const response = await call('/v1/savings/target', {
        method: 'POST',
        token: user.token,
        headers: { 'idempotency-key': newKey() },
        payload: {
          reason: 'Rent',
          category: '2',
          frequency: 'MONTHLY',
          amount: 20_000,
          start_date: `${today}T11:00:00.000Z`,
          end_date: `${addDays(today, 62)}T11:00:00.000Z`,
          collection_method: 'manual',
          collection_amount: 5_000,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: SavingRecord }>().data;
    };
    const first = await target();
    const second = await target();
    const key = newKey();
    const topUp = (plan: SavingRecord, amount: number) =>
      call(`/v1/savings/${plan.id}/orders/${plan.saving_order.id}`, {
        method: 'PUT',
        token: user.token,
        headers: { 'idempotency-key': key },
        payload: { amount },
      });
    expect((await topUp(first, 5_000)).statusCode).toBe(200);
    const activities = await countRows(context.database, 'transactions');
    expectReused(await topUp(second, 5_000));
    await forgetStoredAnswers();
    expectReused(await topUp(first, 6_000));
    expect(await countRows(context.database, 'transactions')).toBe(activities);
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(45_000_00n);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
});
