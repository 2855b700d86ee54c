import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import {
  anyBvnIdentity,
  newUser,
  ngnBalance,
  settleCheckout,
  startDeposit,
  startedReference,
  verifyDeposit,
} from '../support/money-helpers.ts';
import { auditEntries, makeOperator, opsCall, type TestOperator } from '../support/operators.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  ledgerFingerprint,
  newWithdrawer,
  notificationTitlesOf,
  payoutByReference,
  sandboxVendor,
  settledAtVendor,
  walletEntries,
  walletState,
  withdrawVia,
  type WithdrawAnswer,
} from '../support/withdrawal-helpers.ts';

const minutes = (count: number) => count * 60_000;

interface FlaggedView {
  transaction_id: string;
  reference: string;
  user_id: string;
  amount: string;
  channel: string;
  review_reason: string;
  age_minutes: number;
}

interface StuckView {
  reference: string;
  product: string;
  status: string;
  attempts: number;
  age_minutes: number;
  amount: string;
  escalation: { note: string } | null;
}

describe(`deposits flagged for review, and payouts stuck pending (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  beforeAll(async () => {
    context = await createTestApp({
      seedCatalogue: true,
      identity: anyBvnIdentity,
      // The clock moves by hours here; customers' sessions must outlive it.
      env: { SESSION_IDLE_MINUTES: '600' },
    });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  /** Operators idle out after 15 minutes of the test clock: fresh ones after it moves. */
  const operators = async () => ({
    maker: await makeOperator(context, 'maker'),
    checker: await makeOperator(context, 'checker'),
  });

  const flaggedList = async (operator: TestOperator) => {
    const response = await opsCall(context.app, operator, '/v1/ops/flagged');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { items: FlaggedView[] } }>().data.items;
  };

  const stuckList = async (operator: TestOperator) => {
    const response = await opsCall(context.app, operator, '/v1/ops/stuck');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { items: StuckView[] } }>().data.items;
  };

  it('when a card top-up is paid after it expired, then it is listed as flagged and an approved credit correction pays it once', async () => {
    const user = await newUser(context, 'flagged.late@example.com');
    const paid = startedReference(await startDeposit(context.app, user.token, '4500'));
    const dismissed = startedReference(await startDeposit(context.app, user.token, '1200'));
    context.clock.advance(minutes(context.config.checkoutExpiryMs / 60_000 + 1));
    await context.app.jobs.tick();
    for (const reference of [paid, dismissed]) {
      await settleCheckout(context.app, reference, 'pay');
      await verifyDeposit(context.app, user.token, reference);
    }
    const { maker, checker } = await operators();

    const listed = await flaggedList(maker);
    const flagged = listed.find((item) => item.reference === paid);
    expect(flagged).toMatchObject({
      user_id: user.userId,
      amount: '4500.00',
      channel: 'card',
      review_reason: expect.stringContaining('paid after it was marked failed') as unknown,
    });
    expect(flagged?.age_minutes).toBeGreaterThanOrEqual(30);
    const id = flagged?.transaction_id ?? '';
    const other = listed.find((item) => item.reference === dismissed)?.transaction_id ?? '';

    const resolved = await opsCall(context.app, maker, `/v1/ops/flagged/${id}/resolve`, {
      payload: { outcome: 'credit', reason: 'The customer was charged; statement checked' },
    });
    const twice = await opsCall(context.app, checker, `/v1/ops/flagged/${id}/resolve`, {
      payload: { outcome: 'dismiss', reason: 'Second look at the same deposit' },
    });
    const dismissal = await opsCall(context.app, checker, `/v1/ops/flagged/${other}/resolve`, {
      payload: { outcome: 'dismiss', reason: 'Refunded to the card by the vendor' },
    });

    expect(resolved.statusCode, resolved.body).toBe(200);
    const { decision, correction } = resolved.json<{
      data: {
        decision: { outcome: string; correction_id: string };
        correction: { id: string; status: string; amount: string; related_reference: string };
      };
    }>().data;
    expect(correction).toMatchObject({
      status: 'proposed',
      amount: '4500.00',
      related_reference: paid,
    });
    expect(decision).toMatchObject({ outcome: 'credit_proposed', correction_id: correction.id });
    expect(twice.statusCode).toBe(409);
    expect(expectErrorShape(twice).code).toBe('already_resolved');
    expect(dismissal.statusCode, dismissal.body).toBe(200);
    expect((await flaggedList(checker)).map((item) => item.reference)).not.toEqual(
      expect.arrayContaining([paid]),
    );
    expect((await flaggedList(checker)).map((item) => item.reference)).not.toContain(dismissed);
    // Proposing is not paying: nothing moved yet, and the maker cannot approve it.
    expect(await ngnBalance(context.app, user.token)).toBe('0.00');
    const own = await opsCall(context.app, maker, `/v1/ops/corrections/${correction.id}/approve`, {
      payload: { reason: 'Approving my own proposal' },
    });
    expect(own.statusCode).toBe(403);

    const approved = await opsCall(
      context.app,
      checker,
      `/v1/ops/corrections/${correction.id}/approve`,
      { payload: { reason: 'Vendor settlement report shows it' } },
    );

    expect(approved.statusCode, approved.body).toBe(200);
    expect(await ngnBalance(context.app, user.token)).toBe('4500.00');
    const [linked] = await rows<{ correction_id: string }>(
      context.database.db,
      sql`select correction_id from review_decisions where subject_id = ${id}`,
    );
    expect(linked?.correction_id).toBe(correction.id);
    const audit = await auditEntries(context.app, checker, {
      action: 'flagged_deposit.resolved',
      subject_id: id,
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator: { id: maker.id },
      after: { outcome: 'credit_proposed', correction_id: correction.id, amount: '4500.00' },
    });
    const missing = await opsCall(
      context.app,
      checker,
      '/v1/ops/flagged/00000000-0000-4000-8000-000000000000/resolve',
      { payload: { outcome: 'dismiss', reason: 'Nothing to see here' } },
    );
    expect(missing.statusCode).toBe(404);
    const badOutcome = await opsCall(context.app, checker, `/v1/ops/flagged/${id}/resolve`, {
      payload: { outcome: 'refund', reason: 'Not an outcome we know' },
    });
    expect(badOutcome.statusCode).toBe(400);
  });

  describe('stuck payouts', () => {
    const pendingWithdrawal = async (fundMinor: bigint, amount: string) => {
      const user = await newWithdrawer(call, context.database, {
        fundMinor,
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
      return { user, reference: response.json<WithdrawAnswer>().data.transaction.reference };
    };
    const requery = (operator: TestOperator, reference: string) =>
      opsCall(context.app, operator, `/v1/ops/stuck/${reference}/requery`, { method: 'POST' });

    it('when the bank paid a payout whose webhook was lost, then it is listed as stuck and a requery settles it once', async () => {
      const { user, reference } = await pendingWithdrawal(20_000_00n, '5000');
      const vendor = sandboxVendor(context.database, context.clock, context.config.appSecret);
      expect((await payoutByReference(context.database, reference)).status).toBe('submitted');
      const young = await makeOperator(context, 'early');
      expect((await stuckList(young)).map((item) => item.reference)).not.toContain(reference);

      context.clock.advance(minutes(16));
      const { maker } = await operators();
      const stuck = (await stuckList(maker)).find((item) => item.reference === reference);
      expect(stuck).toMatchObject({ product: 'withdrawal', status: 'submitted', attempts: 1 });
      expect(stuck?.age_minutes).toBe(16);

      await settledAtVendor(vendor, reference, 'success'); // its webhook never arrives
      const answered = await requery(maker, reference);
      const again = await requery(maker, reference);

      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json()).toMatchObject({
        data: { reference, status: 'success', transaction_status: 'successful', settled: true },
      });
      expect(again.json()).toMatchObject({ data: { status: 'success', settled: false } });
      expect(await payoutByReference(context.database, reference)).toMatchObject({
        hold_status: 'posted',
      });
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 14_950_00n,
        heldMinor: 0n,
        availableMinor: 14_950_00n,
      });
      expect(await walletEntries(context.database, user.userId, 'withdrawal')).toBe(1);
      expect((await stuckList(maker)).map((item) => item.reference)).not.toContain(reference);
      const audit = await auditEntries(context.app, maker, {
        action: 'stuck_movement.requeried',
        subject_id: reference,
      });
      expect(audit).toHaveLength(2);
      expect(audit[1]).toMatchObject({
        before: { status: 'submitted' },
        after: { status: 'success' },
      });
    });

    it('when two payouts are stuck and one is asked about, then only that one is asked and settled', async () => {
      const asked = await pendingWithdrawal(20_000_00n, '4000');
      const other = await pendingWithdrawal(20_000_00n, '6000');
      const vendor = sandboxVendor(context.database, context.clock, context.config.appSecret);
      context.clock.advance(minutes(17));
      const { maker } = await operators();
      await settledAtVendor(vendor, asked.reference, 'success');
      await settledAtVendor(vendor, other.reference, 'success');

      const answered = await requery(maker, asked.reference);

      expect(answered.json()).toMatchObject({ data: { status: 'success', settled: true } });
      expect((await payoutByReference(context.database, other.reference)).status).toBe('submitted');
      expect((await stuckList(maker)).map((item) => item.reference)).toContain(other.reference);
    });

    it('when the bank failed a stuck payout, then a requery releases the hold once and the customer is told once', async () => {
      const { user, reference } = await pendingWithdrawal(10_000_00n, '3000');
      const vendor = sandboxVendor(context.database, context.clock, context.config.appSecret);
      context.clock.advance(minutes(20));
      const { maker, checker } = await operators();
      await settledAtVendor(vendor, reference, 'failed');

      const [first, second] = await Promise.all([
        requery(maker, reference),
        requery(checker, reference),
      ]);

      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      expect(await payoutByReference(context.database, reference)).toMatchObject({
        status: 'failed',
        hold_status: 'voided',
        transaction_status: 'failed',
      });
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 10_000_00n,
        heldMinor: 0n,
        availableMinor: 10_000_00n,
      });
      const titles = await notificationTitlesOf(context.database, user.userId);
      expect(titles.filter((title) => title === 'Withdrawal failed')).toHaveLength(1);
    });

    it('when the provider still cannot say, then the requery says so and an operator records one note', async () => {
      const { reference } = await pendingWithdrawal(10_000_00n, '1000');
      context.clock.advance(minutes(16));
      const { maker, checker } = await operators();
      const before = await ledgerFingerprint(context.database);

      const asked = await requery(maker, reference);
      const tooSoon = await requery(maker, reference);

      expect(asked.json()).toMatchObject({ data: { status: 'submitted', settled: false } });
      expect(asked.json<{ data: { answer: string } }>().data.answer).toMatch(/no final answer/);
      expect(tooSoon.json<{ data: { answer: string } }>().data.answer).toMatch(/not asked again/);
      expect(await ledgerFingerprint(context.database)).toEqual(before);

      const noted = await opsCall(context.app, maker, `/v1/ops/stuck/${reference}/note`, {
        payload: { reason: 'Raised ticket 4411 with the bank' },
      });
      const twice = await opsCall(context.app, checker, `/v1/ops/stuck/${reference}/note`, {
        payload: { reason: 'Raised a second ticket' },
      });
      const empty = await opsCall(context.app, checker, `/v1/ops/stuck/${reference}/note`, {
        payload: { reason: '' },
      });
      const unknown = await requery(maker, 'AJO-WDR-NOPE');

      expect(noted.statusCode, noted.body).toBe(200);
      expect(noted.json()).toMatchObject({ data: { outcome: 'escalated' } });
      expect(twice.statusCode).toBe(409);
      expect(empty.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(404);
      const listed = (await stuckList(checker)).find((item) => item.reference === reference);
      expect(listed?.escalation).toMatchObject({ note: 'Raised ticket 4411 with the bank' });
      const audit = await auditEntries(context.app, checker, {
        action: 'stuck_movement.escalated',
        subject_id: reference,
      });
      expect(audit).toHaveLength(1);
    });
  });
});
