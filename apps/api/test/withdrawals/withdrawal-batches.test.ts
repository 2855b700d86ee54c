import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  placeWithdrawals,
  type WithdrawalRequest,
} from '../../src/modules/withdrawals/withdrawal-holds.ts';
import { walletAccountCode } from '../../src/money/ledger/account-codes.ts';
import { writeWithdrawals } from '../../src/modules/withdrawals/withdrawals.repository.ts';
import { businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  newWithdrawer,
  viaInject,
  walletState,
  type Caller,
  type Withdrawer,
} from '../support/withdrawal-helpers.ts';

/**
 * Decision 0013: withdrawals of many users are placed by one batch. Here a batch is made by hand
 * (the batcher makes them from concurrent requests), so each case is sure to share one.
 */
describe(`withdrawal batches (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const withdrawer = (fundMinor: bigint, tier = 1) =>
    newWithdrawer(call, context.database, { fundMinor, tier, at: context.clock.now() });

  const request = (user: Withdrawer, amountMinor: bigint, bankAccountId = user.bankAccountId) =>
    ({
      userId: user.userId,
      reference: `AJO-WDR-TEST-${randomBytes(6).toString('hex').toUpperCase()}`,
      amountMinor,
      feeMinor: 50_00n,
      bankAccountId,
    }) satisfies WithdrawalRequest;

  const place = (requests: WithdrawalRequest[]) =>
    placeWithdrawals(context.database, context.clock, 'sandbox', requests);

  const payoutsOf = (user: Withdrawer) =>
    rows<{ reference: string }>(
      context.database.db,
      sql`select reference from payouts where user_id = ${user.userId}`,
    );

  it('when one batch mixes good and refused withdrawals, then each gets its own answer and only the good ones are written', async () => {
    const good = await withdrawer(10_000_00n);
    const poor = await withdrawer(500_00n);
    const greedy = await withdrawer(200_000_00n);
    const lost = await withdrawer(10_000_00n);
    const alsoGood = await withdrawer(10_000_00n);
    const outcomes = await place([
      request(good, 1_000_00n),
      request(poor, 1_000_00n),
      request(greedy, 60_000_00n), // tier 1: at most ₦50,000 at a time
      request(lost, 1_000_00n, '00000000-0000-4000-8000-000000000000'),
      request(alsoGood, 2_000_00n),
    ]);
    expect(
      outcomes.map((outcome) => (outcome.ok ? 'held' : (outcome.error as { code: string }).code)),
    ).toEqual(['held', 'insufficient_funds', 'amount_above_limit', 'not_found', 'held']);
    expect(await walletState(context.database, good.userId)).toMatchObject({
      heldMinor: 1_050_00n,
    });
    expect(await walletState(context.database, alsoGood.userId)).toMatchObject({
      heldMinor: 2_050_00n,
    });
    for (const refused of [poor, greedy, lost]) {
      expect(await walletState(context.database, refused.userId)).toMatchObject({ heldMinor: 0n });
      expect(await payoutsOf(refused)).toEqual([]);
    }
  });

  it('when two batches race for the last of a daily limit, then the locked re-check lets one through', async () => {
    // Tier 1 allows ₦100,000 a day; ₦70,000 is used, so one more ₦20,000 fits and two do not.
    const user = await withdrawer(300_000_00n);
    const first = await place([request(user, 50_000_00n)]);
    const second = await place([request(user, 20_000_00n)]);
    expect([first[0]?.ok, second[0]?.ok]).toEqual([true, true]);
    // Both batches pass the unlocked check (₦70,000 used, ₦20,000 asked); the writes race.
    const racing = await Promise.all([
      place([request(user, 20_000_00n)]),
      place([request(user, 20_000_00n)]),
    ]);
    const answers = racing.flat();
    expect(answers.filter((outcome) => outcome.ok)).toHaveLength(1);
    const refused = answers.find((outcome) => !outcome.ok);
    expect(refused?.ok === false && refused.error).toMatchObject({
      code: 'daily_limit_reached',
      message: 'You can withdraw ₦10,000.00 more today',
    });
    expect(await payoutsOf(user)).toHaveLength(3);
    const [totals] = await rows<{ withdrawn_minor: string }>(
      context.database.db,
      sql`select withdrawn_minor::text from users where id = ${user.userId}`,
    );
    expect(totals?.withdrawn_minor).toBe('9000000');
  });

  it('when the locked row shows the day used up after the checks passed, then the write refuses it and writes nothing', async () => {
    const user = await withdrawer(300_000_00n);
    const today = businessDate(context.clock.now());
    const [wallet] = await rows<{ id: string }>(
      context.database.db,
      sql`select id from ledger_accounts where code = ${walletAccountCode(user.userId, 'NGN')}`,
    );
    // Another instance's withdrawals committed between this batch's read and its write.
    await context.database.db.execute(sql`update users
        set withdrawal_day = ${today}::date, withdrawn_minor = 9000000 where id = ${user.userId}`);
    const [written] = await writeWithdrawals(
      context.database.db,
      [
        {
          userId: user.userId,
          walletId: wallet?.id ?? '',
          reference: 'AJO-WDR-TEST-LOCKED-RECHECK',
          amountMinor: 20_000_00n,
          feeMinor: 50_00n,
          dailyLimitMinor: 100_000_00n,
          description: 'Withdrawal to Guaranty Trust Bank ••••••1234',
          bankCode: user.bankCode,
          bankName: 'Guaranty Trust Bank',
          accountNumber: user.accountNumber,
          accountName: 'Chiamaka Eze',
        },
      ],
      { provider: 'sandbox', at: context.clock.now(), businessDate: today },
    );
    expect(written).toEqual({ outcome: 'daily_limit', withdrawnMinor: 90_000_00n });
    expect(await walletState(context.database, user.userId)).toMatchObject({ heldMinor: 0n });
    expect(await payoutsOf(user)).toEqual([]);
  });
});
