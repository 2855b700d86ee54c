import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LedgerCheckReport,
  OpsOverview,
  ReconciliationLine,
  ReconciliationReport,
} from '@ajo/contracts/ops-customers';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { rows } from '../../src/platform/db.ts';
import { bearer, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { payBillVia, payerPhone } from '../support/bill-helpers.ts';
import { anyBvnIdentity, fundByTransfer, upgradeToTier2 } from '../support/money-helpers.ts';
import { auditEntries, makeOperator, opsCall, type TestOperator } from '../support/operators.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  newWithdrawer,
  settlePayoutVia,
  withdrawVia,
  type WithdrawAnswer,
  type Withdrawer,
} from '../support/withdrawal-helpers.ts';

describe(`the ledger check, reconciliation and overview (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let operator: TestOperator;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
    call = viaInject(context.app);
    operator = await makeOperator(context, 'ledger');
  });
  afterAll(() => context.close());

  const get = async <T>(url: string, as = operator) => {
    const response = await opsCall(context.app, as, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };

  /** A tier-2 customer with a funding account and a linked bank account, funded by a transfer. */
  async function depositor(amount: string): Promise<Withdrawer & { fundingAccount: string }> {
    const user = await newWithdrawer(call, context.database, { tier: 2 });
    const [account] = await rows<{ account_number: string }>(
      context.database.db,
      sql`select account_number from virtual_accounts where user_id = ${user.userId}`,
    );
    const fundingAccount = account?.account_number ?? '';
    await fundByTransfer(context.app, { accountNumber: fundingAccount }, amount);
    return { ...user, fundingAccount };
  }

  async function withdraw(user: Withdrawer, amount: string): Promise<string> {
    const response = await withdrawVia(call, user.token, {
      amount,
      bank_account_id: user.bankAccountId,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WithdrawAnswer>().data.transaction.reference;
  }

  const line = (report: ReconciliationReport, key: string): ReconciliationLine => {
    const found = report.lines.find((item) => item.key === key);
    if (!found) throw new Error(`no line ${key}`);
    return found;
  };

  it('when money has moved in and out, then the ledger check passes and is audited', async () => {
    const user = await depositor('20000.00');
    const reference = await withdraw(user, '5000.00');
    expect((await settlePayoutVia(call, reference, 'success')).statusCode).toBe(200);

    const report = await get<LedgerCheckReport>('/v1/ops/ledger/check');
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.counts.entries).toBeGreaterThan(0);
    expect(report.counts.postings).toBeGreaterThanOrEqual(report.counts.entries * 2);
    const [entry] = await auditEntries(context.app, operator, { action: 'ledger.checked' });
    expect(entry).toMatchObject({
      operator: { id: operator.id },
      after: { ok: true, problems: 0 },
    });
  });

  it('when a sandbox deposit and payout settle, then both sides of the day agree', async () => {
    const user = await depositor('30000.00');
    const reference = await withdraw(user, '7000.00');
    expect((await settlePayoutVia(call, reference, 'success')).statusCode).toBe(200);
    const pending = await withdraw(user, '1000.00');
    const bill = await payBillVia(call, user.token, 'airtime', {
      biller_id: 'mtn',
      phone: payerPhone,
      amount: '500',
    });
    expect(bill.statusCode, bill.body).toBe(200);

    const report = await get<ReconciliationReport>('/v1/ops/reconciliation');
    expect(report.date).toBe('2026-01-05');
    const deposits = line(report, 'deposits');
    expect(deposits).toMatchObject({ report_available: true, matched: true, mismatches: [] });
    expect(deposits.ours.count).toBeGreaterThanOrEqual(2);
    expect(deposits.theirs).toEqual(deposits.ours);
    const payouts = line(report, 'payouts');
    expect(payouts).toMatchObject({ report_available: true, matched: true, mismatches: [] });
    expect(payouts.ours.count).toBeGreaterThanOrEqual(2);
    expect(payouts.theirs).toEqual(payouts.ours);
    expect(payouts.pending).toBeGreaterThanOrEqual(1);
    const bills = line(report, 'bills');
    expect(bills).toMatchObject({ report_available: true, matched: true, mismatches: [] });
    expect(bills.ours).toEqual({ count: 1, total: '500.00' });
    expect(bills.theirs).toEqual(bills.ours);
    expect(line(report, 'card_loads')).toMatchObject({ report_available: false, theirs: null });
    expect(line(report, 'card_loads').note).toContain('Provider report not available');
    expect(report.ok).toBe(true);

    const [entry] = await auditEntries(context.app, operator, { action: 'reconciliation.viewed' });
    expect(entry).toMatchObject({ subject_id: '2026-01-05', after: { ok: true, mismatches: 0 } });
    await settlePayoutVia(call, pending, 'success');
  });

  it("when the provider's books hold a movement we never had or another amount, then it is listed by reference", async () => {
    // Planted on a quiet day: a payout and a payment the providers settled that we have no trace of.
    const day = '2026-01-02';
    await context.database.db.execute(
      sql`insert into sandbox_payouts (reference, transfer_code, amount_minor, bank_code,
            account_number, account_name, status, created_at, settled_at)
          values ('PLANTED-PAYOUT-1', 'TRF_planted', 123400, '058', '0000014579', 'Nobody Known',
            'success', '2026-01-02T09:00:00Z', '2026-01-02T09:05:00Z')`,
    );
    await context.database.db.execute(
      sql`insert into sandbox_payments (reference, kind, status, amount_minor, currency,
            transaction_id, created_at, paid_at)
          values ('PLANTED-PAYMENT-1', 'checkout', 'success', 50000, 'NGN', '4000000001',
            '2026-01-02T10:00:00Z', '2026-01-02T10:00:00Z')`,
    );
    const report = await get<ReconciliationReport>(`/v1/ops/reconciliation?date=${day}`);
    expect(report.ok).toBe(false);
    expect(line(report, 'payouts')).toMatchObject({
      matched: false,
      ours: { count: 0, total: '0.00' },
      theirs: { count: 1, total: '1234.00' },
      mismatches: [
        {
          reference: 'PLANTED-PAYOUT-1',
          kind: 'theirs_only',
          ours: null,
          theirs: { amount: '1234.00', status: 'success' },
        },
      ],
    });
    expect(line(report, 'deposits').mismatches).toEqual([
      expect.objectContaining({ reference: 'PLANTED-PAYMENT-1', kind: 'theirs_only' }),
    ]);
    const [entry] = await auditEntries(context.app, operator, { action: 'reconciliation.viewed' });
    expect(entry).toMatchObject({ subject_id: day, after: { ok: false, mismatches: 2 } });

    // The bank's record of one of today's payouts says a kobo more than ours.
    const [payout] = await rows<{ reference: string; amount_minor: string }>(
      context.database.db,
      sql`select reference, amount_minor::text from sandbox_payouts
           where status = 'success' order by reference limit 1`,
    );
    const reference = payout?.reference ?? '';
    await context.database.db.execute(
      sql`update sandbox_payouts set amount_minor = amount_minor + 1 where reference = ${reference}`,
    );
    const today = await get<ReconciliationReport>('/v1/ops/reconciliation?date=2026-01-05');
    expect(line(today, 'payouts').mismatches).toEqual([
      {
        reference,
        kind: 'amount_differs',
        ours: {
          amount: formatMinorAsDecimal(BigInt(payout?.amount_minor ?? 0)),
          status: 'success',
        },
        theirs: {
          amount: formatMinorAsDecimal(BigInt(payout?.amount_minor ?? 0) + 1n),
          status: 'success',
        },
      },
    ]);
    await context.database.db.execute(
      sql`update sandbox_payouts set amount_minor = amount_minor - 1 where reference = ${reference}`,
    );
  });

  it('when the date is malformed or a customer asks, then 400 or 401', async () => {
    for (const date of ['2026-1-5', 'yesterday', '2026-13-45', '2026-02-31', '0001-01-01']) {
      const response = await opsCall(context.app, operator, `/v1/ops/reconciliation?date=${date}`);
      expect(response.statusCode, date).toBe(400);
      expect(expectErrorShape(response).errors[0]?.path).toContain('date');
    }
    const user = await newWithdrawer(call, context.database);
    for (const url of ['/v1/ops/ledger/check', '/v1/ops/reconciliation', '/v1/ops/overview']) {
      const response = await context.app.inject({ url, headers: bearer(user.token) });
      expect(response.statusCode, url).toBe(401);
      expectErrorShape(response);
    }
  });

  it('when work waits on each screen, then the overview counts it', async () => {
    const before = await get<OpsOverview>('/v1/ops/overview');
    const user = await depositor('10000.00');
    await withdraw(user, '2000.00');
    // What other screens decide, planted as their rows would stand.
    await context.database.db.execute(
      sql`update transactions set review_reason = 'amount contradicts the provider'
           where user_id = ${user.userId} and type = 'deposit'`,
    );
    await context.database.db.execute(
      sql`insert into money_corrections (user_id, currency, direction, amount_minor, reason,
            proposed_by, proposed_at)
          values (${user.userId}, 'NGN', 'credit', 10000, 'planted for the overview',
            ${operator.id}, ${context.clock.now().toISOString()})`,
    );
    await context.database.db.execute(
      sql`insert into product_changes (kind, target_id, changes, effective_from, proposed_by)
          values ('fee', 'withdraw', '{"flat":"60.00"}'::jsonb,
            ${new Date(context.clock.now().getTime() + 86_400_000).toISOString()}, ${operator.id})`,
    );
    // An identity check the face match could not decide, as the KYC queue finds it.
    const reviewee = await newWithdrawer(call, context.database);
    await upgradeToTier2(context, reviewee);
    await context.database.db.execute(
      sql`update identity_verifications set status = 'IN_REVIEW', decided_at = null
           where user_id = ${reviewee.userId}`,
    );
    const now = await get<OpsOverview>('/v1/ops/overview');
    expect(now).toEqual({
      ...before,
      kyc_in_review: before.kyc_in_review + 1,
      flagged_deposits: before.flagged_deposits + 1,
      corrections_waiting: before.corrections_waiting + 1,
      product_changes_scheduled: before.product_changes_scheduled + 1,
    });

    context.clock.advance(16 * 60_000);
    const fresh = await makeOperator(context, 'overview');
    const stuck = await get<OpsOverview>('/v1/ops/overview', fresh);
    expect(stuck.stuck_payments).toBe(before.stuck_payments + 1);
    expect(stuck.reversals_overdue).toBe(before.reversals_overdue);

    context.clock.advance(24 * 60 * 60_000);
    const later = await makeOperator(context, 'overview-later');
    const overdue = await get<OpsOverview>('/v1/ops/overview', later);
    expect(overdue.reversals_overdue).toBe(before.reversals_overdue + 1);
  });
});
