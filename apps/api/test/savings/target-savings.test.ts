import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  automaticCollectionMinor,
  collectionDates,
  type PredefinedTarget,
  type SavingRecord,
} from '@ajo/contracts/savings';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { accrueDay } from '../../src/money/ledger/interest.ts';
import { addDays, businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { notificationsOf } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { fundWallet, walletState } from '../support/withdrawal-helpers.ts';

describe('target savings arithmetic (the spec, section 4)', () => {
  it('when a weekly plan spans five weeks, then it has five due dates and the target ÷ 5 rounded up to the naira', () => {
    expect(collectionDates('2026-01-01', '2026-02-05', 'WEEKLY')).toEqual([
      '2026-01-01',
      '2026-01-08',
      '2026-01-15',
      '2026-01-22',
      '2026-01-29',
    ]);
    expect(automaticCollectionMinor(20_000_00n, '2026-01-01', '2026-02-05', 'WEEKLY')).toBe(
      4_000_00n,
    );
    expect(automaticCollectionMinor(10_000_00n, '2026-01-01', '2026-01-22', 'WEEKLY')).toBe(
      3_334_00n,
    );
  });

  it('when a monthly plan starts on the 31st, then it collects on each month’s last day when shorter, leap years included', () => {
    expect(collectionDates('2028-01-31', '2028-05-01', 'MONTHLY')).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe(`target savings from the wallet (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const saver = (fundMinor = 0n) =>
    newBillPayer(call, context.database, { label: 'target', fundMinor, at: context.clock.now() });
  const today = () => businessDate(context.clock.now());
  /** Noon in Lagos on a business date, as the date pickers send it. */
  const at = (date: string) => `${date}T11:00:00.000Z`;

  const createTarget = (user: BillPayer, body: Record<string, unknown>, key = newKey()) =>
    call('/v1/savings/target', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': key },
      payload: body,
    });
  const weekly = (overrides: Record<string, unknown> = {}) => ({
    reason: 'My House Rent',
    category: '2',
    frequency: 'WEEKLY',
    amount: 20_000,
    start_date: at(today()),
    end_date: at(addDays(today(), 35)),
    collection_method: 'automatic',
    ...overrides,
  });
  const moveClock = async (days: number) => {
    const response = await call('/v1/sandbox/clock', {
      method: 'POST',
      payload: { advance_days: days },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { collected_instalments: number; matured_plans: number } }>().data;
  };
  const recordOf = async (user: BillPayer, record: SavingRecord) => {
    const response = await call(`/v1/savings/${record.id}/orders/${record.saving_order.id}`, {
      token: user.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SavingRecord }>().data;
  };
  const collectionsOf = (planId: string) =>
    rows<{ due_on: string; status: string; attempts: number }>(
      context.database.db,
      sql`select due_on::text, status, attempts from savings_collections
           where plan_id = ${planId} order by due_on`,
    );

  it('when a weekly automatic target is made, then nothing moves yet, its instalment is computed and its first due date is today', async () => {
    const user = await saver(10_000_00n);
    const response = await createTarget(user, weekly());
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{ message: string; data: SavingRecord }>();
    expect(created.message).toBe('Target created');
    expect(created.data.amount).toBe('0.00');
    expect(created.data.saving_order).toMatchObject({
      amount: '20000.00',
      status: 'active',
      meta: { reason: 'My House Rent', start_date: today(), maturity_date: addDays(today(), 35) },
      saving: { name: 'Target Savings', slug: 'target_saving', active: true },
      target: {
        amount: '20000.00',
        frequency: 'WEEKLY',
        collection_method: 'automatic',
        collection_amount: '4000.00',
        next_collection_date: today(),
        next_collection_amount: '4000.00',
        progress_percent: 0,
        missed_instalments: 0,
      },
    });
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(10_000_00n);
  });

  it('when instalments fall due with a short wallet, then each is collected once, a short one is retried the next day, and a third failure is recorded as missed', async () => {
    const user = await saver(10_000_00n);
    const created = (await createTarget(user, weekly())).json<{ data: SavingRecord }>().data;
    const planId = created.saving_order.id;

    await moveClock(1);
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(6_000_00n);
    const [collectedNotice] = await notificationsOf(context.app, user.token);
    expect(collectedNotice?.title).toBe('Savings instalment collected');
    expect(collectedNotice?.body).toMatch(
      /^₦4,000\.00 was saved to My House Rent from your wallet\. The next instalment is due on /,
    );
    await moveClock(7);
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(2_000_00n);
    // Day 14's instalment finds ₦2,000: tried on days 14 and 15, and still due.
    await moveClock(7);
    expect(await collectionsOf(planId)).toEqual([
      { due_on: addDays(today(), -15), status: 'collected', attempts: 1 },
      { due_on: addDays(today(), -8), status: 'collected', attempts: 1 },
      { due_on: addDays(today(), -1), status: 'retrying', attempts: 2 },
    ]);
    const notices = await notificationsOf(context.app, user.token);
    expect(notices[0]?.title).toBe('Savings instalment not collected');
    expect(notices[0]?.body).toContain('we will try again tomorrow');
    // Funded in time for the retry: collected once, on its own due date.
    await fundWallet(context.database, user.userId, 5_000_00n, context.clock.now());
    await Promise.all([moveClock(1), moveClock(1)]);
    const collections = await collectionsOf(planId);
    expect(collections[2]).toEqual({
      due_on: addDays(today(), -3),
      status: 'collected',
      attempts: 3,
    });
    const record = await recordOf(user, created);
    expect(record.amount).toBe('12000.00');
    expect(record.saving_order.target?.progress_percent).toBe(60);

    // Day 21's instalment finds ₦3,000 three days running: missed, and the plan moves on.
    await moveClock(7);
    await moveClock(1);
    const missed = (await collectionsOf(planId)).at(-1);
    expect(missed).toMatchObject({ status: 'missed', attempts: 3 });
    expect((await notificationsOf(context.app, user.token))[0]?.title).toBe(
      'Savings instalment missed',
    );
    expect((await recordOf(user, created)).saving_order.target?.missed_instalments).toBe(1);
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(3_000_00n);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when an instalment is collected, then it earns interest from its own due date, not from the day before', async () => {
    const user = await saver(10_000_00n);
    const created = (await createTarget(user, weekly())).json<{ data: SavingRecord }>().data;
    const planId = created.saving_order.id;
    // Eight days run one by one: day 0's instalment is taken on day 1, day 7's on day 7.
    await moveClock(8);
    const [plan] = await rows<{ rate_bps: string }>(
      context.database.db,
      sql`select rate_bps::text from savings_plans where id = ${planId}`,
    );
    const rateBps = BigInt(plan?.rate_bps ?? '0');
    expect(rateBps).toBeGreaterThan(0n);
    // Days 0–7 ended on ₦0 (taken the next morning), ₦4,000 for six days, then ₦8,000.
    const balances = [0n, ...Array.from({ length: 6 }, () => 4_000_00n), 8_000_00n];
    let carry = 0n;
    const expected = balances.map((balance) => {
      const day = accrueDay(balance, rateBps, carry);
      carry = day.carry;
      return day.interestMinor.toString();
    });
    const booked = await rows<{ interest_minor: string }>(
      context.database.db,
      sql`select interest_minor::text from savings_accruals where plan_id = ${planId}
           order by accrued_on`,
    );
    expect(booked.map((day) => day.interest_minor)).toEqual(expected);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when top ups bring a target within one instalment of its goal, then the next instalment takes only what is left and collection then stops', async () => {
    const user = await saver(50_000_00n);
    const created = (await createTarget(user, weekly())).json<{ data: SavingRecord }>().data;
    const planId = created.saving_order.id;
    await moveClock(1);
    expect((await recordOf(user, created)).amount).toBe('4000.00');
    const topUp = await call(`/v1/savings/${created.id}/orders/${planId}`, {
      method: 'PUT',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
      payload: { amount: 14_500 },
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    const nearly = await recordOf(user, created);
    expect(nearly.amount).toBe('18500.00');
    expect(nearly.saving_order.target).toMatchObject({
      collection_amount: '4000.00',
      next_collection_amount: '1500.00',
    });

    // The next due date takes ₦1,500, not ₦4,000: the target is reached, and nothing more is taken.
    await moveClock(7);
    const reached = await recordOf(user, created);
    expect(reached.amount).toBe('20000.00');
    expect(reached.saving_order.target).toMatchObject({
      progress_percent: 100,
      next_collection_date: null,
      next_collection_amount: null,
    });
    expect((await notificationsOf(context.app, user.token))[0]?.body).toBe(
      '₦1,500.00 was saved to My House Rent from your wallet. Your target is reached: collection stops here.',
    );
    const amounts = await rows<{ amount_minor: string }>(
      context.database.db,
      sql`select amount_minor::text from savings_collections where plan_id = ${planId}
           order by due_on`,
    );
    expect(amounts.map((row) => row.amount_minor)).toEqual(['400000', '150000']);
    await moveClock(7);
    await moveClock(7);
    expect((await recordOf(user, created)).amount).toBe('20000.00');
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(30_000_00n);
    expect(await collectionsOf(planId)).toHaveLength(2);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a target is met by its end date, then it pays principal and interest less tax; when not met, the deposits come back and the interest is forfeited', async () => {
    const met = await saver(50_000_00n);
    const short = await saver(50_000_00n);
    const manual = (user: BillPayer) =>
      createTarget(
        user,
        weekly({ collection_method: 'manual', collection_amount: 5_000, amount: 10_000 }),
      ).then((response) => response.json<{ data: SavingRecord }>().data);
    const metPlan = await manual(met);
    const shortPlan = await manual(short);
    const topUp = (user: BillPayer, record: SavingRecord, amount: number) =>
      call(`/v1/savings/${record.id}/orders/${record.saving_order.id}`, {
        method: 'PUT',
        token: user.token,
        headers: { 'idempotency-key': newKey() },
        payload: { amount },
      });
    const topped = await topUp(met, metPlan, 10_000);
    expect(topped.statusCode, topped.body).toBe(200);
    expect(topped.json<{ message: string }>().message).toBe('Plan top up successful');
    expect((await topUp(short, shortPlan, 6_000)).statusCode).toBe(200);

    await moveClock(36);
    const metAfter = await recordOf(met, metPlan);
    expect(metAfter.saving_order.status).toBe('matured');
    expect(metAfter.saving_order.paid?.forfeited_interest).toBe('0.00');
    const gross = metAfter.saving_order.paid?.gross_interest ?? '0';
    expect(Number(gross)).toBeGreaterThan(0);
    expect((await walletState(context.database, met.userId)).balanceMinor).toBe(
      50_000_00n + BigInt(Math.round(Number(metAfter.saving_order.paid?.net_interest) * 100)),
    );
    const shortAfter = await recordOf(short, shortPlan);
    expect(shortAfter.saving_order.status).toBe('matured');
    expect(shortAfter.saving_order.paid?.payout).toBe('6000.00');
    expect(Number(shortAfter.saving_order.paid?.forfeited_interest)).toBeGreaterThan(0);
    expect((await walletState(context.database, short.userId)).balanceMinor).toBe(50_000_00n);
    const notice = (await notificationsOf(context.app, short.token))[0];
    expect(notice?.body).toContain('The target was not reached by the withdrawal date');
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a target with nothing saved in it is broken or reaches its end date, then it closes with nothing moved, and the plans maturing with it are paid', async () => {
    const breaker = await saver();
    const emptyToBreak = (
      await createTarget(
        breaker,
        weekly({ collection_method: 'manual', collection_amount: 5_000, amount: 10_000 }),
      )
    ).json<{ data: SavingRecord }>().data;
    const path = `/v1/savings/${emptyToBreak.id}/orders/${emptyToBreak.saving_order.id}/break`;
    expect((await call(path, { token: breaker.token })).json()).toMatchObject({
      data: { deposits: '0.00', charge: '0.00', payout: '0.00' },
    });
    const broken = await call(path, {
      method: 'POST',
      token: breaker.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect(broken.statusCode, broken.body).toBe(200);
    expect(broken.json<{ data: SavingRecord }>().data.saving_order).toMatchObject({
      status: 'broken',
      paid: { payout: '0.00', charge: '0.00' },
    });

    // An automatic target whose every instalment is missed (an empty wallet), maturing on the
    // same day as another saver's funded target.
    const idle = await saver();
    const emptyPlan = (await createTarget(idle, weekly())).json<{ data: SavingRecord }>().data;
    const funded = await saver(10_000_00n);
    const fundedPlan = (
      await createTarget(
        funded,
        weekly({ collection_method: 'manual', collection_amount: 5_000, amount: 10_000 }),
      )
    ).json<{ data: SavingRecord }>().data;
    const topped = await call(`/v1/savings/${fundedPlan.id}/orders/${fundedPlan.saving_order.id}`, {
      method: 'PUT',
      token: funded.token,
      headers: { 'idempotency-key': newKey() },
      payload: { amount: 10_000 },
    });
    expect(topped.statusCode, topped.body).toBe(200);
    const moved = await moveClock(36);
    expect(moved.matured_plans).toBeGreaterThanOrEqual(2);
    const emptyAfter = await recordOf(idle, emptyPlan);
    expect(emptyAfter.saving_order.status).toBe('matured');
    expect(emptyAfter.saving_order.paid?.payout).toBe('0.00');
    expect((await walletState(context.database, idle.userId)).balanceMinor).toBe(0n);
    const notice = (await notificationsOf(context.app, idle.token))[0];
    expect(notice?.body).toContain('with nothing saved in it, so there is nothing to pay out');
    expect((await recordOf(funded, fundedPlan)).saving_order.status).toBe('matured');
    const entries = await rows<{ count: number }>(
      context.database.db,
      sql`select count(*)::int as count from journal_entries
           where metadata->>'plan_id' in (${emptyToBreak.saving_order.id}, ${emptyPlan.saving_order.id})`,
    );
    expect(entries[0]?.count).toBe(0);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a target is broken early, then the quote shows the deposits less 1% and the forfeited interest, and that is what is paid, once', async () => {
    const user = await saver(30_000_00n);
    const plan = (
      await createTarget(
        user,
        weekly({
          collection_method: 'manual',
          collection_amount: 5_000,
          end_date: at(addMonths(today(), 3)),
        }),
      )
    ).json<{ data: SavingRecord }>().data;
    await call(`/v1/savings/${plan.id}/orders/${plan.saving_order.id}`, {
      method: 'PUT',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
      payload: { amount: 25_000 },
    });
    await moveClock(10);
    const path = `/v1/savings/${plan.id}/orders/${plan.saving_order.id}/break`;
    const quote = await call(path, { token: user.token });
    expect(quote.statusCode, quote.body).toBe(200);
    const figures = quote.json<{
      data: { deposits: string; charge: string; forfeited_interest: string; payout: string };
    }>().data;
    expect(figures).toMatchObject({ deposits: '25000.00', charge: '250.00', payout: '24750.00' });
    expect(Number(figures.forfeited_interest)).toBeGreaterThan(0);
    const key = newKey();
    const broken = await call(path, {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': key },
    });
    expect(broken.statusCode, broken.body).toBe(200);
    const again = await call(path, {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect(again.statusCode, again.body).toBe(200);
    const record = broken.json<{ data: SavingRecord }>().data;
    expect(record.saving_order).toMatchObject({
      status: 'broken',
      saving: { active: false },
      paid: {
        payout: '24750.00',
        charge: '250.00',
        forfeited_interest: figures.forfeited_interest,
      },
    });
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(
      5_000_00n + 24_750_00n,
    );
    expect((await notificationsOf(context.app, user.token))[0]?.title).toBe('Target broken');
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when target input breaks a rule, then the spec’s message comes back and nothing is made', async () => {
    const user = await saver();
    const refused = async (overrides: Record<string, unknown>, status: number, message: string) => {
      const response = await createTarget(user, weekly(overrides));
      expect(response.statusCode, response.body).toBe(status);
      expect(expectErrorShape(response).message).toBe(message);
    };
    await refused({ amount: 1_999 }, 422, 'Must be at least 2,000 naira');
    await refused({ start_date: at(addDays(today(), -1)) }, 422, 'Start date/time is elapsed');
    await refused({ end_date: at(today()) }, 422, 'End date must be beyond start date');
    await refused(
      { end_date: at(addDays(today(), 20)) },
      422,
      'Duration must be at least one month',
    );
    // An end far off (the year 9999, or past it through its offset) is refused at once, never
    // counted out week by week.
    await refused(
      { end_date: at(addMonths(today(), 121)), collection_method: 'automatic' },
      422,
      'End date must be within 10 years from today',
    );
    await refused(
      { end_date: '9999-12-31T12:00:00Z', frequency: 'MONTHLY' },
      422,
      'End date must be within 10 years from today',
    );
    await refused(
      { end_date: '9999-12-31T23:30:00-01:00' },
      400,
      'End date must be within 10 years from today',
    );
    await refused({ category: '99' }, 422, 'Select category');
    await refused({ reason: '  ' }, 400, 'Select reason');
    await refused({ frequency: 'DAILY' }, 400, 'Select frequency');
    await refused({ collection_method: 'sometimes' }, 400, 'Select collection method');
    await refused({ collection_method: 'manual' }, 422, 'Select collection amount');
    await refused(
      { collection_method: 'manual', collection_amount: 0 },
      422,
      'Collection amount cannot be 0 or negative',
    );
    await refused({ start_date: 'tomorrow' }, 400, 'Select start date');
    const [count] = await rows<{ count: string }>(
      context.database.db,
      sql`select count(*)::text as count from savings_plans where user_id = ${user.userId}`,
    );
    expect(count?.count).toBe('0');
  });

  it('when another user names someone’s plan, then it is not found, nothing moves, and the plan is untouched', async () => {
    const owner = await saver(10_000_00n);
    const stranger = await saver(10_000_00n);
    const plan = (
      await createTarget(owner, weekly({ collection_method: 'manual', collection_amount: 5_000 }))
    ).json<{ data: SavingRecord }>().data;
    const path = `/v1/savings/${plan.id}/orders/${plan.saving_order.id}`;
    const answers = [
      await call(path, { token: stranger.token }),
      await call(path, {
        method: 'PUT',
        token: stranger.token,
        headers: { 'idempotency-key': newKey() },
        payload: { amount: 1_000 },
      }),
      await call(`${path}/break`, { token: stranger.token }),
      await call(`${path}/break`, {
        method: 'POST',
        token: stranger.token,
        headers: { 'idempotency-key': newKey() },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(expectErrorShape(answer).message).toBe('That savings plan does not exist');
    }
    expect((await walletState(context.database, stranger.userId)).balanceMinor).toBe(10_000_00n);
    expect((await recordOf(owner, plan)).saving_order.status).toBe('active');
  });

  it('when a fixed plan is topped up or broken, then it is refused in words', async () => {
    const user = await saver(5_000_00n);
    const fixed = (
      await call('/v1/savings/fixed', {
        method: 'POST',
        token: user.token,
        headers: { 'idempotency-key': newKey() },
        payload: { amount: 2_000, duration: '30d' },
      })
    ).json<{ data: SavingRecord }>().data;
    const path = `/v1/savings/${fixed.id}/orders/${fixed.saving_order.id}`;
    const topUp = await call(path, {
      method: 'PUT',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
      payload: { amount: 1_000 },
    });
    expect(topUp.statusCode).toBe(422);
    expect(expectErrorShape(topUp).message).toContain('Only target savings can be topped up');
    const broken = await call(`${path}/break`, {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect(broken.statusCode).toBe(422);
    expect(expectErrorShape(broken).message).toBe(
      'A fixed plan cannot be broken: its money is available on its maturity date',
    );
  });

  it('when a member joins a challenge target and saves the week’s goal, then they are counted, their order follows and they earn the week’s medal once', async () => {
    // The challenge's targets are dated from the day the catalogue was seeded (today).
    context.clock.set(new Date());
    const user = await saver(30_000_00n);
    const plans = await call('/v1/savings/plans', { token: user.token });
    const challengeId = plans
      .json<{ data: { items: { id: string; slug: string }[] } }>()
      .data.items.find((product) => product.slug === 'olympic_challenge')?.id;
    const list = async () => {
      const response = await call(`/v1/savings/${challengeId ?? ''}/predefined`, {
        token: user.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { items: PredefinedTarget[] } }>().data.items;
    };
    const [sprint] = await list();
    expect(sprint).toMatchObject({ name: '100k Sprint', amount: '100000.00', order: null });
    const members = sprint?.meta.total_users ?? 0;

    const joinPath = `/v1/savings/${challengeId ?? ''}/predefined/${sprint?.id ?? ''}/join`;
    const joined = await call(joinPath, { method: 'POST', token: user.token });
    expect(joined.statusCode, joined.body).toBe(200);
    const again = await call(joinPath, { method: 'POST', token: user.token });
    const entry = joined.json<{ data: PredefinedTarget }>().data;
    expect(again.json<{ data: PredefinedTarget }>().data.order?.id).toBe(entry.order?.id);
    expect(entry.meta.total_users).toBe(members + 1);
    expect(entry.order?.saving_order).toMatchObject({
      amount: '100000.00',
      predefined_target_id: sprint?.id,
      target: { collection_method: 'manual', collection_amount: '7700.00' },
    });

    const order = entry.order;
    const topUp = (amount: number) =>
      call(`/v1/savings/${order?.id ?? ''}/orders/${order?.saving_order.id ?? ''}`, {
        method: 'PUT',
        token: user.token,
        headers: { 'idempotency-key': newKey() },
        payload: { amount },
      });
    const small = await topUp(1_999);
    expect(small.statusCode).toBe(422);
    expect(expectErrorShape(small).message).toBe('Top up at least ₦2,000.00');
    expect((await topUp(5_000)).statusCode).toBe(200);
    expect((await list())[0]?.medals).toEqual([]);
    expect((await topUp(3_000)).statusCode).toBe(200);
    const [after] = await list();
    expect(after?.medals.map((medal) => medal.week_start)).toEqual([after?.current_week_start]);
    expect(after?.order?.amount).toBe('8000.00');
    expect((await topUp(2_000)).statusCode).toBe(200);
    expect((await list())[0]?.medals).toHaveLength(1);
    const titles = (await notificationsOf(context.app, user.token)).map((notice) => notice.title);
    expect(titles.filter((title) => title === 'Medal earned')).toHaveLength(1);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
});
