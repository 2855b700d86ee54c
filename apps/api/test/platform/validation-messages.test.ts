import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { createAccountUrl, verificationBody } from '../support/verification-helpers.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { signUp, validRegistration } from '../support/people.ts';

/*
 * Issue 14, item 7: the client shows a refusal's `message` as it is, so it names the rule in words
 * ("First name must be at most 60 characters"), never a wire name ("new_password: …") and never
 * the text of another rule ("please enter your first name" for a name that is too long).
 */

describe(`validation messages people read (${databaseKind})`, () => {
  let context: TestContext;
  let token: string;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    token = await signUp(context.app, 'messages@example.com');
  });
  afterAll(() => context.close());

  const send = async (
    method: 'POST' | 'PATCH',
    url: string,
    payload: unknown,
    signedIn = true,
  ): Promise<{ message: string; errors: { path: string; message: string }[] }> => {
    const response = await context.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: signedIn ? bearer(token) : {},
    });
    expect(response.statusCode, response.body).toBe(400);
    const error = expectErrorShape(response);
    expect(error.code).toBe('validation_failed');
    expect(error.message).not.toMatch(/^[A-Za-z_.\d]+: /);
    return error;
  };

  it.each([
    ['first_name', 'x'.repeat(61), 'First name must be at most 60 characters'],
    ['last_name', 'y'.repeat(61), 'Last name must be at most 60 characters'],
    ['referred_by', 'R'.repeat(33), 'Referral code must be at most 32 characters'],
    ['email', `${'a'.repeat(250)}@example.com`, 'Email address must be at most 254 characters'],
    ['password', 'p'.repeat(129), 'Password must be at most 128 characters'],
    ['country_code', '234', 'Country code must look like +234'],
  ])(
    'when a registration has a bad %s, then the message names its rule',
    async (field, value, text) => {
      const body = { ...validRegistration('too.long@example.com'), [field]: value };
      const error = await send('POST', '/v1/auth/register', body, false);
      expect(error.message).toBe(text);
      expect(error.errors[0]).toEqual({ path: field, message: text });
    },
  );

  it('when a new password is too short, then the message is the rule without the field key', async () => {
    const error = await send('POST', '/v1/auth/password/change', {
      current_password: 'correct-horse-battery',
      new_password: 'short',
    });
    expect(error.message).toBe('Password must be at least 8 characters');
    expect(error.errors[0]?.path).toBe('new_password');
  });

  it.each([
    ['first_name', 'First name must be at most 60 characters'],
    ['last_name', 'Last name must be at most 60 characters'],
  ])(
    'when the profile %s is 61 characters, then the message says at most 60',
    async (field, text) => {
      const error = await send('PATCH', '/v1/accounts', { [field]: 'n'.repeat(61) });
      expect(error.message).toBe(text);
    },
  );

  it('when the profile phone holds letters, then "invalid phone number"', async () => {
    const error = await send('PATCH', '/v1/accounts', { phone: '0803CALLME1' });
    expect(error.message).toBe('invalid phone number');
  });

  it.each([
    [{ address: 'a'.repeat(201) }, 'Home address must be at most 200 characters'],
    [
      { country_of_residence: 'c'.repeat(61) },
      'Country of residence must be at most 60 characters',
    ],
    [{ country_alpha_2_code: 'ng' }, 'Country code must be two capital letters, like NG'],
    [{ ip_address: '1'.repeat(65) }, 'IP address must be at most 64 characters'],
  ])(
    'when a verification field breaks its rule (%o), then the message names it',
    async (change, text) => {
      const body = verificationBody('22222222222', 'abcd', change);
      expect((await send('POST', '/v1/accounts/verify', body)).message).toBe(text);
    },
  );

  it('when the funding account name is too long, then the message says at most 120', async () => {
    const name = 'n'.repeat(121);
    const error = await send('POST', createAccountUrl, {
      account_name: name,
      customer: { name: 'Chiamaka Eze' },
      kyc: { bvn: '22222222222' },
    });
    expect(error.message).toBe('Account name must be at most 120 characters');
  });

  it('when a field has zod’s own wording, then the message names the field in words', async () => {
    const error = await send('POST', '/v1/auth/login', { email: 12345, password: 'x' }, false);
    expect(error.message).toBe('Email must be text');
    const extra = await send('PATCH', '/v1/accounts', { first_name: 'Ada', is_admin: true });
    expect(extra.message).toBe('The field "is_admin" is not accepted');
  });
});
