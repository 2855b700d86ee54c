import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { PayoutProviderError } from '../../src/providers/payouts/payouts.port.ts';
import { postWebhook } from '../support/money-helpers.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  countingPayouts,
  createPayoutsTestApp,
  createScratchDatabase,
  newWithdrawer,
  notificationTitlesOf,
  payoutByReference,
  payoutsOf,
  processAppSecret,
  reconcilerOn,
  sandboxVendor,
  settlePayoutVia,
  startServer,
  vendorTransfers,
  walletEntries,
  walletState,
  withdrawVia,
  type CallCounts,
  type PayoutsTestContext,
  type ScratchDatabase,
  type ServerProcess,
  type WithdrawAnswer,
  type Withdrawer,
  settledAtVendor,
} from '../support/withdrawal-helpers.ts';
import { type Caller, newKey, viaInject } from '../support/calls.ts';
import { eventually } from '../support/sockets.ts';

type Fault = () => Promise<never> | undefined;

describe(`payouts the reconciler finishes, in process (${databaseKind})`, () => {
  let context: PayoutsTestContext;
  let call: Caller;
  let counts: CallCounts;
  const fault: { createTransfer?: Fault | undefined; fetchTransfer?: Fault | undefined } = {};

  beforeAll(async () => {
    context = await createPayoutsTestApp((vendor) => {
      const counting = countingPayouts(vendor, fault);
      counts = counting.counts;
      return counting.payouts;
    });
    call = viaInject(context.app);
  });
  afterEach(() => {
    fault.createTransfer = undefined;
    fault.fetchTransfer = undefined;
  });
  afterAll(() => context.close());

  const withdrawer = (fundMinor: bigint) =>
    newWithdrawer(call, context.database, {
      fundMinor,
      at: context.clock.now(),
      vendor: context.vendor,
    });
  const withdraw = async (user: Withdrawer, amount: string) => {
    const response = await withdrawVia(call, user.token, {
      amount,
      bank_account_id: user.bankAccountId,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WithdrawAnswer>().data.transaction;
  };
  /** Moves time on by a minute and a second (a new job slot), then runs the due jobs. */
  const nextMinute = async () => {
    context.clock.advance(61_000);
    await context.app.jobs.tick();
  };
  const snapshot = () => ({ ...counts });

  it('when the vendor took a .14 transfer but the answer was lost, then the reconciler finds it by reference, re-queries and settles it once', async () => {
    const user = await withdrawer(10_000_00n);
    const before = snapshot();
    const transaction = await withdraw(user, '1000.14');
    expect(transaction.status).toBe('pending');
    expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
      status: 'held',
      attempts: 1,
      hold_status: 'pending',
    });
    const [sent] = await vendorTransfers(context.database, transaction.reference);
    expect(sent).toMatchObject({ status: 'pending', amount_minor: '100014' });

    await nextMinute();
    expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
      status: 'submitted',
      provider_reference: sent?.transfer_code,
    });
    expect(counts.createTransfer - before.createTransfer).toBe(1); // never sent again
    expect(await vendorTransfers(context.database, transaction.reference)).toHaveLength(1);

    // The bank pays, but its webhook never arrives: the re-query after two minutes finds out.
    await context.vendor.settleTransfer(transaction.reference, 'success');
    await nextMinute();
    expect((await walletState(context.database, user.userId)).heldMinor).toBe(1_050_14n);
    await nextMinute();
    expect(await walletState(context.database, user.userId)).toEqual({
      balanceMinor: 10_000_00n - 1_050_14n,
      heldMinor: 0n,
      availableMinor: 10_000_00n - 1_050_14n,
    });
    expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
      status: 'success',
      transaction_status: 'successful',
    });

    // Later runs, and the webhook arriving after all, change nothing.
    await nextMinute();
    await nextMinute();
    await nextMinute();
    expect(await walletEntries(context.database, user.userId, 'withdrawal')).toBe(1);
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(
      10_000_00n - 1_050_14n,
    );
    const titles = await notificationTitlesOf(context.database, user.userId);
    expect(titles.filter((title) => title === 'Withdrawal successful')).toHaveLength(1);
    expect(counts.createTransfer - before.createTransfer).toBe(1);
  });

  it('when the vendor could not be reached at all, then the payout stays held and is sent once, with the same reference, when it is back', async () => {
    const user = await withdrawer(10_000_00n);
    const before = snapshot();
    fault.createTransfer = () =>
      Promise.reject(new PayoutProviderError('unavailable', 'connect ETIMEDOUT'));
    const transaction = await withdraw(user, '2000');
    expect(transaction.status).toBe('pending');
    expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
      status: 'held',
      attempts: 1,
    });
    expect(await vendorTransfers(context.database, transaction.reference)).toEqual([]);

    // Still down at the next run: asked (fetch fails too), nothing sent, still held.
    fault.fetchTransfer = () => Promise.reject(new PayoutProviderError('unavailable', 'timeout'));
    await nextMinute();
    expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
      status: 'held',
      attempts: 2,
      hold_status: 'pending',
    });
    expect(await vendorTransfers(context.database, transaction.reference)).toEqual([]);

    fault.createTransfer = undefined;
    fault.fetchTransfer = undefined;
    await nextMinute();
    expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
      status: 'submitted',
    });
    expect(await vendorTransfers(context.database, transaction.reference)).toHaveLength(1);
    expect(counts.createTransfer - before.createTransfer).toBe(2); // the failed try, then one
    await nextMinute();
    expect(await vendorTransfers(context.database, transaction.reference)).toHaveLength(1);

    const delivery = await settledAtVendor(context.vendor, transaction.reference, 'success');
    await postWebhook(context.app, delivery);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 10_000_00n - 2_050_00n,
      heldMinor: 0n,
    });
    expect(await walletEntries(context.database, user.userId, 'withdrawal')).toBe(1);
  });

  it('when the vendor refuses the transfer, then the withdrawal fails at once and the hold is released', async () => {
    const user = await withdrawer(10_000_00n);
    fault.createTransfer = () =>
      Promise.reject(new PayoutProviderError('rejected', 'Account is not valid'));
    const transaction = await withdraw(user, '3000');
    // The answer came once the hold was committed; the bank's refusal followed.
    expect(transaction.status).toBe('pending');
    expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
      transaction_status: 'failed',
    });
    expect(await walletState(context.database, user.userId)).toEqual({
      balanceMinor: 10_000_00n,
      heldMinor: 0n,
      availableMinor: 10_000_00n,
    });
    expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
      status: 'failed',
      hold_status: 'voided',
    });
    await nextMinute();
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(10_000_00n);
    expect(await notificationTitlesOf(context.database, user.userId)).toContain(
      'Withdrawal failed',
    );
  });
});

/**
 * QUALITY 9 with real processes: the server stops itself with SIGKILL at a step of a withdrawal
 * (`TEST_CRASH_AT`), and what it left behind is finished exactly once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a server killed in the middle of a withdrawal (QUALITY 9)',
  () => {
    let scratch: ScratchDatabase;
    const started: ServerProcess[] = [];
    const start = async (env: Record<string, string> = {}) => {
      const server = await startServer(scratch.url, env);
      started.push(server);
      return server;
    };

    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
    });
    afterAll(async () => {
      await Promise.all(started.map((server) => server.stop()));
      expect(await checkLedger(scratch.database.db)).toEqual([]);
      await scratch.drop();
    });

    /**
     * Withdraws on a server that kills itself at `point`; answers the key used and whether the
     * withdrawal's answer left before the crash.
     */
    async function crashDuringWithdrawal(point: 'after_hold' | 'after_provider') {
      const doomed = await start({ TEST_CRASH_AT: point });
      const user = await newWithdrawer(doomed.call, scratch.database, {
        fundMinor: 10_000_00n,
        label: point,
      });
      const key = newKey();
      const answer = withdrawVia(
        doomed.call,
        user.token,
        { amount: 1000, bank_account_id: user.bankAccountId },
        key,
      );
      let answered = false;
      if (point === 'after_hold') {
        // Stopped before it could answer.
        await expect(answer).rejects.toThrow();
      } else {
        // The bank is called after the answer (pending), which may or may not have left in time.
        const reply = await answer.catch(() => undefined);
        if (reply) expect(reply.json<WithdrawAnswer>().data.transaction.status).toBe('pending');
        answered = reply !== undefined;
      }
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      const [payout, ...others] = await payoutsOf(scratch.database, user.userId);
      if (!payout) throw new Error('the crash left no payout');
      expect(others).toEqual([]);
      expect(payout).toMatchObject({
        status: 'held',
        attempts: 0,
        hold_status: 'pending',
        transaction_status: 'pending',
      });
      expect(await walletState(scratch.database, user.userId)).toMatchObject({
        balanceMinor: 10_000_00n,
        heldMinor: 1_050_00n,
      });
      return { user, key, reference: payout.reference, answered };
    }

    /**
     * The client retries with the same key: an answer that was kept replays at once; otherwise
     * the key is in flight (409) until the crashed request's lock has run out.
     */
    async function retryAfterLockExpiry(
      server: ServerProcess,
      user: Withdrawer,
      key: string,
      answered = false,
    ) {
      const body = { amount: 1000, bank_account_id: user.bankAccountId };
      const early = await withdrawVia(server.call, user.token, body, key);
      if (answered) {
        expect(early.statusCode, early.body).toBe(200);
        return early.json<WithdrawAnswer>().data.transaction;
      }
      // The answer can be kept in the instant before the kill yet never reach the client: it
      // replays just the same.
      if (early.statusCode === 200) return early.json<WithdrawAnswer>().data.transaction;
      expect(early.statusCode, early.body).toBe(409);
      await scratch.database.db.execute(sql`update idempotency_records
          set locked_until = now() - interval '1 second' where key = ${key}`);
      const retried = await withdrawVia(server.call, user.token, body, key);
      expect(retried.statusCode, retried.body).toBe(200);
      return retried.json<WithdrawAnswer>().data.transaction;
    }

    async function expectPaidOnce(user: Withdrawer, reference: string) {
      expect(await vendorTransfers(scratch.database, reference)).toHaveLength(1);
      expect(await payoutsOf(scratch.database, user.userId)).toHaveLength(1);
      expect(await walletState(scratch.database, user.userId)).toEqual({
        balanceMinor: 10_000_00n - 1_050_00n,
        heldMinor: 0n,
        availableMinor: 10_000_00n - 1_050_00n,
      });
      expect(await walletEntries(scratch.database, user.userId, 'withdrawal')).toBe(1);
      expect(await checkLedger(scratch.database.db)).toEqual([]);
    }

    it('when killed after the hold, before the vendor was called, then the restarted server sends it once with the same reference', async () => {
      const { user, key, reference } = await crashDuringWithdrawal('after_hold');
      expect(await vendorTransfers(scratch.database, reference)).toEqual([]);

      // 30 s have passed (instead of waiting, the payout is made that old); the restarted
      // server's own reconciler job finds it.
      await scratch.database.db.execute(sql`update provider_movements
          set updated_at = updated_at - interval '31 seconds' where reference = ${reference}`);
      const restarted = await start({ JOBS_ENABLED: 'true', JOBS_POLL_INTERVAL_MS: '200' });
      await eventually(
        async () => (await payoutByReference(scratch.database, reference)).status === 'submitted',
        'the reconciler to submit the payout',
        20_000,
      );
      const [sent] = await vendorTransfers(scratch.database, reference);
      expect(sent).toMatchObject({ status: 'pending', amount_minor: '100000' });
      expect((await payoutByReference(scratch.database, reference)).provider_reference).toBe(
        sent?.transfer_code,
      );

      // The client's retry with the same key is the same withdrawal, not a second one.
      const retried = await retryAfterLockExpiry(restarted, user, key);
      expect(retried.reference).toBe(reference);
      expect(await payoutsOf(scratch.database, user.userId)).toHaveLength(1);

      const settled = await settlePayoutVia(restarted.call, reference, 'success');
      expect(settled.statusCode, settled.body).toBe(200);
      await expectPaidOnce(user, reference);
    });

    it('when killed after the vendor accepted, before our commit, then the reconciler finds it by reference and sends nothing again', async () => {
      const { user, key, reference, answered } = await crashDuringWithdrawal('after_provider');
      const [accepted] = await vendorTransfers(scratch.database, reference);
      expect(accepted).toMatchObject({ status: 'pending' });

      const counting = countingPayouts(() =>
        sandboxVendor(scratch.database, systemClock, processAppSecret),
      );
      const reconciler = reconcilerOn(scratch.database, counting.payouts, systemClock);
      await reconciler.reconcile(new Date(Date.now() + 31_000));
      expect(counting.counts).toEqual({ createTransfer: 0, fetchTransfer: 1 });
      expect(await payoutByReference(scratch.database, reference)).toMatchObject({
        status: 'submitted',
        provider_reference: accepted?.transfer_code,
      });
      // Two reconcilers at once, minutes later: re-queries only.
      const later = new Date(Date.now() + 3 * 60_000);
      await Promise.all([reconciler.reconcile(later), reconciler.reconcile(later)]);
      expect(counting.counts.createTransfer).toBe(0);

      const restarted = await start();
      const retried = await retryAfterLockExpiry(restarted, user, key, answered);
      expect(retried.reference).toBe(reference);
      const settled = await settlePayoutVia(restarted.call, reference, 'success');
      expect(settled.statusCode, settled.body).toBe(200);
      await expectPaidOnce(user, reference);
      expect(await notificationTitlesOf(scratch.database, user.userId)).toEqual(
        expect.arrayContaining(['Withdrawal successful']) as unknown,
      );
    });
  },
);
