import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import type { Database } from '../../src/platform/db.ts';
import { postWebhook, signedSandboxWebhook } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  createScratchDatabase,
  newWithdrawer,
  notificationTitlesOf,
  payoutByReference,
  payoutsOf,
  reconcilerOn,
  sandboxVendor,
  settlePayoutVia,
  startServer,
  vendorTransfers,
  walletEntries,
  walletState,
  withdrawVia,
  type ScratchDatabase,
  type ServerProcess,
  type WithdrawAnswer,
  type Withdrawer,
  settledAtVendor,
} from '../support/withdrawal-helpers.ts';
import { type Caller, type Reply, newKey, viaInject } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';

const amountMinor = 20_000_00n;
const feeMinor = 50_00n;
const totalMinor = amountMinor + feeMinor;

/** Samples the wallet while `work` runs; answers the work's result and the lowest available. */
async function watchingAvailable<T>(database: Database, userId: string, work: Promise<T>) {
  const watch = { done: false };
  let lowest: bigint | undefined;
  const watcher = (async () => {
    while (!watch.done) {
      const { availableMinor } = await walletState(database, userId);
      if (lowest === undefined || availableMinor < lowest) lowest = availableMinor;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    return { result: await work, lowestAvailable: () => lowest };
  } finally {
    watch.done = true;
    await watcher;
  }
}

/** Exactly ten answered 200 with a pending withdrawal; the rest 422 insufficient funds. */
function expectExactlyTen(responses: Reply[]) {
  const succeeded = responses.filter((response) => response.statusCode === 200);
  const refused = responses.filter((response) => response.statusCode !== 200);
  expect(succeeded).toHaveLength(10);
  expect(refused).toHaveLength(responses.length - 10);
  for (const response of succeeded) {
    expect(response.json<WithdrawAnswer>().data.transaction).toMatchObject({
      status: 'pending',
      amount: '20000.00',
      fee: '50.00',
    });
  }
  for (const response of refused) {
    expect(response.statusCode, response.body).toBe(422);
    expect(expectErrorShape(response).code).toBe('insufficient_funds');
  }
  const references = succeeded.map(
    (response) => response.json<WithdrawAnswer>().data.transaction.reference,
  );
  expect(new Set(references).size).toBe(10);
  return references;
}

describe(`withdrawal races (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const withdrawer = (fundMinor: bigint, tier?: number) =>
    newWithdrawer(call, context.database, {
      fundMinor,
      at: context.clock.now(),
      ...(tier === undefined ? {} : { tier }),
    });
  const withdraw = (user: Withdrawer, amount: unknown, key = newKey()) =>
    withdrawVia(call, user.token, { amount, bank_account_id: user.bankAccountId }, key);
  const vendor = () => sandboxVendor(context.database, context.clock, context.config.appSecret);
  const deliver = (delivery: { body: Buffer; headers: Record<string, string> }) =>
    postWebhook(context.app, delivery);

  it('when 50 withdrawals race on a wallet holding exactly 10 × (amount + fee), then exactly 10 succeed and the balance never goes below zero (QUALITY 1)', async () => {
    // Tier 3, so the per-transaction and daily limits cannot be what stops them.
    const user = await withdrawer(10n * totalMinor, 3);
    const { result: responses, lowestAvailable } = await watchingAvailable(
      context.database,
      user.userId,
      Promise.all(Array.from({ length: 50 }, () => withdraw(user, '20000'))),
    );
    const references = expectExactlyTen(responses);
    expect(lowestAvailable()).toBeGreaterThanOrEqual(0n);
    expect(await walletState(context.database, user.userId)).toEqual({
      balanceMinor: 10n * totalMinor,
      heldMinor: 10n * totalMinor,
      availableMinor: 0n,
    });
    const payouts = await payoutsOf(context.database, user.userId);
    expect(payouts).toHaveLength(10);
    expect(payouts.every((payout) => payout.hold_status === 'pending')).toBe(true);
    for (const reference of references) {
      expect(await vendorTransfers(context.database, reference)).toHaveLength(1);
    }

    const settled = await Promise.all(
      references.map((reference) => settlePayoutVia(call, reference, 'success')),
    );
    expect(settled.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await walletState(context.database, user.userId)).toEqual({
      balanceMinor: 0n,
      heldMinor: 0n,
      availableMinor: 0n,
    });
    expect(await walletEntries(context.database, user.userId, 'withdrawal')).toBe(10);
  });

  it('when parallel withdrawals would pass the daily limit together, then only those that fit are accepted', async () => {
    const user = await withdrawer(300_000_00n); // tier 1: ₦100,000 a day
    const responses = await Promise.all(Array.from({ length: 6 }, () => withdraw(user, '30000')));
    const accepted = responses.filter((response) => response.statusCode === 200);
    expect(accepted).toHaveLength(3);
    for (const response of responses.filter((each) => each.statusCode !== 200)) {
      expect(response.statusCode).toBe(422);
      const error = expectErrorShape(response);
      expect(error.code).toBe('daily_limit_reached');
      expect(error.message).toBe('You can withdraw ₦10,000.00 more today');
    }
    expect((await walletState(context.database, user.userId)).heldMinor).toBe(3n * 30_050_00n);
  });

  it('when the same Idempotency-Key arrives five times at once, then one hold and every success is the same answer', async () => {
    const user = await withdrawer(10_000_00n);
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 5 }, () => withdraw(user, 1000, key)));
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const response of responses) {
      if (response.statusCode === 200) expect(response.body).toBe(succeeded[0]?.body);
      else {
        expect(response.statusCode).toBe(409);
        expect(expectErrorShape(response).code).toBe('request_in_flight');
      }
    }
    const replay = await withdraw(user, 1000, key);
    expect(replay.body).toBe(succeeded[0]?.body);
    expect(await payoutsOf(context.database, user.userId)).toHaveLength(1);
    expect((await walletState(context.database, user.userId)).heldMinor).toBe(1_050_00n);
  });

  describe('a payout resolves once (QUALITY 10)', () => {
    async function pending(user: Withdrawer, amount: string) {
      const response = await withdraw(user, amount);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<WithdrawAnswer>().data.transaction.reference;
    }

    it('when the success webhook is delivered five times in parallel, then one debit and one notification', async () => {
      const user = await withdrawer(10_000_00n);
      const reference = await pending(user, '4000');
      const delivery = await settledAtVendor(vendor(), reference, 'success');
      const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 5_950_00n,
        heldMinor: 0n,
        availableMinor: 5_950_00n,
      });
      expect(await walletEntries(context.database, user.userId, 'withdrawal')).toBe(1);
      const titles = await notificationTitlesOf(context.database, user.userId);
      expect(titles.filter((title) => title === 'Withdrawal successful')).toHaveLength(1);
    });

    it('when the failed webhook is delivered five times in parallel, then the hold is released once', async () => {
      const user = await withdrawer(10_000_00n);
      const keep = await pending(user, '1000'); // another hold that must stay held
      const reference = await pending(user, '4000');
      const delivery = await settledAtVendor(vendor(), reference, 'failed');
      const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 10_000_00n,
        heldMinor: 1_050_00n,
        availableMinor: 8_950_00n,
      });
      expect(await payoutByReference(context.database, reference)).toMatchObject({
        status: 'failed',
        hold_status: 'voided',
        transaction_status: 'failed',
      });
      expect(await payoutByReference(context.database, keep)).toMatchObject({
        hold_status: 'pending',
      });
      const titles = await notificationTitlesOf(context.database, user.userId);
      expect(titles.filter((title) => title === 'Withdrawal failed')).toHaveLength(1);
    });

    it('when the reversal of a paid withdrawal is delivered five times in parallel, then the money comes back once', async () => {
      const user = await withdrawer(10_000_00n);
      const reference = await pending(user, '4000');
      expect((await settlePayoutVia(call, reference, 'success')).statusCode).toBe(200);
      const delivery = await settledAtVendor(vendor(), reference, 'reversed');
      const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 10_000_00n,
        heldMinor: 0n,
        availableMinor: 10_000_00n,
      });
      expect(await walletEntries(context.database, user.userId, 'withdrawal_reversal')).toBe(1);
      expect(await payoutByReference(context.database, reference)).toMatchObject({
        status: 'reversed',
        transaction_status: 'reversed',
      });
    });

    it('when webhooks and two reconcilers settle the same payout at once, then it is applied once', async () => {
      const user = await withdrawer(10_000_00n);
      const reference = await pending(user, '4000');
      const delivery = await settledAtVendor(vendor(), reference, 'success');
      const later = new Date(context.clock.now().getTime() + 3 * 60_000);
      const reconciler = reconcilerOn(context.database, vendor(), context.clock);
      await Promise.all([
        deliver(delivery),
        reconciler.reconcile(later),
        deliver(delivery),
        reconciler.reconcile(later),
        reconciler.settle(reference, 'success'),
      ]);
      expect(await walletState(context.database, user.userId)).toMatchObject({
        balanceMinor: 5_950_00n,
        heldMinor: 0n,
      });
      expect(await walletEntries(context.database, user.userId, 'withdrawal')).toBe(1);
    });

    it('when a signed webhook says success but the vendor says pending, then nothing moves', async () => {
      const user = await withdrawer(10_000_00n);
      const reference = await pending(user, '4000');
      const [transfer] = await vendorTransfers(context.database, reference);
      const forged = signedSandboxWebhook(context.config, {
        event: 'transfer.success',
        data: {
          reference,
          amount: 400_000,
          status: 'success',
          transfer_code: transfer?.transfer_code,
          currency: 'NGN',
        },
      });
      const answers = await Promise.all(Array.from({ length: 3 }, () => deliver(forged)));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ data: { outcome: 'review' } });
      }
      expect(await walletState(context.database, user.userId)).toMatchObject({
        balanceMinor: 10_000_00n,
        heldMinor: 4_050_00n,
      });
      expect(await payoutByReference(context.database, reference)).toMatchObject({
        status: 'submitted',
      });
      const unsigned = await postWebhook(context.app, {
        body: forged.body,
        headers: { 'content-type': 'application/json' },
      });
      expect(unsigned.statusCode).toBe(401);
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two API processes on one PostgreSQL database (QUALITY 13)',
  () => {
    let scratch: ScratchDatabase | undefined;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
      // One after the other: each runs the (already applied) migrations and the seed on start.
      servers.push(await startServer(scratch.url));
      servers.push(await startServer(scratch.url));
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await scratch?.drop();
    });

    it('when 25 withdrawals go to each instance at once on a wallet holding 10, then exactly 10 succeed and the ledger checks', async () => {
      const [first, second] = servers;
      if (!first || !second || !scratch) throw new Error('servers not started');
      const database = scratch.database;
      const user = await newWithdrawer(first.call, database, {
        fundMinor: 10n * totalMinor,
        tier: 3,
      });
      const attempt = (server: ServerProcess) =>
        withdrawVia(server.call, user.token, {
          amount: '20000',
          bank_account_id: user.bankAccountId,
        });
      const { result: responses, lowestAvailable } = await watchingAvailable(
        database,
        user.userId,
        Promise.all(
          Array.from({ length: 50 }, (_, index) => attempt(index % 2 === 0 ? first : second)),
        ),
      );
      const references = expectExactlyTen(responses);
      expect(lowestAvailable()).toBeGreaterThanOrEqual(0n);
      expect(await walletState(database, user.userId)).toEqual({
        balanceMinor: 10n * totalMinor,
        heldMinor: 10n * totalMinor,
        availableMinor: 0n,
      });
      expect(await payoutsOf(database, user.userId)).toHaveLength(10);
      expect(await checkLedger(database.db)).toEqual([]);

      // Settled through the other instance: its webhook route applies each payout once.
      const settled = await Promise.all(
        references.map((reference, index) =>
          settlePayoutVia((index % 2 === 0 ? second : first).call, reference, 'success'),
        ),
      );
      expect(settled.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      expect(await walletState(database, user.userId)).toEqual({
        balanceMinor: 0n,
        heldMinor: 0n,
        availableMinor: 0n,
      });
      expect(await walletEntries(database, user.userId, 'withdrawal')).toBe(10);
      expect(await checkLedger(database.db)).toEqual([]);
    });
  },
);
