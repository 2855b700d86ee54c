import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import type { BankAccount } from '@ajo/contracts/banks';
import { PayoutProviderError } from '../../src/providers/payouts/payouts.port.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  countingPayouts,
  createPayoutsTestApp,
  linkBankAccountVia,
  newWithdrawer,
  openBankAccountVia,
  verifyBvnVia,
  withdrawVia,
  type PayoutsTestContext,
} from '../support/withdrawal-helpers.ts';
import { type Caller, viaInject } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { signUp, uniqueEmail } from '../support/people.ts';

describe(`banks and bank accounts (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  /** Signed up with a verified BVN in the name Chiamaka Eze; no account linked yet. */
  async function verifiedUser() {
    const token = await signUp(call, uniqueEmail('banks'));
    await verifyBvnVia(call, token);
    return token;
  }

  const listAccounts = async (token: string) => {
    const response = await call('/v1/bank_accounts', { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ message: string; data: { items: BankAccount[] } }>().data.items;
  };

  it('when banks are listed, then GTBank is there with code 058', async () => {
    const token = await verifiedUser();
    const response = await call('/v1/banks', { token });
    expect(response.statusCode).toBe(200);
    const banks = response.json<{ data: { items: { name: string; code: string }[] } }>().data.items;
    expect(banks).toContainEqual({
      name: 'Guaranty Trust Bank',
      code: '058',
      slug: 'guaranty-trust-bank',
    });
    expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
    expect((await call('/v1/banks')).statusCode).toBe(401);
  });

  describe('name enquiry', () => {
    it('when a sandbox account is verified, then its name and bank come back', async () => {
      const token = await verifiedUser();
      const account = await openBankAccountVia(call, '  Adebayo   Okafor ');
      const response = await call('/v1/banks/verify', {
        token,
        payload: { account_number: account.account_number, bank_code: '058' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        message: 'account verified',
        data: {
          account_number: account.account_number,
          account_name: 'Adebayo Okafor',
          bank_code: '058',
          bank_name: 'Guaranty Trust Bank',
          // Not the sandbox BVN's holder (Chiamaka Eze): Link would be refused, and it says so.
          link_refusal:
            'This account is in the name of Adebayo Okafor. You can only withdraw to an account in your own name (Chiamaka Eze)',
        },
      });
    });

    it('when the account is in the BVN’s name, or the asker has no verified BVN, then the enquiry says whether Link would work', async () => {
      const token = await verifiedUser();
      // The sandbox BVN's holder, as the linking tests below use it.
      const own = await openBankAccountVia(call, 'EZE CHIAMAKA');
      const body = { account_number: own.account_number, bank_code: '058' };
      const mine = await call('/v1/banks/verify', { token, payload: body });
      expect(mine.json()).toMatchObject({ data: { link_refusal: null } });
      const newcomer = await signUp(call, uniqueEmail('no-bvn'));
      const theirs = await call('/v1/banks/verify', { token: newcomer, payload: body });
      expect(theirs.json()).toMatchObject({
        data: { link_refusal: 'Verify your BVN before linking a bank account' },
      });
    });

    it('when the number is unknown at the bank, then 422 with a message a person can act on', async () => {
      const token = await verifiedUser();
      const opened = await openBankAccountVia(call, 'Chiamaka Eze');
      // The same number at another bank, and a number no one opened.
      for (const body of [
        { account_number: opened.account_number, bank_code: '044' },
        { account_number: '0000000000', bank_code: '058' },
      ]) {
        const response = await call('/v1/banks/verify', { token, payload: body });
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        const error = expectErrorShape(response);
        expect(error.code).toBe('account_not_found');
        expect(error.message).toBe(
          'We could not find this account at the bank; check the number and the bank',
        );
        expect(error.errors).toEqual([
          { path: 'account_number', message: 'No account with this number at this bank' },
        ]);
      }
      const unknownBank = await call('/v1/banks/verify', {
        token,
        payload: { account_number: opened.account_number, bank_code: '999' },
      });
      expect(unknownBank.statusCode).toBe(422);
      expect(expectErrorShape(unknownBank).code).toBe('unknown_bank');
      const malformed = await call('/v1/banks/verify', {
        token,
        payload: { account_number: '12345', bank_code: '058' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(expectErrorShape(malformed).errors[0]?.path).toBe('account_number');
    });
  });

  describe('linking', () => {
    it('when the name on the account carries both BVN names, then it links and the answer is "operation was successful"', async () => {
      const token = await verifiedUser();
      const account = await openBankAccountVia(call, 'EZE CHIAMAKA NGOZI');
      const response = await linkBankAccountVia(call, token, account);
      expect(response.statusCode, response.body).toBe(200);
      const linked = response.json<{ message: string; data: BankAccount }>();
      expect(linked.message).toBe(OPERATION_SUCCESSFUL);
      expect(linked.data).toMatchObject({
        account_number: account.account_number,
        account_name: 'EZE CHIAMAKA NGOZI',
        bank_code: '058',
        bank_name: 'Guaranty Trust Bank',
      });
      expect(new Date(linked.data.created_at).toISOString()).toBe(linked.data.created_at);

      // Linking the same account again answers the same link, not a second one.
      const again = await linkBankAccountVia(call, token, account);
      expect(again.json<{ data: BankAccount }>().data.id).toBe(linked.data.id);
      expect(await listAccounts(token)).toHaveLength(1);
    });

    it("when the name is someone else's, then 422 naming both names and nothing is linked", async () => {
      const token = await verifiedUser();
      for (const name of ['Oluwaseun Bakare', 'Chiamaka Ezekiel', 'Eze']) {
        const account = await openBankAccountVia(call, name);
        const response = await linkBankAccountVia(call, token, account);
        expect(response.statusCode, name).toBe(422);
        const error = expectErrorShape(response);
        expect(error.code).toBe('account_name_mismatch');
        expect(error.message).toContain(name);
        expect(error.message).toContain('Chiamaka Eze');
      }
      expect(await listAccounts(token)).toEqual([]);
    });

    it('when the user has no verified BVN, then linking is refused with 422', async () => {
      const token = await signUp(call, uniqueEmail('no-bvn'));
      const account = await openBankAccountVia(call, 'Chiamaka Eze');
      const response = await linkBankAccountVia(call, token, account);
      expect(response.statusCode).toBe(422);
      const error = expectErrorShape(response);
      expect(error.code).toBe('bvn_not_verified');
      expect(error.message).toBe('Verify your BVN before linking a bank account');
      expect(await listAccounts(token)).toEqual([]);
    });

    it('when the account does not exist, then linking answers 422 and nothing is linked', async () => {
      const token = await verifiedUser();
      const response = await linkBankAccountVia(call, token, {
        account_number: '0000000000',
        bank_code: '058',
      });
      expect(response.statusCode).toBe(422);
      expect(expectErrorShape(response).code).toBe('account_not_found');
      expect(await listAccounts(token)).toEqual([]);
    });
  });

  describe('listing and removing', () => {
    it('when accounts are linked, removed and relinked, then the list follows and each answer says so', async () => {
      const token = await verifiedUser();
      const first = await openBankAccountVia(call, 'Chiamaka Eze');
      const second = await openBankAccountVia(call, 'Chiamaka Eze', '044');
      const firstId = (await linkBankAccountVia(call, token, first)).json<{ data: BankAccount }>()
        .data.id;
      context.clock.advance(1_000);
      const secondId = (await linkBankAccountVia(call, token, second)).json<{ data: BankAccount }>()
        .data.id;

      const listed = await call('/v1/bank_accounts', { token });
      expect(listed.json()).toMatchObject({ message: 'bank accounts' });
      expect((await listAccounts(token)).map((account) => account.id)).toEqual([secondId, firstId]);

      const removed = await call(`/v1/bank_accounts/${firstId}`, { method: 'DELETE', token });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: OPERATION_SUCCESSFUL, data: null });
      expect((await listAccounts(token)).map((account) => account.id)).toEqual([secondId]);
      const twice = await call(`/v1/bank_accounts/${firstId}`, { method: 'DELETE', token });
      expect(twice.statusCode).toBe(404);
      expect(expectErrorShape(twice).message).toBe('We could not find this bank account');

      const relinked = await linkBankAccountVia(call, token, first);
      expect(relinked.statusCode, relinked.body).toBe(200);
      const relinkedId = relinked.json<{ data: BankAccount }>().data.id;
      expect(relinkedId).not.toBe(firstId);
      expect((await listAccounts(token)).map((account) => account.id).sort()).toEqual(
        [secondId, relinkedId].sort(),
      );
    });

    it("when another user's account id is used, then 404 on DELETE and on withdraw, and it is not listed", async () => {
      const owner = await newWithdrawer(call, context.database, { fundMinor: 5_000_00n });
      const intruder = await newWithdrawer(call, context.database, { fundMinor: 5_000_00n });
      const deleted = await call(`/v1/bank_accounts/${owner.bankAccountId}`, {
        method: 'DELETE',
        token: intruder.token,
      });
      expect(deleted.statusCode).toBe(404);
      expect(expectErrorShape(deleted).code).toBe('not_found');
      const withdrawn = await withdrawVia(call, intruder.token, {
        amount: 1000,
        bank_account_id: owner.bankAccountId,
      });
      expect(withdrawn.statusCode).toBe(404);
      expect((await listAccounts(intruder.token)).map((account) => account.id)).toEqual([
        intruder.bankAccountId,
      ]);
      expect((await listAccounts(owner.token)).map((account) => account.id)).toEqual([
        owner.bankAccountId,
      ]);
      const malformed = await call('/v1/bank_accounts/not-a-uuid', {
        method: 'DELETE',
        token: intruder.token,
      });
      expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
      expect(malformed.statusCode).toBeLessThan(500);
      expectErrorShape(malformed);
    });
  });
});

describe(`banks when the vendor is down (${databaseKind})`, () => {
  let context: PayoutsTestContext;
  let call: Caller;
  beforeAll(async () => {
    const down = () => Promise.reject(new PayoutProviderError('unavailable', 'timeout'));
    context = await createPayoutsTestApp(
      (vendor) => countingPayouts(vendor, { listBanks: down, resolveAccount: down }).payouts,
    );
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  it('when the bank list or name enquiry cannot be reached, then 503 with a retry message and nothing is linked', async () => {
    const token = await signUp(call, uniqueEmail('down'));
    await verifyBvnVia(call, token);
    const banks = await call('/v1/banks', { token });
    expect(banks.statusCode).toBe(503);
    expect(expectErrorShape(banks).code).toBe('provider_unavailable');
    const account = await context.vendor.openBankAccount({ accountName: 'Chiamaka Eze' });
    const body = { account_number: account.accountNumber, bank_code: account.bankCode };
    const verified = await call('/v1/banks/verify', { token, payload: body });
    expect(verified.statusCode).toBe(503);
    const linked = await call('/v1/bank_accounts', { token, payload: body });
    expect(linked.statusCode).toBe(503);
    expect(expectErrorShape(linked).message).toMatch(/try again/);
    const listed = await call('/v1/bank_accounts', { token });
    expect(listed.json()).toMatchObject({ data: { items: [] } });
  });
});
