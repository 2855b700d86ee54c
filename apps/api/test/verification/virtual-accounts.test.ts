import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationMessages } from '@ajo/contracts/verification';
import { walletAccountCode } from '../../src/money/ledger/account-codes.ts';
import { rows } from '../../src/platform/db.ts';
import { fieldCrypto } from '../../src/platform/field-crypto.ts';
import { sandboxBvns } from '../../src/providers/identity/sandbox.ts';
import {
  PaymentProviderError,
  type PaymentsProvider,
} from '../../src/providers/payments/payments.port.ts';
import { sandboxBank } from '../../src/providers/payments/sandbox.ts';
import { isValidNuban } from '../../src/providers/virtual-accounts/nuban.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  countRows,
  createAccount,
  createAccountUrl,
  me,
  notificationTitles,
  selfieBase64,
  submitVerification,
  verificationBody,
  verificationFingerprint,
  verifyBvn,
  verifyBvnAndCreateAccount,
  verifyBvnUrl,
  type VirtualAccountView,
} from '../support/verification-helpers.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { freshBvn, signUp } from '../support/people.ts';

const accountReady = 'Your account number is ready';

async function userIdOf(context: TestContext, token: string) {
  return (await me(context.app, token)).id;
}

interface StoredBvn {
  user_id: string;
  bvn_ciphertext: string;
  bvn_index: string;
  first_name: string;
  last_name: string;
  date_of_birth_ciphertext: string;
  phone_ciphertext: string;
}

async function storedBvns(context: TestContext): Promise<StoredBvn[]> {
  return rows<StoredBvn>(
    context.database.db,
    sql`select user_id, bvn_ciphertext, bvn_index, first_name, last_name,
               date_of_birth_ciphertext, phone_ciphertext from bvn_records`,
  );
}

describe(`BVN verification (${databaseKind})`, () => {
  let context: TestContext;
  let chiamaka: string;
  let other: string;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    chiamaka = await signUp(context.app, 'chiamaka.bvn@example.com');
    other = await signUp(context.app, 'other.bvn@example.com');
  });
  afterAll(() => context.close());

  it('when the request has no session, then 401 in the error shape and nothing is stored', async () => {
    const before = await verificationFingerprint(context.database);
    const response = await context.app.inject({
      method: 'POST',
      url: verifyBvnUrl,
      payload: { Bvn: sandboxBvns.matchesAnyName },
    });
    expect(response.statusCode).toBe(401);
    expect(expectErrorShape(response).code).toBe('unauthenticated');
    const forged = await context.app.inject({
      method: 'POST',
      url: verifyBvnUrl,
      headers: bearer('not-a-session-token'),
      payload: { Bvn: sandboxBvns.matchesAnyName },
    });
    expect(forged.statusCode).toBe(401);
    expect(await verificationFingerprint(context.database)).toBe(before);
  });

  it.each([
    ['10 digits', { Bvn: '2222222222' }],
    ['12 digits', { Bvn: '222222222222' }],
    ['letters', { Bvn: '2222222222a' }],
    ['spaces around the digits', { Bvn: ' 22222222222 ' }],
    ['an empty Bvn', { Bvn: '' }],
    ['Arabic-Indic digits', { Bvn: '٢٢٢٢٢٢٢٢٢٢٢' }],
  ])('when the body has %s, then 400 "Please provide a valid BVN"', async (_, body) => {
    const before = await verificationFingerprint(context.database);
    const response = await context.app.inject({
      method: 'POST',
      url: verifyBvnUrl,
      headers: bearer(chiamaka),
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    const error = expectErrorShape(response);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain(verificationMessages.bvnModalInvalid);
    expect(await verificationFingerprint(context.database)).toBe(before);
  });

  // The contract's message covers a string of the wrong shape only: a missing or non-string Bvn
  // answers zod's type message (reported; the schema lives in packages/contracts).
  it.each([
    ['a number instead of text', { Bvn: 22222222222 }],
    ['no Bvn at all', {}],
    ['the field in lower case', { bvn: '22222222222' }],
    ['a null Bvn', { Bvn: null }],
  ])('when the body has %s, then 400 on the Bvn field', async (_, body) => {
    const response = await context.app.inject({
      method: 'POST',
      url: verifyBvnUrl,
      headers: bearer(chiamaka),
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    const error = expectErrorShape(response);
    expect(error.code).toBe('validation_failed');
    expect(error.errors.map((item) => item.path)).toContain('Bvn');
    expect(await countRows(context.database, 'bvn_records')).toBe(0);
  });

  it('when the body carries an extra field, then it is refused in the error shape', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: verifyBvnUrl,
      headers: bearer(chiamaka),
      payload: { Bvn: sandboxBvns.matchesAnyName, first_name: 'Someone' },
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorShape(response).code).toBe('validation_failed');
    expect(await countRows(context.database, 'bvn_records')).toBe(0);
  });

  it('when the body is not JSON, then 400 in the error shape', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: verifyBvnUrl,
      headers: { ...bearer(chiamaka), 'content-type': 'application/json' },
      payload: '{"Bvn": "2222',
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorShape(response).code).toBe('malformed_json');
  });

  it('when the BVN record carries another name, then 422 "BVN details do not match your registered name"', async () => {
    const response = await verifyBvn(context.app, chiamaka, sandboxBvns.neverMatches);
    expect(response.statusCode).toBe(422);
    const error = expectErrorShape(response);
    expect(error).toMatchObject({
      code: 'bvn_mismatch',
      message: verificationMessages.bvnMismatch,
    });
    // The stranger's name on that record is not disclosed.
    expect(response.body).not.toMatch(/Oluwaseun|Bakare/);
    expect(response.body).not.toContain(sandboxBvns.neverMatches);
    expect(await countRows(context.database, 'bvn_records')).toBe(0);
  });

  it('when the BVN is unknown to the registry, then 422 with the same message', async () => {
    const response = await verifyBvn(context.app, chiamaka, '12345678901');
    expect(response.statusCode).toBe(422);
    expect(expectErrorShape(response)).toMatchObject({
      code: 'bvn_mismatch',
      message: verificationMessages.bvnMismatch,
    });
    expect(response.body).not.toContain('12345678901');
    expect(await countRows(context.database, 'bvn_records')).toBe(0);
  });

  it('when the registry lookup fails, then 503 in the error shape and nothing is stored', async () => {
    const response = await verifyBvn(context.app, chiamaka, sandboxBvns.lookupFails);
    expect(response.statusCode).toBe(503);
    expect(expectErrorShape(response).code).toBe('identity_unavailable');
    expect(response.body).not.toContain(sandboxBvns.lookupFails);
    expect(await countRows(context.database, 'bvn_records')).toBe(0);
  });

  it('when the BVN matches the registered name, then the names and the masked BVN come back, never the BVN', async () => {
    const response = await verifyBvn(context.app, chiamaka, sandboxBvns.matchesAnyName);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'BVN verified',
      data: { firstname: 'Chiamaka', lastname: 'Eze', Bvn: '2222**' },
    });
    expect(response.body).not.toContain(sandboxBvns.matchesAnyName);
    expect(response.body).not.toMatch(/\d{5,}/);
  });

  it('when a BVN is stored, then it is encrypted and indexed by a keyed hash, never in clear', async () => {
    const crypto = fieldCrypto(context.config.appSecret);
    const stored = await storedBvns(context);
    expect(stored).toHaveLength(1);
    const [record] = stored;
    if (!record) throw new Error('no BVN record');
    expect(record.user_id).toBe(await userIdOf(context, chiamaka));
    expect(record).toMatchObject({ first_name: 'Chiamaka', last_name: 'Eze' });
    for (const column of [
      record.bvn_ciphertext,
      record.bvn_index,
      record.date_of_birth_ciphertext,
      record.phone_ciphertext,
    ]) {
      expect(column).not.toContain(sandboxBvns.matchesAnyName);
      expect(column).not.toContain('2222');
      expect(column).not.toContain('1994-06-15');
      expect(column).not.toContain('8031234567');
    }
    expect(record.bvn_index).not.toBe(sandboxBvns.matchesAnyName);
    expect(record.bvn_index).toMatch(/^[0-9a-f]{64}$/);
    expect(crypto.decrypt(record.bvn_ciphertext).toString('utf8')).toBe(sandboxBvns.matchesAnyName);
    expect(crypto.decrypt(record.date_of_birth_ciphertext).toString('utf8')).toBe('1994-06-15');
    // A second encryption of the same BVN differs (random IV): the ciphertext is no index.
    expect(crypto.encrypt(sandboxBvns.matchesAnyName)).not.toBe(record.bvn_ciphertext);
  });

  it('when the same user verifies the same BVN again, then it answers the same and keeps one record', async () => {
    const response = await verifyBvn(context.app, chiamaka, sandboxBvns.matchesAnyName);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { Bvn: '2222**' } });
    expect(await countRows(context.database, 'bvn_records')).toBe(1);
  });

  it('when a second user verifies a BVN already linked to another account, then 409 and the first link stays', async () => {
    const before = await storedBvns(context);
    const response = await verifyBvn(context.app, other, sandboxBvns.matchesAnyName);
    expect(response.statusCode).toBe(409);
    expect(expectErrorShape(response).code).toBe('bvn_in_use');
    expect(response.body).not.toContain('chiamaka');
    expect(await storedBvns(context)).toEqual(before);
  });

  it('when a user with a funding account verifies another BVN, then 409 and the record is unchanged', async () => {
    const created = await createAccount(context.app, chiamaka, sandboxBvns.matchesAnyName);
    expect(created.statusCode, created.body).toBe(200);
    const before = await storedBvns(context);
    const response = await verifyBvn(context.app, chiamaka, sandboxBvns.neverMatches);
    expect(response.statusCode).toBe(409);
    expect(expectErrorShape(response).code).toBe('bvn_already_verified');
    expect(await storedBvns(context)).toEqual(before);
  });
});

describe(`BVN verification under concurrency (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
  });
  afterAll(() => context.close());

  it('when two users verify the same BVN at the same time, then one succeeds and the other gets 409, never a 5xx', async () => {
    const tokens = await Promise.all(
      ['race.one@example.com', 'race.two@example.com', 'race.three@example.com'].map((email) =>
        signUp(context.app, email),
      ),
    );
    const bvn = freshBvn();
    const answers = await Promise.all(tokens.map((token) => verifyBvn(context.app, token, bvn)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409, 409]);
    for (const answer of answers.filter((item) => item.statusCode !== 200)) {
      expect(expectErrorShape(answer).code).toBe('bvn_in_use');
    }
    expect(await countRows(context.database, 'bvn_records')).toBe(1);
  });

  it('when one user verifies the same BVN twice at the same time, then both succeed with one record', async () => {
    const token = await signUp(context.app, 'race.self@example.com');
    const bvn = freshBvn();
    const answers = await Promise.all([
      verifyBvn(context.app, token, bvn),
      verifyBvn(context.app, token, bvn),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await countRows(context.database, 'bvn_records', await userIdOf(context, token))).toBe(
      1,
    );
  });
});

describe(`the funding account (${databaseKind})`, () => {
  let context: TestContext;
  let chiamaka: string;
  let userId: string;
  let account: VirtualAccountView;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    chiamaka = await signUp(context.app, 'chiamaka.account@example.com');
    userId = await userIdOf(context, chiamaka);
  });
  afterAll(() => context.close());

  const myVirtualAccount = async (token: string) => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/v1/virtualaccount',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: VirtualAccountView | null }>().data;
  };

  const walletCodes = async () =>
    (
      await rows<{ code: string }>(
        context.database.db,
        sql`select code from ledger_accounts where code like ${`user:${userId}:%`} order by code`,
      )
    ).map((row) => row.code);

  it('when a new user asks for the funding account, then it is null and the account shows empty ids on tier 0', async () => {
    expect(await myVirtualAccount(chiamaka)).toBeNull();
    expect(await me(context.app, chiamaka)).toMatchObject({
      virtual_account: { id: '', account_reference: '' },
      tier: 0,
    });
  });

  it('when the account is requested before the BVN step, then 422 and nothing is opened', async () => {
    const before = await verificationFingerprint(context.database);
    const response = await createAccount(context.app, chiamaka, sandboxBvns.matchesAnyName);
    expect(response.statusCode).toBe(422);
    expect(expectErrorShape(response).code).toBe('bvn_not_verified');
    expect(await verificationFingerprint(context.database)).toBe(before);
    expect(await myVirtualAccount(chiamaka)).toBeNull();
  });

  it.each([
    ['no kyc', { account_name: 'Chiamaka Eze', customer: { name: 'Chiamaka Eze' } }],
    [
      'a 10-digit kyc.bvn',
      {
        account_name: 'Chiamaka Eze',
        customer: { name: 'Chiamaka Eze' },
        kyc: { bvn: '2222222222' },
      },
    ],
    [
      'an empty account name',
      { account_name: ' ', customer: { name: 'Chiamaka Eze' }, kyc: { bvn: '22222222222' } },
    ],
    [
      'an extra field',
      {
        account_name: 'Chiamaka Eze',
        customer: { name: 'Chiamaka Eze' },
        kyc: { bvn: '22222222222' },
        account_number: '0000000001',
      },
    ],
    ['an array', [1, 2, 3]],
  ])('when the body has %s, then 400 in the error shape', async (_, body) => {
    const response = await context.app.inject({
      method: 'POST',
      url: createAccountUrl,
      headers: bearer(chiamaka),
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorShape(response).code).toBe('validation_failed');
  });

  it('when kyc.bvn is not the verified BVN, then 422 and nothing is opened', async () => {
    const verified = await verifyBvn(context.app, chiamaka, sandboxBvns.matchesAnyName);
    expect(verified.statusCode).toBe(200);
    const before = await verificationFingerprint(context.database);
    const response = await createAccount(context.app, chiamaka, '12345678901');
    expect(response.statusCode).toBe(422);
    expect(expectErrorShape(response).code).toBe('bvn_not_verified');
    expect(await verificationFingerprint(context.database)).toBe(before);
  });

  it('when the verified user asks for the account, then a valid NUBAN in the sandbox bank is opened in the registered name', async () => {
    const response = await createAccount(context.app, chiamaka, sandboxBvns.matchesAnyName);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: { data: VirtualAccountView } }>();
    expect(body.message).toBe('operation was successful');
    account = body.data.data;
    expect(account).toMatchObject({
      account_name: 'Chiamaka Eze',
      bank_name: sandboxBank.name,
      bank_code: sandboxBank.code,
      provider: 'sandbox',
    });
    expect(account.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(account.account_reference).not.toBe('');
    expect(account.account_number).toMatch(/^\d{10}$/);
    expect(isValidNuban(sandboxBank.institution, account.account_number)).toBe(true);
    expect(new Date(account.created_at).toISOString()).toBe(account.created_at);
    expect(response.body).not.toContain(sandboxBvns.matchesAnyName);
  });

  it('when the account is opened, then the naira and dollar wallets exist and one notification tells the number', async () => {
    // Read the ledger directly: GET /v1/wallets would open missing wallets by itself.
    expect(await walletCodes()).toEqual(
      expect.arrayContaining([walletAccountCode(userId, 'NGN'), walletAccountCode(userId, 'USD')]),
    );
    const response = await context.app.inject({
      method: 'GET',
      url: '/v1/wallets',
      headers: bearer(chiamaka),
    });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ data: { items: { currency: string; amount: string }[] } }>().data
      .items;
    expect(items.map((item) => item.currency).sort()).toEqual(['NGN', 'USD']);
    expect(items.every((item) => Number(item.amount) === 0)).toBe(true);
    const titles = await notificationTitles(context.app, chiamaka);
    expect(titles.filter((title) => title === accountReady)).toHaveLength(1);
  });

  it('when the account is asked for again, then the same account comes back and no second notification is sent', async () => {
    const again = await createAccount(context.app, chiamaka, sandboxBvns.matchesAnyName);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: { data: VirtualAccountView } }>().data.data).toEqual(account);
    expect(await countRows(context.database, 'virtual_accounts')).toBe(1);
    const titles = await notificationTitles(context.app, chiamaka);
    expect(titles.filter((title) => title === accountReady)).toHaveLength(1);
  });

  it('when the user reloads, then the account shows the virtual account and tier 1', async () => {
    expect(await me(context.app, chiamaka)).toMatchObject({
      tier: 1,
      virtual_account: { id: account.id, account_reference: account.account_reference },
    });
    expect(await myVirtualAccount(chiamaka)).toEqual(account);
  });

  it('when another user asks for the funding account, then they do not see this one', async () => {
    const stranger = await signUp(context.app, 'stranger.account@example.com');
    expect(await myVirtualAccount(stranger)).toBeNull();
    const response = await createAccount(context.app, stranger, sandboxBvns.matchesAnyName);
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toContain(account.account_number);
  });

  it('when the account exists and kyc.bvn is a different BVN, then 422 and the account is unchanged', async () => {
    const response = await createAccount(context.app, chiamaka, '12345678901');
    expect(response.statusCode).toBe(422);
    expect(expectErrorShape(response).code).toBe('bvn_not_verified');
    expect(await myVirtualAccount(chiamaka)).toEqual(account);
  });

  it('when nobody is signed in, then 401 in the error shape', async () => {
    for (const url of [createAccountUrl, '/v1/virtualaccount']) {
      const response = await context.app.inject({
        method: url === createAccountUrl ? 'POST' : 'GET',
        url,
        ...(url === createAccountUrl
          ? {
              payload: {
                account_name: 'Chiamaka Eze',
                customer: { name: 'Chiamaka Eze' },
                kyc: { bvn: sandboxBvns.matchesAnyName },
              },
            }
          : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(expectErrorShape(response).code).toBe('unauthenticated');
    }
  });
});

describe(`the funding account asked for several times at once (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
  });
  afterAll(() => context.close());

  it('when five requests race, then they all answer the same account and one notification is sent', async () => {
    const token = await signUp(context.app, 'race.account@example.com');
    const bvn = freshBvn();
    expect((await verifyBvn(context.app, token, bvn)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createAccount(context.app, token, bvn)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const numbers = new Set(
      answers.map(
        (answer) => answer.json<{ data: { data: VirtualAccountView } }>().data.data.account_number,
      ),
    );
    expect(numbers.size).toBe(1);
    expect(await countRows(context.database, 'virtual_accounts')).toBe(1);
    const titles = await notificationTitles(context.app, token);
    expect(titles.filter((title) => title === accountReady)).toHaveLength(1);
    expect((await me(context.app, token)).tier).toBe(1);
  });

  it('when several users open accounts, then each gets a distinct valid NUBAN', async () => {
    const accounts: VirtualAccountView[] = [];
    for (const index of [1, 2, 3, 4]) {
      const token = await signUp(context.app, `nuban.${String(index)}@example.com`);
      accounts.push(await verifyBvnAndCreateAccount(context.app, token, freshBvn()));
    }
    const numbers = accounts.map((item) => item.account_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((number) => isValidNuban(sandboxBank.institution, number))).toBe(true);
    expect(new Set(accounts.map((item) => item.account_reference)).size).toBe(accounts.length);
  });
});

describe(`the funding account when the bank partner fails (${databaseKind})`, () => {
  let context: TestContext;
  let failure: 'unavailable' | 'rejected' | undefined;
  const notUsed = () => Promise.reject(new Error('not used by these tests'));
  const payments: PaymentsProvider = {
    slug: 'sandbox',
    createDedicatedAccount: (request) =>
      failure
        ? Promise.reject(new PaymentProviderError(failure, 'the partner said no'))
        : Promise.resolve({
            accountNumber: '0000000019',
            accountName: request.accountName,
            bankName: 'Partner Bank',
            bankCode: '999999',
            providerReference: 'DVA-1',
          }),
    deactivateDedicatedAccount: notUsed,
    initializeCheckout: notUsed,
    verifyCheckout: notUsed,
    verifyWebhookSignature: () => false,
    parseWebhook: () => {
      throw new Error('not used by these tests');
    },
  };
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, payments });
  });
  afterAll(() => context.close());

  it('when the partner is down or refuses, then 503 or 422 in the error shape, nothing is opened, and a retry succeeds', async () => {
    const token = await signUp(context.app, 'partner.down@example.com');
    expect((await verifyBvn(context.app, token, sandboxBvns.matchesAnyName)).statusCode).toBe(200);
    const before = await verificationFingerprint(context.database);

    failure = 'unavailable';
    const down = await createAccount(context.app, token, sandboxBvns.matchesAnyName);
    expect(down.statusCode).toBe(503);
    expect(expectErrorShape(down).code).toBe('provider_unavailable');

    failure = 'rejected';
    const refused = await createAccount(context.app, token, sandboxBvns.matchesAnyName);
    expect(refused.statusCode).toBe(422);
    expect(expectErrorShape(refused).code).toBe('provider_unavailable');
    expect(await verificationFingerprint(context.database)).toBe(before);
    expect((await me(context.app, token)).tier).toBe(0);

    failure = undefined;
    const retried = await createAccount(context.app, token, sandboxBvns.matchesAnyName);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      data: { data: { account_number: '0000000019', bank_name: 'Partner Bank' } },
    });
    expect((await me(context.app, token)).tier).toBe(1);
  });
});

describe(`the BVN once identity rests on it (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
  });
  afterAll(() => context.close());

  const rename = (token: string, names: { first_name: string; last_name: string }) =>
    context.app.inject({
      method: 'PATCH',
      url: '/v1/accounts',
      headers: bearer(token),
      payload: names,
    });

  it('when a user whose identity was verified on a BVN verifies another one, then 409 and the record is unchanged', async () => {
    const token = await signUp(context.app, 'identity.locked@example.com');
    const bvn = freshBvn();
    expect((await verifyBvn(context.app, token, bvn)).statusCode).toBe(200);
    const submitted = await submitVerification(
      context.app,
      token,
      verificationBody(bvn, await selfieBase64()),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    await context.app.jobs.tick();
    expect(await me(context.app, token)).toMatchObject({ status: 'ACTIVE', tier: 2 });
    const before = await storedBvns(context);

    const response = await verifyBvn(context.app, token, freshBvn());
    expect(response.statusCode, response.body).toBe(409);
    expect(expectErrorShape(response).code).toBe('bvn_already_verified');
    expect(await storedBvns(context)).toEqual(before);
  });

  it('when the user tries to rename themselves after the BVN step, then 422 name_locked, the name stays and the account carries the name on the BVN record', async () => {
    const token = await signUp(context.app, 'renamed@example.com');
    const bvn = freshBvn();
    expect((await verifyBvn(context.app, token, bvn)).statusCode).toBe(200);
    const renamed = await rename(token, { first_name: 'Ajo', last_name: 'Refunds Desk' });
    expect(renamed.statusCode, renamed.body).toBe(422);
    expect(expectErrorShape(renamed)).toMatchObject({
      code: 'name_locked',
      errors: [{ path: 'first_name', message: 'Set by your BVN record' }],
    });
    expect(await me(context.app, token)).toMatchObject({ first_name: 'Chiamaka' });
    // The profile form sends the unchanged names with a new phone: that still saves.
    const phoneOnly = await context.app.inject({
      method: 'PATCH',
      url: '/v1/accounts',
      headers: bearer(token),
      payload: { first_name: 'Chiamaka', last_name: 'Eze', phone: '9098765432' },
    });
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(200);
    expect(phoneOnly.json()).toMatchObject({
      data: { first_name: 'Chiamaka', phone: '9098765432' },
    });
    const lastNameOnly = await rename(token, { first_name: 'Chiamaka', last_name: 'Okafor' });
    expect(expectErrorShape(lastNameOnly)).toMatchObject({
      code: 'name_locked',
      errors: [{ path: 'last_name', message: 'Set by your BVN record' }],
    });
    const created = await createAccount(context.app, token, bvn);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ data: { data: { account_name: 'Chiamaka Eze' } } });
  });
});
