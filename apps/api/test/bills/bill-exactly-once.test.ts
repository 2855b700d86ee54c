import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { billsService } from '../../src/modules/bills/bills.service.ts';
import { BackgroundWork } from '../../src/platform/background.ts';
import { rows } from '../../src/platform/db.ts';
import { BillsProviderError } from '../../src/providers/bills/bills.port.ts';
import { sandboxBillsProvider } from '../../src/providers/bills/sandbox.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { type Caller, newKey, viaInject } from '../support/calls.ts';
import {
  createScratchDatabase,
  notificationTitlesOf,
  startServer,
  walletEntries,
  walletState,
  type ScratchDatabase,
  type ServerProcess,
} from '../support/withdrawal-helpers.ts';
import { eventually } from '../support/sockets.ts';
import {
  billMovement,
  billPaymentVia,
  countingBills,
  newBillPayer,
  payBillVia,
  payerPhone,
  sandboxBillMagic,
  vendorPurchases,
  verifyMeterVia,
  type BillCallCounts,
  type BillPayer,
  type BillPaymentView,
} from '../support/bill-helpers.ts';

type Fault = () => Promise<never> | undefined;

describe(`bills are paid exactly once (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let counts: BillCallCounts;
  const fault: { pay?: Fault | undefined; requery?: Fault | undefined } = {};

  beforeAll(async () => {
    context = await createTestApp({
      seedCatalogue: true,
      bills: ({ database, clock }) => {
        const vendor = sandboxBillsProvider({ database, clock });
        const counting = countingBills(() => vendor, fault);
        counts = counting.counts;
        return counting.bills;
      },
    });
    call = viaInject(context.app);
  });
  afterEach(() => {
    fault.pay = undefined;
    fault.requery = undefined;
  });
  afterAll(() => context.close());

  const payer = () =>
    newBillPayer(call, context.database, { fundMinor: 20_000_00n, at: context.clock.now() });
  const airtime = async (user: BillPayer, amount: string, key = newKey()) => {
    const response = await payBillVia(
      call,
      user.token,
      'airtime',
      { biller_id: 'mtn', phone: payerPhone, amount },
      key,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: BillPaymentView }>().data;
  };
  const statusOf = async (user: BillPayer, id: string) =>
    (await billPaymentVia(call, user.token, id)).json<{ data: BillPaymentView }>().data;
  /** Moves time on by a minute and a second (a new job slot), then runs the due jobs. */
  const nextMinute = async () => {
    context.clock.advance(61_000);
    await context.app.jobs.tick();
    await context.app.background.idle();
  };
  const snapshot = () => ({ ...counts });

  it('when ten submissions of one key arrive at once, then one purchase is made and every answer names it', async () => {
    const user = await payer();
    const before = snapshot();
    const key = newKey();
    const body = { biller_id: 'mtn', phone: payerPhone, amount: '1000' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => payBillVia(call, user.token, 'airtime', body, key)),
    );
    // The first is answered; the others replay it, or are told it is still in flight (409).
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(),
    ).toBe(true);
    const replayed = await payBillVia(call, user.token, 'airtime', body, key);
    expect(replayed.statusCode, replayed.body).toBe(200);
    const payment = replayed.json<{ data: BillPaymentView }>().data;
    for (const answer of answers.filter((reply) => reply.statusCode === 200)) {
      expect(answer.json<{ data: BillPaymentView }>().data.id).toBe(payment.id);
    }
    expect(counts.pay - before.pay).toBe(1);
    expect(await vendorPurchases(context.database, payment.reference)).toHaveLength(1);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 19_000_00n,
      heldMinor: 0n,
    });
    expect(await walletEntries(context.database, user.userId, 'bill_airtime')).toBe(1);
  });

  it('when the biller times out but took the purchase, then the requery finds it delivered, with its token, and it is paid once', async () => {
    const user = await payer();
    expect((await verifyMeterVia(call, user.token)).statusCode).toBe(200);
    const before = snapshot();
    const response = await payBillVia(call, user.token, 'electricity', {
      biller_id: 'ikeja-electric',
      meter_number: sandboxBillMagic.prepaidMeter,
      meter_type: 'prepaid',
      amount: '5000.22',
    });
    expect(response.statusCode, response.body).toBe(200);
    const payment = response.json<{ data: BillPaymentView }>().data;
    expect(await billMovement(context.database, payment.reference)).toMatchObject({
      status: 'held',
      attempts: 1,
      hold_status: 'pending',
    });
    expect(await vendorPurchases(context.database, payment.reference)).toMatchObject([
      { status: 'delivered' },
    ]);

    await nextMinute();
    const settled = await statusOf(user, payment.id);
    expect(settled).toMatchObject({ status: 'successful', units: '73.0 kWh' });
    expect(settled.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect(counts.pay - before.pay).toBe(1); // asked, never bought again
    expect(counts.requery - before.requery).toBe(1);
    await nextMinute();
    await nextMinute();
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 20_000_00n - 5_100_22n,
      heldMinor: 0n,
    });
    expect(await walletEntries(context.database, user.userId, 'bill_electricity')).toBe(1);
    const titles = await notificationTitlesOf(context.database, user.userId);
    expect(titles.filter((title) => title === 'Electricity token ready')).toHaveLength(1);
  });

  it('when the biller is slow, then the payment stays pending until the requery job finishes it', async () => {
    const user = await payer();
    const payment = await airtime(user, '100.21');
    expect(await billMovement(context.database, payment.reference)).toMatchObject({
      status: 'submitted',
      transaction_status: 'pending',
    });
    await nextMinute(); // not yet stale: not asked
    expect((await statusOf(user, payment.id)).status).toBe('pending');
    await nextMinute();
    await nextMinute();
    expect((await statusOf(user, payment.id)).status).toBe('successful');
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 20_000_00n - 100_21n,
      heldMinor: 0n,
    });
    const titles = await notificationTitlesOf(context.database, user.userId);
    expect(titles.filter((title) => title === 'Airtime sent')).toHaveLength(1);
  });

  it('when the biller fails after accepting, then the payment is reversed and the hold released once', async () => {
    const user = await payer();
    const payment = await airtime(user, '200.23');
    expect((await walletState(context.database, user.userId)).heldMinor).toBe(200_23n);
    for (let minute = 0; minute < 5; minute += 1) await nextMinute();
    expect(await billMovement(context.database, payment.reference)).toMatchObject({
      status: 'reversed',
      hold_status: 'voided',
      transaction_status: 'reversed',
    });
    expect(await walletState(context.database, user.userId)).toEqual({
      balanceMinor: 20_000_00n,
      heldMinor: 0n,
      availableMinor: 20_000_00n,
    });
    const titles = await notificationTitlesOf(context.database, user.userId);
    expect(titles.filter((title) => title === 'Airtime reversed')).toHaveLength(1);
    expect(await walletEntries(context.database, user.userId, 'bill_airtime')).toBe(0);
  });

  it('when the biller refuses at once, then the payment fails and the money is back', async () => {
    const user = await payer();
    const payment = await airtime(user, '300.24');
    expect(await statusOf(user, payment.id)).toMatchObject({ status: 'failed' });
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 20_000_00n,
      heldMinor: 0n,
    });
    expect(await notificationTitlesOf(context.database, user.userId)).toContain('Airtime failed');
  });

  it('when the biller cannot be reached, then nothing is bought until it is back, and then once with the same request id', async () => {
    const user = await payer();
    const before = snapshot();
    fault.pay = () => Promise.reject(new BillsProviderError('unavailable', 'connect ETIMEDOUT'));
    fault.requery = () => Promise.reject(new BillsProviderError('unavailable', 'timeout'));
    const payment = await airtime(user, '400');
    await nextMinute();
    expect(await vendorPurchases(context.database, payment.reference)).toEqual([]);
    expect((await statusOf(user, payment.id)).status).toBe('pending');
    fault.pay = undefined;
    fault.requery = undefined;
    await nextMinute();
    expect((await statusOf(user, payment.id)).status).toBe('successful');
    expect(await vendorPurchases(context.database, payment.reference)).toHaveLength(1);
    expect(counts.pay - before.pay).toBe(2); // the failed try, then one purchase
  });

  it('when the process dies between the hold and the biller, then the reconciler buys it once with the same request id', async () => {
    const user = await payer();
    const log = pino({ level: 'silent' });
    // A process that commits the hold and dies before its background work runs.
    const dying = billsService({
      database: context.database,
      clock: context.clock,
      bills: sandboxBillsProvider({ database: context.database, clock: context.clock }),
      log,
      background: { start: () => undefined } as unknown as BackgroundWork,
    });
    const payment = await dying.buyAirtime(
      user.userId,
      { biller_id: 'mtn', phone: payerPhone.slice(1), amount: '700' },
      newKey(),
    );
    expect(await billMovement(context.database, payment.reference)).toMatchObject({
      status: 'held',
      attempts: 0,
      hold_status: 'pending',
    });
    expect(await vendorPurchases(context.database, payment.reference)).toEqual([]);
    const before = snapshot();
    await nextMinute();
    expect(await billMovement(context.database, payment.reference)).toMatchObject({
      status: 'success',
      transaction_status: 'successful',
    });
    expect(counts.requery - before.requery).toBe(1); // asked first
    expect(counts.pay - before.pay).toBe(1);
    expect(await vendorPurchases(context.database, payment.reference)).toHaveLength(1);
    expect(await walletEntries(context.database, user.userId, 'bill_airtime')).toBe(1);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
});

/** QUALITY 9 with real processes: the server kills itself after the hold (`TEST_CRASH_AT`). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a server killed in the middle of a bill', () => {
  let scratch: ScratchDatabase;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    expect(await checkLedger(scratch.database.db)).toEqual([]);
    await scratch.drop();
  });

  it('when killed after the hold, before the biller was called, then the restarted server buys it once and a retry of the key is the same payment', async () => {
    const doomed = await startServer(scratch.url, { TEST_CRASH_AT: 'after_hold' });
    started.push(doomed);
    const user = await newBillPayer(doomed.call, scratch.database, { fundMinor: 10_000_00n });
    const key = newKey();
    const body = { biller_id: 'mtn', phone: payerPhone, amount: '1000' };
    await expect(payBillVia(doomed.call, user.token, 'airtime', body, key)).rejects.toThrow();
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const [left] = await rows<{ reference: string }>(
      scratch.database.db,
      sql`select reference from provider_movements where user_id = ${user.userId}`,
    );
    if (!left) throw new Error('the crash left no bill');
    expect(await billMovement(scratch.database, left.reference)).toMatchObject({
      status: 'held',
      attempts: 0,
    });

    await scratch.database.db.execute(sql`update provider_movements
        set updated_at = updated_at - interval '31 seconds' where reference = ${left.reference}`);
    const restarted = await startServer(scratch.url, {
      JOBS_ENABLED: 'true',
      JOBS_POLL_INTERVAL_MS: '200',
    });
    started.push(restarted);
    await eventually(
      async () => (await billMovement(scratch.database, left.reference)).status === 'success',
      'the reconciler to buy the airtime',
      20_000,
    );
    expect(await vendorPurchases(scratch.database, left.reference)).toHaveLength(1);

    await scratch.database.db.execute(sql`update idempotency_records
        set locked_until = now() - interval '1 second' where key = ${key}`);
    const retried = await payBillVia(restarted.call, user.token, 'airtime', body, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<{ data: BillPaymentView }>().data.reference).toBe(left.reference);
    expect(await vendorPurchases(scratch.database, left.reference)).toHaveLength(1);
    expect(await walletState(scratch.database, user.userId)).toMatchObject({
      balanceMinor: 9_000_00n,
      heldMinor: 0n,
    });
  }, 60_000);
});
