import { humanFieldName } from '../../src/platform/validation-message.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNulCharacter } from '../../src/platform/nul-guard.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { latestCode, signUp, validRegistration } from '../support/people.ts';

const nulMessage = 'Remove the hidden NUL character (\\u0000) from this text';

describe('findNulCharacter', () => {
  it('names the path of the first string holding U+0000, in objects, arrays and keys', () => {
    expect(findNulCharacter({ name: 'Ada' })).toBeUndefined();
    expect(findNulCharacter({ name: 'A\u0000da' })).toBe('name');
    expect(findNulCharacter({ owner: { names: ['Ada', 'E\u0000ze'] } })).toBe('owner.names.1');
    expect(findNulCharacter({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNulCharacter('\u0000')).toBe('');
    expect(findNulCharacter(Buffer.from('a\u0000b'))).toBeUndefined();
    expect(findNulCharacter(null)).toBeUndefined();
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
