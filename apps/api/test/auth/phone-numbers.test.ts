import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { latestCode, validRegistration } from '../support/people.ts';

describe(`phone numbers as Nigerians write them (${databaseKind})`, () => {
  let context: TestContext;
  let token: string;
  beforeAll(async () => {
    context = await createTestApp();
    const email = 'phone@example.com';
    const registered = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { ...validRegistration(email), phone: '0803 123 4567' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const confirmed = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/confirm-account',
      payload: { email, token: await latestCode(context.app, email) },
    });
    token = confirmed.json<{ data: { token: string } }>().data.token;
  });
  afterAll(() => context.close());

  const updatePhone = (phone: unknown) =>
    context.app.inject({
      method: 'PATCH',
      url: '/v1/accounts',
      headers: { authorization: `Bearer ${token}` },
      payload: { phone },
    });

  it('when a user registers with 0803 123 4567, then the account holds 8031234567', async () => {
    const account = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(account.json()).toMatchObject({ data: { phone: '8031234567' } });
  });

  it.each(['+2348091234567', '2348091234567', '08091234567', '8091234567'])(
    'when the profile phone is changed to %s, then it is stored as 8091234567',
    async (phone) => {
      const answer = await updatePhone(phone);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ data: { phone: '8091234567' } });
    },
  );

  it.each(['0803CALLME1', '803123', '+44 20 7946 0958', 12345])(
    'when the profile phone is %s, then 400 "invalid phone number" and nothing changes',
    async (phone) => {
      const answer = await updatePhone(phone);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        errors: [{ path: 'phone', message: 'invalid phone number' }],
      });
    },
  );
});
