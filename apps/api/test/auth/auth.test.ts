import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { latestCode, signUp, validRegistration } from '../support/people.ts';

describe(`registration, confirmation and sessions (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('when someone registers and confirms, then they are signed in and see their account', async () => {
    const registered = await post('/v1/auth/register', validRegistration('Ada@Example.com'));
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ data: { email: 'ada@example.com' } });
    const code = await latestCode(context.app, 'ada@example.com');
    const confirmed = await post('/v1/auth/confirm-account', {
      email: 'ada@example.com',
      token: code,
    });
    expect(confirmed.statusCode).toBe(200);
    const token = confirmed.json<{ data: { token: string } }>().data.token;
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(String(confirmed.headers['set-cookie'])).toMatch(
      /ajo_session=.*HttpOnly.*SameSite=Lax/i,
    );

    const account = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({
      data: {
        email: 'ada@example.com',
        first_name: 'Chiamaka',
        status: 'PENDING',
        virtual_account: { id: '', account_reference: '' },
      },
    });
    expect(account.body).not.toContain('password');
  });

  it('when a browser confirms, then the token is only in the HttpOnly cookie', async () => {
    await post('/v1/auth/register', validRegistration('browser@example.com'));
    const code = await latestCode(context.app, 'browser@example.com');
    const confirmed = await post(
      '/v1/auth/confirm-account',
      { email: 'browser@example.com', token: code },
      { 'x-requested-with': 'ajo-web' },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('token');
    const cookie = confirmed.cookies.find((item) => item.name === 'ajo_session');
    expect(cookie?.httpOnly).toBe(true);
    const account = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts',
      cookies: { ajo_session: cookie?.value ?? '' },
    });
    expect(account.statusCode).toBe(200);
    const logoutWithoutHeader = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      cookies: { ajo_session: cookie?.value ?? '' },
    });
    expect(logoutWithoutHeader.statusCode).toBe(403);
    expect(logoutWithoutHeader.json()).toMatchObject({ code: 'client_header_required' });
  });

  it('when a code is wrong five times, then even the right code no longer works', async () => {
    await post('/v1/auth/register', validRegistration('burn@example.com'));
    const code = await latestCode(context.app, 'burn@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post('/v1/auth/confirm-account', {
        email: 'burn@example.com',
        token: wrong,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_code' });
    }
    const right = await post('/v1/auth/confirm-account', {
      email: 'burn@example.com',
      token: code,
    });
    expect(right.statusCode).toBe(400);
  });

  it('when a code is older than 10 minutes, then it has expired', async () => {
    await post('/v1/auth/register', validRegistration('late@example.com'));
    const code = await latestCode(context.app, 'late@example.com');
    context.clock.advance(10 * 60_000 + 1);
    const response = await post('/v1/auth/confirm-account', {
      email: 'late@example.com',
      token: code,
    });
    expect(response.statusCode).toBe(400);
  });

  it('when a code was used, then it cannot be used again', async () => {
    await post('/v1/auth/register', validRegistration('once@example.com'));
    const code = await latestCode(context.app, 'once@example.com');
    expect(
      (await post('/v1/auth/confirm-account', { email: 'once@example.com', token: code }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/v1/auth/confirm-account', { email: 'once@example.com', token: code }))
        .statusCode,
    ).toBe(400);
  });

  it('when codes are asked for more than 5 times in an hour, then the sixth is refused', async () => {
    await post('/v1/auth/register', validRegistration('many@example.com'));
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (await post('/v1/auth/resend-registration-otp', { email: 'many@example.com' })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    context.clock.advance(60 * 60_000 + 1);
    expect(
      (await post('/v1/auth/resend-registration-otp', { email: 'many@example.com' })).statusCode,
    ).toBe(200);
  });

  it('when a code is asked for an unknown email, then the answer is the same and nothing is sent', async () => {
    const unknown = await post('/v1/auth/resend-registration-otp', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: 'operation was successful', data: null });
    await expect(latestCode(context.app, 'nobody@example.com')).rejects.toThrow();
  });

  it('when an email is registered twice, then the answer is the same and the first password stays', async () => {
    await signUp(context.app, 'twice@example.com');
    const again = await post('/v1/auth/register', {
      ...validRegistration('twice@example.com'),
      password: 'another-password',
    });
    expect(again.statusCode).toBe(201);
    const login = await post('/v1/auth/login', {
      email: 'twice@example.com',
      password: 'another-password',
    });
    expect(login.statusCode).toBe(401);
  });

  it('when the password or email is wrong, then login answers the same 401', async () => {
    await signUp(context.app, 'login@example.com');
    const wrongPassword = await post('/v1/auth/login', {
      email: 'login@example.com',
      password: 'nope-nope-nope',
    });
    const unknownEmail = await post('/v1/auth/login', {
      email: 'ghost@example.com',
      password: 'nope-nope-nope',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    const right = await post('/v1/auth/login', {
      email: 'login@example.com',
      password: 'correct-horse-battery',
    });
    expect(right.statusCode).toBe(200);
  });

  it('when an unconfirmed account signs in, then it is told to confirm and gets a new code', async () => {
    await post('/v1/auth/register', validRegistration('pending@example.com'));
    const first = await latestCode(context.app, 'pending@example.com');
    const login = await post('/v1/auth/login', {
      email: 'pending@example.com',
      password: 'correct-horse-battery',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'account_not_confirmed' });
    const second = await latestCode(context.app, 'pending@example.com');
    const confirmed = await post('/v1/auth/confirm-account', {
      email: 'pending@example.com',
      token: second,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(second).toMatch(/^\d{6}$/);
    expect(typeof first).toBe('string');
  });

  it('when a user logs out, then the session no longer works', async () => {
    const token = await signUp(context.app, 'logout@example.com');
    const headers = { authorization: `Bearer ${token}` };
    expect((await post('/v1/auth/logout', {}, headers)).statusCode).toBe(200);
    const account = await context.app.inject({ method: 'GET', url: '/v1/accounts', headers });
    expect(account.statusCode).toBe(401);
    expect(account.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('when a session sits idle past its limit, then it ends', async () => {
    const token = await signUp(context.app, 'idle@example.com');
    const headers = { authorization: `Bearer ${token}` };
    context.clock.advance(31 * 60_000);
    expect(
      (await context.app.inject({ method: 'GET', url: '/v1/accounts', headers })).statusCode,
    ).toBe(401);
  });

  it('when the password is reset, then old sessions end and the new password works', async () => {
    const token = await signUp(context.app, 'reset@example.com');
    const reset = await post('/v1/auth/password/reset', { email: 'reset@example.com' });
    expect(reset.json()).toEqual({ message: 'operation was successful', data: null });
    const code = await latestCode(context.app, 'reset@example.com');
    const confirm = await post('/v1/auth/password/reset/confirm', {
      email: 'reset@example.com',
      token: code,
    });
    expect(confirm.json()).toMatchObject({ message: 'operation was successful' });
    const change = await post('/v1/auth/password/reset/change', {
      email: 'reset@example.com',
      token: code,
      new_password: 'a-brand-new-password',
    });
    expect(change.json()).toMatchObject({ message: 'operation was successful' });
    const old = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(old.statusCode).toBe(401);
    const login = await post('/v1/auth/login', {
      email: 'reset@example.com',
      password: 'a-brand-new-password',
    });
    expect(login.statusCode).toBe(200);
    const reuse = await post('/v1/auth/password/reset/change', {
      email: 'reset@example.com',
      token: code,
      new_password: 'yet-another-password',
    });
    expect(reuse.statusCode).toBe(400);
  });

  it.each([
    ['a missing first name', { first_name: '' }, 'please enter your first name'],
    ['a missing last name', { last_name: undefined }, 'please enter your last name'],
    ['a 9-digit phone', { phone: '803123456' }, 'invalid phone number'],
    ['a phone with letters', { phone: '80312345ab' }, 'invalid phone number'],
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['a 129-character password', { password: 'x'.repeat(129) }, 'at most 128'],
    ['a bad email', { email: 'not-an-email' }, 'valid email'],
    ['an unknown referral code', { referred_by: 'NOSUCH' }, 'referral code does not exist'],
    ['an unknown field', { role: 'admin' }, 'role'],
    ['a number for the phone', { phone: 8031234567 }, 'phone'],
    [
      'a 61-character first name',
      { first_name: 'A'.repeat(61) },
      'First name must be at most 60 characters',
    ],
    [
      'a 300-character email',
      { email: `${'a'.repeat(290)}@example.com` },
      'Email address must be at most 254 characters',
    ],
  ])('when registration has %s, then 400 with an actionable message', async (_, change, text) => {
    const response = await post('/v1/auth/register', {
      ...validRegistration('bad-input@example.com'),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(text);
  });

  it('when a password reset is asked for an unknown email, then the answer is the same', async () => {
    const known = await post('/v1/auth/password/reset', { email: 'ada@example.com' });
    const unknown = await post('/v1/auth/password/reset', { email: 'stranger@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  });

  it('when a code has the wrong shape, then 400 before any lookup', async () => {
    const response = await post('/v1/auth/confirm-account', {
      email: 'ada@example.com',
      token: '12ab',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('when a referral code exists, then registration records the referrer', async () => {
    const token = await signUp(context.app, 'referrer@example.com');
    const account = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts',
      headers: { authorization: `Bearer ${token}` },
    });
    const referralCode = account.json<{ data: { referral_code: string } }>().data.referral_code;
    const referred = await post('/v1/auth/register', {
      ...validRegistration('referred@example.com'),
      referred_by: referralCode,
    });
    expect(referred.statusCode).toBe(201);
  });

  it('when /v1/accounts is asked without a session, then 401', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/v1/accounts' });
    expect(response.statusCode).toBe(401);
    const bogus = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts',
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(bogus.statusCode).toBe(401);
  });
});

describe('the sandbox mailbox in production', () => {
  it('when the app runs in production, then /v1/sandbox/mailbox answers 404', async () => {
    // Production names its real providers and a secret of its own (never one in the repository).
    const context = await createTestApp({
      env: {
        NODE_ENV: 'production',
        APP_SECRET: randomBytes(32).toString('base64'),
        PAYMENTS_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: 'sk_test_unused',
        IDENTITY_PROVIDER: 'dojah',
        DOJAH_APP_ID: 'unused',
        DOJAH_SECRET_KEY: 'unused',
        BILLS_PROVIDER: 'vtpass',
        VTPASS_API_KEY: 'unused',
        VTPASS_SECRET_KEY: 'unused',
        VTPASS_PUBLIC_KEY: 'unused',
        CARDS_PROVIDER: 'sudo',
        SUDO_API_KEY: 'unused',
        SUDO_DEBIT_ACCOUNT_ID: 'unused',
        SUDO_FUNDING_SOURCE_ID: 'unused',
        SUDO_WEBHOOK_TOKEN: 'unused-webhook-token',
        SMTP_URL: 'smtp://127.0.0.1:1',
      },
    });
    try {
      const response = await context.app.inject({
        method: 'GET',
        url: '/v1/sandbox/mailbox?email=a@example.com',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await context.close();
    }
  });
});

describe(`signed-in password change and sign-out everywhere (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const post = (url: string, token: string, payload: unknown = {}) =>
    context.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${token}` },
    });
  const accountStatus = async (token: string) =>
    (
      await context.app.inject({
        method: 'GET',
        url: '/v1/accounts',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  it('when the password changes, then other sessions end and this one stays', async () => {
    const here = await signUp(context.app, 'change@example.com');
    const login = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'change@example.com', password: 'correct-horse-battery' },
    });
    const elsewhere = login.json<{ data: { token: string } }>().data.token;
    const wrong = await post('/v1/auth/password/change', here, {
      current_password: 'not-my-password',
      new_password: 'fresh-password-2026',
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await post('/v1/auth/password/change', here, {
      current_password: 'correct-horse-battery',
      new_password: 'fresh-password-2026',
    });
    expect(changed.json()).toMatchObject({ message: 'operation was successful' });
    expect(await accountStatus(here)).toBe(200);
    expect(await accountStatus(elsewhere)).toBe(401);
  });

  it('when a user signs out everywhere, then every session ends', async () => {
    const first = await signUp(context.app, 'everywhere@example.com');
    const login = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'everywhere@example.com', password: 'correct-horse-battery' },
    });
    const second = login.json<{ data: { token: string } }>().data.token;
    expect((await post('/v1/auth/logout-all', first)).statusCode).toBe(200);
    expect(await accountStatus(first)).toBe(401);
    expect(await accountStatus(second)).toBe(401);
  });
});
