import { humanFieldName } from '../../src/platform/validation-message.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnstorableText } from '../../src/platform/text-guard.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { latestCode, signUp, validRegistration } from '../support/people.ts';
import {
  anyBvnIdentity,
  listTransactions,
  newUser,
  startDeposit,
  startedReference,
} from '../support/money-helpers.ts';
import { bearer } from '../support/calls.ts';

const nulMessage = 'Remove the hidden NUL character (\\u0000) from this text';

describe('findUnstorableText', () => {
  it('names the path of the first string holding U+0000, in objects, arrays and keys', () => {
    const nulAt = (path: string) => ({ path, problem: 'nul' });
    expect(findUnstorableText({ name: 'Ada' })).toBeUndefined();
    expect(findUnstorableText({ name: 'A\u0000da' })).toEqual(nulAt('name'));
    expect(findUnstorableText({ owner: { names: ['Ada', 'E\u0000ze'] } })).toEqual(
      nulAt('owner.names.1'),
    );
    expect(findUnstorableText({ ['k\u0000']: 1 })).toEqual(nulAt('k\u0000'));
    expect(findUnstorableText('\u0000')).toEqual(nulAt(''));
    expect(findUnstorableText(Buffer.from('a\u0000b'))).toBeUndefined();
    expect(findUnstorableText(null)).toBeUndefined();
  });

  it('names an unpaired surrogate, and lets a paired one (an emoji) through', () => {
    expect(findUnstorableText({ note: 'savings \u{1F4B0}' })).toBeUndefined();
    expect(findUnstorableText({ note: 'a \udfff\udfff' })).toEqual({
      path: 'note',
      problem: 'unpaired_surrogate',
    });
    expect(findUnstorableText({ list: ['ok', '\ud800'] })).toEqual({
      path: 'list.1',
      problem: 'unpaired_surrogate',
    });
  });
});

describe('a NUL character in a request', () => {
  let context: TestContext;
  let token: string;
  beforeAll(async () => {
    context = await createTestApp();
    token = await signUp(context.app, 'nul-owner@example.com');
  });
  afterAll(async () => {
    await context.close();
  });

  const expectRefused = (response: { statusCode: number; json: () => unknown }, path: string) => {
    expect(response.statusCode).toBe(400);
    // The top-level message names the field in words, never by its raw key (issue 14, item 7).
    expect(response.json()).toEqual({
      message: `${humanFieldName(path)}: remove the hidden NUL character (\\u0000) from this text`,
      code: 'validation_failed',
      errors: [{ path, message: nulMessage }],
    });
  };

  it('when a registration name holds one, then it answers 400 naming the field and creates no account', async () => {
    const email = 'nul-register@example.com';
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { ...validRegistration(email), first_name: 'Chi\u0000maka' },
    });
    expectRefused(response, 'first_name');
    // Nothing was written: the same address registers normally afterwards.
    const again = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: validRegistration(email),
    });
    expect(again.statusCode).toBe(201);
    expect(await latestCode(context.app, email)).toMatch(/^\d{6}$/);
  });

  it('when a profile update holds one, then it answers 400 and the profile is unchanged', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/v1/accounts',
      headers: auth,
      payload: { first_name: 'Ada\u0000' },
    });
    expectRefused(response, 'first_name');
    const profile = await context.app.inject({ method: 'GET', url: '/v1/accounts', headers: auth });
    expect(JSON.stringify(profile.json())).toContain('Chiamaka');
  });

  it('when a sandbox bank account name holds one, then it answers 400', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/sandbox/bank-accounts',
      payload: { account_name: 'Chiamaka\u0000Eze' },
    });
    expectRefused(response, 'account_name');
  });

  it('when a query string or a path holds one, then it answers 400 naming it', async () => {
    const auth = { authorization: `Bearer ${token}` };
    expectRefused(
      await context.app.inject({ method: 'GET', url: '/v1/transactions?type=%00', headers: auth }),
      'type',
    );
    expectRefused(
      await context.app.inject({ method: 'GET', url: '/v1/transactions/a%00b', headers: auth }),
      'id',
    );
  });

  it('when a nested field holds one, then the path names where it is', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: {
        email: 'nul-owner@example.com',
        password: 'correct-horse-battery',
        extra: { notes: ['ok', 'n\u0000'] },
      },
    });
    expectRefused(response, 'extra.notes.1');
  });
});

describe('an unpaired surrogate in a request', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
  });
  afterAll(async () => {
    await context.close();
  });

  it('when a pending transaction is given a reference holding one, then it answers 400 naming the field and keeps no reference', async () => {
    const payer = await newUser(context, 'surrogate.payer@example.com');
    startedReference(await startDeposit(context.app, payer.token, '1000'));
    const [pending] = await listTransactions(context.app, payer.token, '?status=pending');
    const response = await context.app.inject({
      method: 'PUT',
      url: `/v1/transactions/${pending?.id ?? ''}/third-party-reference`,
      headers: { ...bearer(payer.token), 'content-type': 'application/json' },
      // JSON.stringify writes the lone surrogate as the escape \udfff, as a client would.
      payload: JSON.stringify({ third_party_reference: 'a \udfff\udfff' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: `${humanFieldName('third_party_reference')}: remove the broken character (half of an emoji or symbol, an unpaired surrogate) from this text`,
      code: 'validation_failed',
      errors: [
        {
          path: 'third_party_reference',
          message:
            'Remove the broken character (half of an emoji or symbol, an unpaired surrogate) from this text',
        },
      ],
    });
    const [after] = await listTransactions(context.app, payer.token, '?status=pending');
    expect(after?.client_reference).toBeNull();
  });
});
