import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reversalRuleOf, reversalDeadlines } from '../../src/modules/ops/reversals.service.ts';
import { bearer, newKey, viaInject, type Caller } from '../support/calls.ts';
import { makeOperator, opsCall } from '../support/operators.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  newWithdrawer,
  settlePayoutVia,
  withdrawVia,
  type WithdrawAnswer,
} from '../support/withdrawal-helpers.ts';

const hours = (count: number) => count * 60 * 60_000;

interface ReversalView {
  product: string;
  reference: string;
  status: string;
  amount: string;
  rule: string;
  deadline_hours: number;
  started_at: string;
  deadline_at: string;
  minutes_left: number;
  overdue: boolean;
  money_back: boolean;
  money_back_at: string | null;
}

describe(`reversal tracking against CBN's deadlines (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, env: { SESSION_IDLE_MINUTES: '6000' } });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const placed = async (amount: string) => {
    const user = await newWithdrawer(call, context.database, {
      fundMinor: 50_000_00n,
      at: context.clock.now(),
    });
    const response = await withdrawVia(
      call,
      user.token,
      { amount, bank_account_id: user.bankAccountId },
      newKey(),
    );
    expect(response.statusCode, response.body).toBe(200);
    await context.app.background.idle();
    return response.json<WithdrawAnswer>().data.transaction.reference;
  };

  /** Operators idle out after 15 minutes of the test clock: a fresh one for each look. */
  const reversals = async (query = '') => {
    const operator = await makeOperator(context, 'reversals');
    const response = await opsCall(context.app, operator, `/v1/ops/reversals${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { items: ReversalView[]; overdue_count: number } }>().data;
  };
  const find = (items: ReversalView[], reference: string) =>
    items.find((item) => item.reference === reference);

  it('when a product moves money out, then it follows its CBN timeline: 24 h own channel, 48 h web (card), 72 h POS', () => {
    expect(reversalRuleOf('withdrawal')).toBe('own_channel');
    expect(reversalRuleOf('bill_electricity')).toBe('own_channel');
    expect(reversalRuleOf('card')).toBe('web');
    expect(reversalRuleOf('pos')).toBe('pos');
    expect(reversalDeadlines).toEqual({ own_channel: 24, web: 48, pos: 72 });
  });

  it('when payouts fail, are reversed or stay pending, then each shows its deadline and the pending one becomes overdue after 24 hours', async () => {
    const pending = await placed('1000');
    const failed = await placed('2000');
    const reversed = await placed('3000');
    expect((await settlePayoutVia(call, failed, 'failed')).statusCode).toBe(200);
    expect((await settlePayoutVia(call, reversed, 'success')).statusCode).toBe(200);
    context.clock.advance(hours(2));
    expect((await settlePayoutVia(call, reversed, 'reversed')).statusCode).toBe(200);
    const startedAt = context.clock.now().getTime() - hours(2);

    const early = await reversals();
    expect(find(early.items, pending)).toMatchObject({
      product: 'withdrawal',
      status: 'pending',
      rule: 'own_channel',
      deadline_hours: 24,
      amount: '1050.00',
      overdue: false,
      money_back: false,
      minutes_left: 22 * 60,
      deadline_at: new Date(startedAt + hours(24)).toISOString(),
    });
    expect(find(early.items, failed)).toMatchObject({
      status: 'failed',
      money_back: true,
      overdue: false,
    });
    expect(find(early.items, reversed)).toMatchObject({
      status: 'reversed',
      money_back: true,
      money_back_at: context.clock.now().toISOString(),
    });
    expect(early.overdue_count).toBe(0);

    context.clock.advance(hours(23));
    const late = await reversals();
    expect(find(late.items, pending)).toMatchObject({
      overdue: true,
      money_back: false,
      minutes_left: -60,
    });
    expect(find(late.items, failed)).toMatchObject({ overdue: false, money_back: true });
    expect(late.overdue_count).toBe(1);
    expect(late.items[0]?.reference).toBe(pending);

    const open = await reversals('?show=open');
    expect(open.items.map((item) => item.reference)).toContain(pending);
    expect(open.items.map((item) => item.reference)).not.toContain(failed);
    expect(open.items.map((item) => item.reference)).not.toContain(reversed);

    const bad = await opsCall(
      context.app,
      await makeOperator(context, 'bad'),
      '/v1/ops/reversals?show=some',
    );
    expect(bad.statusCode).toBe(400);
  });

  it("when a customer's token asks for reversals, then 401", async () => {
    const user = await newWithdrawer(call, context.database, { fundMinor: 0n });
    const response = await context.app.inject({
      url: '/v1/ops/reversals',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(401);
  });
});
