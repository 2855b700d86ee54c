import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyBvnIdentity,
  countRows,
  newUser,
  startDeposit,
  tierOf,
  upgradeToTier2,
  type MoneyUser,
} from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { ledgerFingerprint, newWithdrawer, withdrawVia } from '../support/withdrawal-helpers.ts';
import { type Caller, bearer, newKey, viaInject } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';

/*
 * Issue 14, item 1: a refusal above the tier's single-transaction maximum says what the person
 * can do next. Tier 1 can still verify their identity; tier 2 is the highest level the app offers,
 * so telling them to verify (which they did) sent them round in circles.
 */

const VERIFY_HINT = 'Verify your identity to raise your limit.';
const HIGHEST_HINT = 'This is the highest limit for a verified account.';

describe(`limit refusals worded by tier (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const depositQuote = (user: MoneyUser, amount: string) =>
    context.app.inject({
      method: 'GET',
      url: `/v1/wallets/deposit/quote?amount=${encodeURIComponent(amount)}`,
      headers: bearer(user.token),
    });

  describe('deposits', () => {
    let tierOne: MoneyUser;
    let tierTwo: MoneyUser;

    beforeAll(async () => {
      tierOne = await newUser(context, 'wording.tier1@example.com');
      tierTwo = await newUser(context, 'wording.tier2@example.com');
      // The real path to tier 2: identity details and a selfie, matched by the job.
      await upgradeToTier2(context, tierTwo);
    });

    it('when a tier-2 user quotes or starts a card top-up above ₦100,000, then 422 says it is the highest limit, not to verify', async () => {
      expect(await tierOf(context.database, tierTwo.userId)).toBe(2);
      const expected = `Your account can receive at most ₦100,000.00 in one deposit. ${HIGHEST_HINT}`;

      const quoted = await depositQuote(tierTwo, '100000.01');
      expect(quoted.statusCode).toBe(422);
      expect(expectErrorShape(quoted)).toMatchObject({
        code: 'amount_above_limit',
        message: expected,
        errors: [{ path: 'amount', message: 'Enter at most ₦100,000.00' }],
      });

      const before = await countRows(context.database, 'transactions');
      const started = await startDeposit(context.app, tierTwo.token, '150000');
      expect(started.statusCode).toBe(422);
      const refusal = expectErrorShape(started);
      expect(refusal.message).toBe(expected);
      expect(refusal.message).not.toContain('Verify your identity');
      expect(await countRows(context.database, 'transactions')).toBe(before);
    });

    it('when a tier-2 user tops up exactly ₦100,000, then it is quoted (the maximum itself is allowed)', async () => {
      const quoted = await depositQuote(tierTwo, '100000');
      expect(quoted.statusCode, quoted.body).toBe(200);
      expect(quoted.json()).toMatchObject({ data: { amount: '100000.00', maximum: '100000.00' } });
    });

    it('when a tier-1 user tops up above ₦50,000, then 422 still tells them to verify their identity', async () => {
      const quoted = await depositQuote(tierOne, '50000.01');
      expect(quoted.statusCode).toBe(422);
      expect(expectErrorShape(quoted).message).toBe(
        `Your account can receive at most ₦50,000.00 in one deposit. ${VERIFY_HINT}`,
      );
    });
  });

  describe('withdrawals', () => {
    const withdrawer = (tier: number) =>
      newWithdrawer(call, context.database, {
        fundMinor: 300_000_00n,
        tier,
        at: context.clock.now(),
        label: `wording-tier${String(tier)}`,
      });

    const withdrawQuote = (token: string, amount: string) =>
      call(`/v1/wallets/withdraw/quote?amount=${encodeURIComponent(amount)}`, { token });

    it('when a tier-2 user quotes or sends a withdrawal above ₦100,000, then 422 says it is the highest limit and nothing is held', async () => {
      const user = await withdrawer(2);
      const expected = `Your account can withdraw at most ₦100,000.00 at a time. ${HIGHEST_HINT}`;

      const quoted = await withdrawQuote(user.token, '100000.01');
      expect(quoted.statusCode).toBe(422);
      expect(expectErrorShape(quoted)).toMatchObject({
        code: 'amount_above_limit',
        message: expected,
        errors: [{ path: 'amount', message: 'Enter at most ₦100,000.00' }],
      });

      const before = await ledgerFingerprint(context.database);
      const sent = await withdrawVia(
        call,
        user.token,
        { amount: '120000', bank_account_id: user.bankAccountId },
        newKey(),
      );
      expect(sent.statusCode).toBe(422);
      const refusal = expectErrorShape(sent);
      expect(refusal.code).toBe('amount_above_limit');
      expect(refusal.message).toBe(expected);
      expect(refusal.message).not.toContain('Verify your identity');
      expect(await ledgerFingerprint(context.database)).toEqual(before);
    });

    it('when a tier-1 user withdraws above ₦50,000, then 422 still tells them to verify their identity', async () => {
      const user = await withdrawer(1);
      const quoted = await withdrawQuote(user.token, '60000');
      expect(quoted.statusCode).toBe(422);
      expect(expectErrorShape(quoted).message).toBe(
        `Your account can withdraw at most ₦50,000.00 at a time. ${VERIFY_HINT}`,
      );
    });
  });
});
