import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  newWithdrawer,
  payoutsOf,
  walletState,
  type Withdrawer,
} from '../support/withdrawal-helpers.ts';
import { type Caller, viaInject } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';

/**
 * Decision 0013 and 0016: concurrent withdrawals of many users are placed by the money core in
 * one transaction per batch (the first request runs alone, the ones arriving meanwhile go
 * together into the next batch). Each keeps its own answer.
 */
describe(`withdrawal batches in the money core (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const withdrawer = (fundMinor: bigint, tier = 1) =>
    newWithdrawer(call, context.database, { fundMinor, tier, at: context.clock.now() });

  const withdraw = (user: Withdrawer, amount: string, bankAccountId = user.bankAccountId) =>
    call('/v1/wallets/withdraw', {
      token: user.token,
      headers: { 'idempotency-key': `batch-${randomBytes(8).toString('hex')}` },
      payload: { amount, bank_account_id: bankAccountId },
    });

  const answerOf = (response: { statusCode: number; json: () => Record<string, unknown> }) =>
    response.statusCode === 200 ? 'held' : String(response.json().code);

  it('when many users withdraw at once and some are refused, then each gets its own answer and only the good ones are written', async () => {
    const good = await withdrawer(10_000_00n);
    const poor = await withdrawer(500_00n);
    const greedy = await withdrawer(200_000_00n);
    const lost = await withdrawer(10_000_00n);
    const alsoGood = await withdrawer(10_000_00n);
    const answers = await Promise.all([
      withdraw(good, '1000'),
      withdraw(poor, '1000'),
      withdraw(greedy, '60000'), // tier 1: at most ₦50,000 at a time
      withdraw(lost, '1000', '00000000-0000-4000-8000-000000000000'),
      withdraw(alsoGood, '2000'),
    ]);
    expect(answers.map(answerOf)).toEqual([
      'held',
      'insufficient_funds',
      'amount_above_limit',
      'not_found',
      'held',
    ]);
    expect(await walletState(context.database, good.userId)).toMatchObject({
      heldMinor: 1_050_00n,
    });
    expect(await walletState(context.database, alsoGood.userId)).toMatchObject({
      heldMinor: 2_050_00n,
    });
    for (const refused of [poor, greedy, lost]) {
      expect(await walletState(context.database, refused.userId)).toMatchObject({ heldMinor: 0n });
      expect(await payoutsOf(context.database, refused.userId)).toEqual([]);
    }
    await context.app.background.idle();
  });

  it('when a withdrawal is refused for lack of money, then the daily limit it reserved is given back', async () => {
    const user = await withdrawer(10_000_00n);
    expect(answerOf(await withdraw(user, '20000'))).toBe('insufficient_funds');
    const [total] = await rows<{ amount_minor: string }>(
      context.database.db,
      sql`select amount_minor::text from daily_totals where user_id = ${user.userId}`,
    );
    expect(total?.amount_minor ?? '0').toBe('0');
  });

  it('when another instance used the day up after this one quoted, then the locked reservation refuses and nothing is written', async () => {
    const user = await withdrawer(300_000_00n);
    const today = businessDate(context.clock.now());
    // Another instance's withdrawals committed between this request's checks and its write.
    await context.database.db
      .execute(sql`insert into daily_totals (user_id, product, day, amount_minor)
        values (${user.userId}, 'withdraw', ${today}::date, 9000000)`);
    const refused = await withdraw(user, '20000');
    expect(refused.statusCode).toBe(422);
    expect(expectErrorShape(refused)).toMatchObject({
      code: 'daily_limit_reached',
      message: 'You can withdraw ₦10,000.00 more today',
    });
    expect(await walletState(context.database, user.userId)).toMatchObject({ heldMinor: 0n });
    expect(await payoutsOf(context.database, user.userId)).toEqual([]);
    expect(answerOf(await withdraw(user, '10000'))).toBe('held');
    await context.app.background.idle();
  });
});
