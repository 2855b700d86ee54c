import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { rows } from '../../src/platform/db.ts';
import { postWebhook } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  ledgerFingerprint,
  newWithdrawer,
  notificationTitlesOf,
  payoutByReference,
  payoutsOf,
  sandboxVendor,
  setTier,
  settlePayoutVia,
  vendorTransfers,
  walletEntries,
  walletState,
  withdrawVia,
  type TransactionView,
  type WithdrawAnswer,
  type Withdrawer,
  settledAtVendor,
} from '../support/withdrawal-helpers.ts';
import { type Caller, newKey, viaInject } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { signUp, uniqueEmail } from '../support/people.ts';

describe(`withdrawals (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const withdrawer = (fundMinor: bigint, options: { tier?: number; label?: string } = {}) =>
    newWithdrawer(call, context.database, { fundMinor, at: context.clock.now(), ...options });

  const withdraw = (user: Withdrawer, amount: unknown, key = newKey()) =>
    withdrawVia(call, user.token, { amount, bank_account_id: user.bankAccountId }, key);

  async function pendingWithdrawal(user: Withdrawer, amount: unknown) {
    const response = await withdraw(user, amount);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WithdrawAnswer>().data;
  }

  async function transactionOf(user: Withdrawer, id: string) {
    const response = await call(`/v1/transactions/${id}`, { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: TransactionView }>().data;
  }

  // System accounts store no balance: theirs is the sum of their postings (decision 0016).
  const systemBalance = async (name: string) => {
    const [found] = await rows<{ balance: string }>(
      context.database.db,
      sql`select coalesce(sum(p.amount_minor), 0)::text as balance
            from postings p join ledger_accounts a on a.id = p.account_id
           where a.code = ${`system:${name}:NGN`}`,
    );
    return BigInt(found?.balance ?? '0');
  };

  describe('the quote', () => {
    it('when a tier 1 user asks, then the fee is ₦50 flat with the total and what is left today', async () => {
      const user = await withdrawer(20_000_00n);
      const response = await call('/v1/wallets/withdraw/quote?amount=5000', { token: user.token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        message: 'withdrawal quote',
        data: {
          amount: '5000.00',
          fee: '50.00',
          total: '5050.00',
          minimum: '100.00',
          maximum: '50000.00',
          daily_remaining: '100000.00',
          available: '20000.00',
          withdrawable: '19950.00',
        },
      });

      await pendingWithdrawal(user, '5000');
      const after = await call('/v1/wallets/withdraw/quote?amount=100.50', { token: user.token });
      expect(after.json()).toMatchObject({
        data: { amount: '100.50', fee: '50.00', total: '150.50', daily_remaining: '95000.00' },
      });
    });

    it('when the quote is asked without an amount, then it is for all that can be withdrawn now, the fee included', async () => {
      const rich = await withdrawer(80_000_00n);
      const all = await call('/v1/wallets/withdraw/quote', { token: rich.token });
      // ₦80,000 available, but tier 1 sends at most ₦50,000 at a time.
      expect(all.json()).toMatchObject({
        data: { amount: '50000.00', fee: '50.00', total: '50050.00', withdrawable: '50000.00' },
      });
      const modest = await withdrawer(3_000_00n);
      const rest = await call('/v1/wallets/withdraw/quote', { token: modest.token });
      expect(rest.json()).toMatchObject({
        data: {
          amount: '2950.00',
          total: '3000.00',
          available: '3000.00',
          withdrawable: '2950.00',
        },
      });
    });

    it('when the amount is outside the limits or not an amount, then the quote refuses it', async () => {
      const user = await withdrawer(0n);
      for (const [amount, code] of [
        ['99.99', 'amount_below_minimum'],
        ['50000.01', 'amount_above_limit'],
        ['12.345', 'invalid_amount'],
        ['0', 'invalid_amount'],
      ] as const) {
        const response = await call(`/v1/wallets/withdraw/quote?amount=${amount}`, {
          token: user.token,
        });
        expect(response.statusCode, amount).toBe(422);
        expect(expectErrorShape(response).code).toBe(code);
      }
      const anonymous = await call('/v1/wallets/withdraw/quote?amount=5000');
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('a payout that succeeds', () => {
    it('when withdrawn, then amount and fee are held and the transaction is pending; when the bank pays, the wallet is debited once', async () => {
      const user = await withdrawer(20_000_00n);
      const response = await withdraw(user, 5000);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<WithdrawAnswer>();
      expect(answer.message).toBe(OPERATION_SUCCESSFUL);
      expect(answer.data).toMatchObject({ amount: '5000.00', fee: '50.00', total: '5050.00' });
      expect(answer.data.transaction).toMatchObject({
        type: 'withdrawal',
        status: 'pending',
        direction: 'debit',
        channel: 'bank_transfer',
        amount: '5000.00',
        fee: '50.00',
      });
      expect(answer.data.transaction.description).toMatch(/^Withdrawal to Guaranty Trust Bank/);
      const reference = answer.data.transaction.reference;

      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 20_000_00n,
        heldMinor: 5_050_00n,
        availableMinor: 14_950_00n,
      });
      const wallets = await call('/v1/wallets', { token: user.token });
      expect(wallets.json()).toMatchObject({
        data: {
          items: [
            { currency: 'NGN', amount: '20000.00', available_amount: '14950.00' },
            { currency: 'USD' },
          ],
        },
      });
      expect(await payoutByReference(context.database, reference)).toMatchObject({
        status: 'submitted',
        hold_status: 'pending',
        attempts: 1,
      });
      const listed = await call('/v1/sandbox/payouts');
      expect(listed.json()).toMatchObject({
        data: {
          items: expect.arrayContaining([
            expect.objectContaining({
              reference,
              amount: '5000.00',
              account_number: user.accountNumber,
              bank_code: '058',
              account_name: 'Chiamaka Eze',
              status: 'pending',
            }),
          ]) as unknown,
        },
      });

      const revenueBefore = await systemBalance('fees_revenue');
      const settled = await settlePayoutVia(call, reference, 'success');
      expect(settled.statusCode, settled.body).toBe(200);
      expect(settled.json()).toMatchObject({ data: { status: 'success', webhook_status: 200 } });

      expect(await transactionOf(user, answer.data.transaction.id)).toMatchObject({
        status: 'successful',
        reference,
      });
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 14_950_00n,
        heldMinor: 0n,
        availableMinor: 14_950_00n,
      });
      expect(await walletEntries(context.database, user.userId, 'withdrawal')).toBe(1);
      expect((await systemBalance('fees_revenue')) - revenueBefore).toBe(50_00n);
      expect(await payoutByReference(context.database, reference)).toMatchObject({
        status: 'success',
        hold_status: 'posted',
        transaction_status: 'successful',
      });
      expect(await notificationTitlesOf(context.database, user.userId)).toContain(
        'Withdrawal successful',
      );

      // The sandbox bank settles a transfer once; asking again changes nothing.
      const again = await settlePayoutVia(call, reference, 'success');
      expect(again.statusCode).toBe(409);
      expect(expectErrorShape(again).code).toBe('payout_not_settleable');
      expect((await walletState(context.database, user.userId)).balanceMinor).toBe(14_950_00n);
    });

    it('when the vendor delivers the success webhook twice, then the wallet is debited once and one notification is sent', async () => {
      const user = await withdrawer(10_000_00n);
      const { transaction } = await pendingWithdrawal(user, '2500.50');
      const vendor = sandboxVendor(context.database, context.clock, context.config.appSecret);
      const delivery = await settledAtVendor(vendor, transaction.reference, 'success');
      for (let round = 0; round < 2; round += 1) {
        const delivered = await postWebhook(context.app, delivery);
        expect(delivered.statusCode, delivered.body).toBe(200);
        expect(delivered.json()).toMatchObject({ data: { outcome: 'payout_success' } });
      }
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 10_000_00n - 2_550_50n,
        heldMinor: 0n,
        availableMinor: 10_000_00n - 2_550_50n,
      });
      expect(await walletEntries(context.database, user.userId, 'withdrawal')).toBe(1);
      const titles = await notificationTitlesOf(context.database, user.userId);
      expect(titles.filter((title) => title === 'Withdrawal successful')).toHaveLength(1);
    });
  });

  describe('a payout that fails or is reversed', () => {
    it('when the bank declines it, then the hold is released once and the transaction fails', async () => {
      const user = await withdrawer(8_000_00n);
      const { transaction } = await pendingWithdrawal(user, 3000);
      const settled = await settlePayoutVia(call, transaction.reference, 'failed');
      expect(settled.statusCode, settled.body).toBe(200);
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 8_000_00n,
        heldMinor: 0n,
        availableMinor: 8_000_00n,
      });
      expect(await transactionOf(user, transaction.id)).toMatchObject({ status: 'failed' });
      expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
        status: 'failed',
        hold_status: 'voided',
      });
      expect(await walletEntries(context.database, user.userId, 'withdrawal')).toBe(0);

      // A late success or a second failure for the same reference changes nothing.
      expect((await settlePayoutVia(call, transaction.reference, 'failed')).statusCode).toBe(409);
      expect((await settlePayoutVia(call, transaction.reference, 'success')).statusCode).toBe(409);
      expect(await walletState(context.database, user.userId)).toMatchObject({
        balanceMinor: 8_000_00n,
        heldMinor: 0n,
      });
      const titles = await notificationTitlesOf(context.database, user.userId);
      expect(titles.filter((title) => title === 'Withdrawal failed')).toHaveLength(1);
    });

    it('when the bank reverses a paid withdrawal, then amount and fee come back once and the transaction is reversed', async () => {
      const user = await withdrawer(8_000_00n);
      const settlementBefore = await systemBalance('provider_settlement');
      const revenueBefore = await systemBalance('fees_revenue');
      const { transaction } = await pendingWithdrawal(user, 1000);
      expect((await settlePayoutVia(call, transaction.reference, 'success')).statusCode).toBe(200);
      expect((await walletState(context.database, user.userId)).balanceMinor).toBe(6_950_00n);
      expect((await systemBalance('provider_settlement')) - settlementBefore).toBe(1_000_00n);
      expect((await systemBalance('fees_revenue')) - revenueBefore).toBe(50_00n);

      const reversed = await settlePayoutVia(call, transaction.reference, 'reversed');
      expect(reversed.statusCode, reversed.body).toBe(200);
      expect(reversed.json()).toMatchObject({ data: { webhook_status: 200 } });
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 8_000_00n,
        heldMinor: 0n,
        availableMinor: 8_000_00n,
      });
      expect(await transactionOf(user, transaction.id)).toMatchObject({ status: 'reversed' });
      expect(await walletEntries(context.database, user.userId, 'withdrawal_reversal')).toBe(1);
      // The bank gave back the amount; the fee comes back out of revenue, not the settlement.
      expect(await systemBalance('provider_settlement')).toBe(settlementBefore);
      expect(await systemBalance('fees_revenue')).toBe(revenueBefore);
      expect((await settlePayoutVia(call, transaction.reference, 'reversed')).statusCode).toBe(409);
      expect((await walletState(context.database, user.userId)).balanceMinor).toBe(8_000_00n);
      const titles = await notificationTitlesOf(context.database, user.userId);
      expect(titles).toEqual(
        expect.arrayContaining(['Withdrawal successful', 'Withdrawal reversed']) as unknown,
      );
      expect(titles.filter((title) => title === 'Withdrawal reversed')).toHaveLength(1);

      // Both vendor events are kept, each with what it did.
      const events = await rows<{ event: string; outcome: string }>(
        context.database.db,
        sql`select payload->>'event' as event, outcome from provider_events
             where payload->'data'->>'reference' = ${transaction.reference}
             order by event`,
      );
      expect(events).toEqual([
        { event: 'transfer.reversed', outcome: 'payout_reversed' },
        { event: 'transfer.success', outcome: 'payout_success' },
      ]);
    });

    it('when a pending payout is reversed before it was paid, then the hold is released and nothing is paid back twice', async () => {
      const user = await withdrawer(5_000_00n);
      const { transaction } = await pendingWithdrawal(user, 1000);
      const vendor = sandboxVendor(context.database, context.clock, context.config.appSecret);
      // The vendor moves straight to reversed (its own books), and says so.
      await vendor.settleTransfer(transaction.reference, 'success');
      const delivery = await settledAtVendor(vendor, transaction.reference, 'reversed');
      const delivered = await postWebhook(context.app, delivery);
      expect(delivered.json()).toMatchObject({ data: { outcome: 'payout_reversed' } });
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 5_000_00n,
        heldMinor: 0n,
        availableMinor: 5_000_00n,
      });
      expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
        status: 'reversed',
        hold_status: 'voided',
        transaction_status: 'reversed',
      });
      expect(await walletEntries(context.database, user.userId, 'withdrawal_reversal')).toBe(0);
    });

    it('when the amount ends in .13, then the sandbox bank fails it at once and the balance is restored', async () => {
      const user = await withdrawer(5_000_00n);
      const response = await withdraw(user, '1000.13');
      expect(response.statusCode, response.body).toBe(200);
      const { transaction } = response.json<WithdrawAnswer>().data;
      // The answer comes once the hold is committed; the bank's refusal follows at once.
      expect(transaction.status).toBe('pending');
      expect((await transactionOf(user, transaction.id)).status).toBe('failed');
      expect(await walletState(context.database, user.userId)).toEqual({
        balanceMinor: 5_000_00n,
        heldMinor: 0n,
        availableMinor: 5_000_00n,
      });
      expect(await vendorTransfers(context.database, transaction.reference)).toMatchObject([
        { status: 'failed' },
      ]);
      expect(await payoutByReference(context.database, transaction.reference)).toMatchObject({
        status: 'failed',
        hold_status: 'voided',
      });
      expect(await notificationTitlesOf(context.database, user.userId)).toContain(
        'Withdrawal failed',
      );
      // A failed withdrawal does not use up the day's limit.
      const quote = await call('/v1/wallets/withdraw/quote?amount=100', { token: user.token });
      expect(quote.json()).toMatchObject({ data: { daily_remaining: '100000.00' } });
    });
  });

  describe('limits', () => {
    it('when a tier 1 withdrawal is above ₦50,000, below ₦100 or the tier is 0, then it is refused and nothing is held', async () => {
      const user = await withdrawer(200_000_00n);
      const before = await ledgerFingerprint(context.database);
      const cases = [
        ['50000.01', 'amount_above_limit', /at most ₦50,000\.00/],
        ['99.99', 'amount_below_minimum', /₦100\.00/],
      ] as const;
      for (const [amount, code, message] of cases) {
        const response = await withdraw(user, amount);
        expect(response.statusCode, amount).toBe(422);
        const error = expectErrorShape(response);
        expect(error.code).toBe(code);
        expect(error.message).toMatch(message);
        expect(error.errors[0]?.path).toBe('amount');
      }
      await setTier(context.database, user.userId, 0);
      const tierZero = await withdraw(user, 1000);
      expect(tierZero.statusCode).toBe(422);
      expect(expectErrorShape(tierZero).code).toBe('withdrawals_not_allowed');
      expect(await ledgerFingerprint(context.database)).toEqual(before);

      // Tier 2 raises the single withdrawal to ₦100,000.
      await setTier(context.database, user.userId, 2);
      expect((await withdraw(user, '100000.01')).statusCode).toBe(422);
      expect((await withdraw(user, '100000')).statusCode).toBe(200);
    });

    it('when a tier 1 user reaches ₦100,000 in a Lagos day, then more is refused until the next Lagos day', async () => {
      // 23:50 in Lagos (UTC+1): the next Lagos day starts ten minutes later.
      context.clock.set('2026-01-05T22:50:00.000Z');
      const user = await withdrawer(300_000_00n);
      await pendingWithdrawal(user, 50_000);
      await pendingWithdrawal(user, '49999.50');
      const over = await withdraw(user, 100);
      expect(over.statusCode).toBe(422);
      const error = expectErrorShape(over);
      expect(error.code).toBe('daily_limit_reached');
      expect(error.message).toBe('You can withdraw ₦0.50 more today');
      const quote = await call('/v1/wallets/withdraw/quote?amount=100', { token: user.token });
      expect(quote.statusCode).toBe(422);

      expect(expectErrorShape(await withdraw(user, '0.50')).code).toBe('amount_below_minimum');
      context.clock.set('2026-01-05T22:59:59.000Z');
      expect((await withdraw(user, 100)).statusCode).toBe(422);

      context.clock.set('2026-01-05T23:00:00.000Z');
      const quoteTomorrow = await call('/v1/wallets/withdraw/quote?amount=100', {
        token: user.token,
      });
      expect(quoteTomorrow.json()).toMatchObject({ data: { daily_remaining: '100000.00' } });
      expect((await withdraw(user, 50_000)).statusCode).toBe(200);
      expect((await payoutsOf(context.database, user.userId)).length).toBe(3);
    });

    it('when amount plus fee is above the available balance, then 422 insufficient funds and nothing is held', async () => {
      const user = await withdrawer(1_000_00n);
      const before = await ledgerFingerprint(context.database);
      const response = await withdraw(user, '950.01');
      expect(response.statusCode).toBe(422);
      const error = expectErrorShape(response);
      expect(error.code).toBe('insufficient_funds');
      expect(error.message).toBe('Your available balance is too low for this amount');
      expect(await ledgerFingerprint(context.database)).toEqual(before);
      expect(await payoutsOf(context.database, user.userId)).toEqual([]);
      // Exactly the balance (amount + fee) is allowed.
      expect((await withdraw(user, 950)).statusCode).toBe(200);
      expect(await walletState(context.database, user.userId)).toMatchObject({
        availableMinor: 0n,
      });
    });
  });

  describe('idempotency and ownership', () => {
    it('when the same Idempotency-Key and body come again, then the same transaction answers and one hold is placed', async () => {
      const user = await withdrawer(10_000_00n);
      const key = newKey();
      const first = await withdraw(user, 2000, key);
      const second = await withdraw(user, 2000, key);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(await payoutsOf(context.database, user.userId)).toHaveLength(1);
      expect(await walletState(context.database, user.userId)).toMatchObject({
        heldMinor: 2_050_00n,
      });

      const before = await ledgerFingerprint(context.database);
      const different = await withdraw(user, 3000, key);
      expect(different.statusCode).toBe(422);
      expect(expectErrorShape(different).code).toBe('idempotency_key_reused');
      expect(await ledgerFingerprint(context.database)).toEqual(before);

      const keyless = await withdrawVia(
        call,
        user.token,
        { amount: 2000, bank_account_id: user.bankAccountId },
        null,
      );
      expect(keyless.statusCode).toBe(400);
      expect(expectErrorShape(keyless).code).toBe('idempotency_key_required');
      expect(await ledgerFingerprint(context.database)).toEqual(before);
    });

    it("when the account is someone else's, removed or unknown, then 404 and nothing is held", async () => {
      const owner = await withdrawer(5_000_00n);
      const other = await withdrawer(5_000_00n);
      const before = await ledgerFingerprint(context.database);
      const foreign = await withdrawVia(call, other.token, {
        amount: 1000,
        bank_account_id: owner.bankAccountId,
      });
      expect(foreign.statusCode).toBe(404);
      expect(expectErrorShape(foreign).message).toBe('We could not find this bank account');

      const unknown = await withdrawVia(call, other.token, {
        amount: 1000,
        bank_account_id: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);

      const removed = await call(`/v1/bank_accounts/${owner.bankAccountId}`, {
        method: 'DELETE',
        token: owner.token,
      });
      expect(removed.statusCode).toBe(200);
      expect((await withdraw(owner, 1000)).statusCode).toBe(404);
      expect(await ledgerFingerprint(context.database)).toEqual(before);
    });

    it('when a user has no BVN, then withdrawing is refused (no account can be linked)', async () => {
      const email = uniqueEmail('no-bvn');
      const token = await signUp(call, email);
      const response = await withdrawVia(call, token, {
        amount: 1000,
        bank_account_id: '00000000-0000-4000-8000-000000000000',
      });
      expect(response.statusCode).toBe(404);
      const quote = await call('/v1/wallets/withdraw/quote?amount=1000', { token });
      expect(quote.statusCode).toBe(422);
      expect(expectErrorShape(quote).code).toBe('withdrawals_not_allowed');
      expect(
        (await withdrawVia(call, '', { amount: 1000, bank_account_id: 'x' }, newKey())).statusCode,
      ).toBe(401);
    });
  });
});
