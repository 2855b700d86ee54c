import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import {
  ledgerFingerprint,
  fundWallet,
  walletEntries,
  walletState,
} from '../support/withdrawal-helpers.ts';
import { listTransactions, notificationsOf, userIdOf } from '../support/money-helpers.ts';
import { auditEntries, makeOperator, opsCall, type TestOperator } from '../support/operators.ts';
import { signUp, uniqueEmail } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

interface CorrectionView {
  id: string;
  user_id: string;
  status: string;
  amount: string;
  direction: string;
  transaction_reference: string | null;
  can_decide: boolean;
  proposed_by: { id: string };
  decided_by: { id: string } | null;
}

describe(`money corrections under maker-checker (${databaseKind})`, () => {
  let context: TestContext;
  let maker: TestOperator;
  let checker: TestOperator;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    maker = await makeOperator(context, 'maker');
    checker = await makeOperator(context, 'checker');
  });
  afterAll(() => context.close());

  const customer = async (fundMinor = 0n) => {
    const email = uniqueEmail('corrected');
    const token = await signUp(context.app, email);
    const userId = await userIdOf(context.database, email);
    if (fundMinor > 0n) await fundWallet(context.database, userId, fundMinor, context.clock.now());
    return { token, userId };
  };

  const propose = async (operator: TestOperator, payload: Record<string, unknown>) =>
    opsCall(context.app, operator, '/v1/ops/corrections', { payload });

  const proposed = async (userId: string, overrides: Record<string, unknown> = {}) => {
    const response = await propose(maker, {
      user_id: userId,
      currency: 'NGN',
      direction: 'credit',
      amount: '2500.50',
      reason: 'Deposit SBX-123 arrived without a credit',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CorrectionView }>().data;
  };

  const decide = (operator: TestOperator, id: string, action: 'approve' | 'reject') =>
    opsCall(context.app, operator, `/v1/ops/corrections/${id}/${action}`, {
      payload: { reason: `Checked the statement: ${action}` },
    });

  const corrections = async (userId: string) =>
    rows<{ status: string; decided_by: string | null }>(
      context.database.db,
      sql`select status, decided_by from money_corrections where user_id = ${userId}`,
    );

  it('when the operator who proposed a correction approves it, then 403 and no money moves', async () => {
    const { userId } = await customer();
    const correction = await proposed(userId);
    expect(correction).toMatchObject({ status: 'proposed', can_decide: false, amount: '2500.50' });
    const before = await ledgerFingerprint(context.database);

    const own = await decide(maker, correction.id, 'approve');
    const ownReject = await decide(maker, correction.id, 'reject');

    expect(own.statusCode).toBe(403);
    expect(expectErrorShape(own)).toMatchObject({ code: 'own_correction' });
    expect(own.json<{ message: string }>().message).toMatch(/another operator/i);
    expect(ownReject.statusCode).toBe(403);
    expect(await ledgerFingerprint(context.database)).toEqual(before);
    expect(await corrections(userId)).toEqual([{ status: 'proposed', decided_by: null }]);
    const listed = await opsCall(context.app, checker, '/v1/ops/corrections?status=proposed');
    const mine = listed
      .json<{ data: { items: CorrectionView[] } }>()
      .data.items.find((item) => item.id === correction.id);
    expect(mine?.can_decide).toBe(true);
  });

  it('when the database is asked to record the maker as the checker, then its check constraint refuses it', async () => {
    const { userId } = await customer();
    const correction = await proposed(userId);
    await expect(
      context.database.db.execute(
        sql`update money_corrections set status = 'rejected', decided_by = proposed_by
             where id = ${correction.id}`,
      ),
    ).rejects.toThrow();
  });

  it('when a second operator approves a credit, then the wallet and the ledger move exactly once and the customer is told', async () => {
    const { userId, token } = await customer();
    const correction = await proposed(userId);

    const approved = await decide(checker, correction.id, 'approve');
    const again = await decide(checker, correction.id, 'approve');

    expect(approved.statusCode, approved.body).toBe(200);
    const data = approved.json<{ data: CorrectionView }>().data;
    expect(data).toMatchObject({
      status: 'approved',
      decided_by: { id: checker.id },
      can_decide: false,
    });
    expect(data.transaction_reference).toMatch(/^AJO-ADJ-/);
    expect(again.statusCode).toBe(409);
    expect(expectErrorShape(again).code).toBe('correction_decided');
    expect(await walletState(context.database, userId)).toMatchObject({ balanceMinor: 2500_50n });
    expect(await walletEntries(context.database, userId, 'correction')).toBe(1);
    const [movement] = await listTransactions(context.app, token);
    expect(movement).toMatchObject({
      type: 'adjustment',
      direction: 'credit',
      status: 'successful',
      amount: '2500.50',
      reference: data.transaction_reference,
      description: 'Correction: Deposit SBX-123 arrived without a credit',
    });
    const notices = await notificationsOf(context.app, token);
    expect(notices.find((notice) => notice.title === 'Wallet credited')?.body).toContain(
      '₦2,500.50 was added to your NGN wallet',
    );
  });

  it('when two checkers approve the same correction at once, then it posts once', async () => {
    const { userId } = await customer();
    const correction = await proposed(userId, { amount: 100 });
    const third = await makeOperator(context, 'third');

    const answers = await Promise.all([
      decide(checker, correction.id, 'approve'),
      decide(third, correction.id, 'approve'),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await walletState(context.database, userId)).toMatchObject({ balanceMinor: 100_00n });
    expect(await walletEntries(context.database, userId, 'correction')).toBe(1);
  });

  it('when a debit is approved within the balance, then it leaves the wallet; beyond the available balance, 422 and nothing is written', async () => {
    const { userId, token } = await customer(1000_00n);
    const small = await proposed(userId, { direction: 'debit', amount: '400' });
    const approved = await decide(checker, small.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await walletState(context.database, userId)).toMatchObject({ balanceMinor: 600_00n });

    const large = await proposed(userId, { direction: 'debit', amount: '600.01' });
    const before = await ledgerFingerprint(context.database);
    const refused = await decide(checker, large.id, 'approve');

    expect(refused.statusCode).toBe(422);
    expect(expectErrorShape(refused)).toMatchObject({ code: 'correction_exceeds_balance' });
    expect(refused.json<{ message: string }>().message).toContain('₦600.00');
    expect(await ledgerFingerprint(context.database)).toEqual(before);
    const statuses = (await corrections(userId)).map((row) => row.status).sort();
    expect(statuses).toEqual(['approved', 'proposed']);
    const titles = (await notificationsOf(context.app, token)).map((notice) => notice.title);
    expect(titles.filter((title) => title === 'Wallet debited')).toHaveLength(1);
  });

  it('when a checker rejects a correction, then nothing moves and it cannot be approved after', async () => {
    const { userId } = await customer();
    const correction = await proposed(userId);
    const before = await ledgerFingerprint(context.database);

    const rejected = await decide(checker, correction.id, 'reject');
    const late = await decide(checker, correction.id, 'approve');

    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<{ data: CorrectionView }>().data.status).toBe('rejected');
    expect(late.statusCode).toBe(409);
    expect(await ledgerFingerprint(context.database)).toEqual(before);
  });

  it('when corrections are proposed, approved and rejected, then each appears in the audit log with amounts and no personal data', async () => {
    const { userId } = await customer();
    const one = await proposed(userId, { related_reference: 'AJO-DEP-XYZ' });
    const two = await proposed(userId);
    await decide(checker, one.id, 'approve');
    await decide(checker, two.id, 'reject');

    const proposedEntries = await auditEntries(context.app, checker, {
      action: 'money_correction.proposed',
      subject_id: one.id,
    });
    const approvedEntries = await auditEntries(context.app, checker, {
      action: 'money_correction.approved',
      subject_id: one.id,
    });
    const rejectedEntries = await auditEntries(context.app, checker, {
      action: 'money_correction.rejected',
      subject_id: two.id,
    });

    expect(proposedEntries).toHaveLength(1);
    expect(proposedEntries[0]).toMatchObject({
      operator: { id: maker.id },
      after: {
        user_id: userId,
        amount: '2500.50',
        direction: 'credit',
        status: 'proposed',
        related_reference: 'AJO-DEP-XYZ',
      },
      reason: 'Deposit SBX-123 arrived without a credit',
    });
    expect(approvedEntries).toHaveLength(1);
    expect(approvedEntries[0]).toMatchObject({
      operator: { id: checker.id },
      before: { status: 'proposed' },
      after: { status: 'approved' },
    });
    expect(rejectedEntries).toHaveLength(1);
    expect(rejectedEntries[0]).toMatchObject({
      operator: { id: checker.id },
      after: { status: 'rejected' },
    });
    const serialised = JSON.stringify([proposedEntries, approvedEntries, rejectedEntries]);
    expect(serialised).not.toMatch(/@ajo\.test/);
  });

  it("when a customer's token is used, then the corrections API answers 401", async () => {
    const { token, userId } = await customer();
    const listed = await context.app.inject({ url: '/v1/ops/corrections', headers: bearer(token) });
    const posted = await context.app.inject({
      method: 'POST',
      url: '/v1/ops/corrections',
      headers: bearer(token),
      payload: {
        user_id: userId,
        currency: 'NGN',
        direction: 'credit',
        amount: 1,
        reason: 'x'.repeat(10),
      },
    });
    expect(listed.statusCode).toBe(401);
    expect(posted.statusCode).toBe(401);
    expect(expectErrorShape(posted).code).toBe('operator_unauthenticated');
  });

  it.each([
    ['no amount', { amount: undefined }, 'amount'],
    ['a zero amount', { amount: '0' }, 'amount'],
    ['three decimals', { amount: '10.005' }, 'amount'],
    ['a negative amount', { amount: -5 }, 'amount'],
    ['an amount above the cap', { amount: '10000000.01' }, 'amount'],
    ['another currency', { currency: 'EUR' }, 'currency'],
    ['another direction', { direction: 'sideways' }, 'direction'],
    ['a short reason', { reason: 'ok' }, 'reason'],
    ['a user id that is not one', { user_id: 'someone' }, 'user_id'],
    ['an unknown field', { extra: true }, ''],
  ])('when the proposal has %s, then 400 naming the field', async (_, patch, field) => {
    const { userId } = await customer();
    const response = await propose(maker, {
      user_id: userId,
      currency: 'NGN',
      direction: 'credit',
      amount: '10',
      reason: 'A valid reason here',
      ...patch,
    });
    expect(response.statusCode, response.body).toBe(400);
    const error = expectErrorShape(response);
    if (field) expect(error.errors.map((entry) => entry.path).join(' ')).toContain(field);
  });

  it('when the customer does not exist, or the decision has no reason, then a clear 4xx', async () => {
    const missing = await propose(maker, {
      user_id: '00000000-0000-4000-8000-000000000000',
      currency: 'NGN',
      direction: 'credit',
      amount: '10',
      reason: 'A valid reason here',
    });
    expect(missing.statusCode).toBe(404);
    expect(expectErrorShape(missing).code).toBe('customer_not_found');

    const { userId } = await customer();
    const correction = await proposed(userId);
    const noReason = await opsCall(
      context.app,
      checker,
      `/v1/ops/corrections/${correction.id}/approve`,
      {
        payload: {},
      },
    );
    expect(noReason.statusCode).toBe(400);
    const unknown = await opsCall(
      context.app,
      checker,
      '/v1/ops/corrections/00000000-0000-4000-8000-000000000000/approve',
      { payload: { reason: 'Checked it twice' } },
    );
    expect(unknown.statusCode).toBe(404);
  });
});
