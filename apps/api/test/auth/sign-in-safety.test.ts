import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import type { EmailMessage, EmailSender } from '../../src/providers/email/email.port.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { latestCode, signUp, validRegistration } from '../support/people.ts';

/**
 * An email provider under the test's control: it can hang (a slow SMTP relay) or fail (an
 * outage), and keeps what it delivered.
 */
function controllableEmail() {
  const delivered: EmailMessage[] = [];
  let failuresLeft = 0;
  let hold: Promise<void> | undefined;
  let release: () => void = () => undefined;
  const sender: EmailSender = {
    send: async (message) => {
      if (hold) await hold;
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('SMTP relay unreachable');
      }
      delivered.push(message);
    },
  };
  return {
    sender,
    delivered,
    failNext(times: number) {
      failuresLeft = times;
    },
    hang() {
      hold = new Promise<void>((resolve) => {
        release = () => {
          hold = undefined;
          resolve();
        };
      });
    },
    release: () => {
      release();
    },
  };
}

describe(`email goes out through the job queue (${databaseKind})`, () => {
  const email = controllableEmail();
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ email: email.sender });
  });
  afterAll(() => context.close());

  const post = (url: string, payload: object) =>
    context.app.inject({ method: 'POST', url, payload });

  /** Signs up with the code this test's email provider delivered; answers the bearer token. */
  const signUpHere = async (address: string) => {
    await post('/v1/auth/register', validRegistration(address));
    await context.app.background.idle();
    const text = email.delivered.filter((message) => message.to === address).at(-1)?.text;
    const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
    const confirmed = await post('/v1/auth/confirm-account', { email: address, token: code });
    return confirmed.json<{ data: { token: string } }>().data.token;
  };

  it('when the email provider hangs, then registration, resend and reset still answer at once, for known and unknown addresses alike', async () => {
    const known = 'hang-known@example.com';
    await post('/v1/auth/register', validRegistration(known));
    await context.app.background.idle();
    email.hang();
    const answers = await Promise.all([
      post('/v1/auth/register', validRegistration(known)),
      post('/v1/auth/register', validRegistration('hang-new@example.com')),
      post('/v1/auth/resend-registration-otp', { email: known }),
      post('/v1/auth/password/reset', { email: 'hang-unknown@example.com' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 200, 200]);
    const before = email.delivered.length;
    email.release();
    await context.app.background.idle();
    // Two registrations and one resend each queued a code.
    expect(email.delivered.length - before).toBe(3);
  });

  it('when the email provider is down, then the message waits in the queue and goes out once it is back', async () => {
    email.failNext(2);
    const address = 'outage@example.com';
    expect((await post('/v1/auth/register', validRegistration(address))).statusCode).toBe(201);
    await context.app.background.idle();
    expect(email.delivered.some((message) => message.to === address)).toBe(false);
    context.clock.advance(5_000);
    await context.app.jobs.tick();
    context.clock.advance(10_000);
    await context.app.jobs.tick();
    const sent = email.delivered.filter((message) => message.to === address);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^\d{6} is your Ajo confirmation code$/);
  });

  it('when a queued email has gone out, then no copy of it (and of its code) is left in the database', async () => {
    const address = 'forgotten@example.com';
    await post('/v1/auth/register', validRegistration(address));
    await context.app.background.idle();
    const code = /\b(\d{6})\b/.exec(
      email.delivered.filter((message) => message.to === address).at(-1)?.text ?? '',
    )?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const payloads = await rows<{ payload: unknown }>(
      context.database.db,
      sql`select payload from jobs where name = 'email-delivery'`,
    );
    expect(payloads.length).toBeGreaterThan(0);
    for (const { payload } of payloads) {
      expect(JSON.stringify(payload)).not.toContain(address);
      expect(JSON.stringify(payload)).not.toContain(code!);
    }
  });

  it('when the password is reset or changed, then the owner is emailed about it', async () => {
    const address = 'changed@example.com';
    const token = await signUpHere(address);
    await context.app.inject({
      method: 'POST',
      url: '/v1/auth/password/change',
      headers: { authorization: `Bearer ${token}` },
      payload: { current_password: 'correct-horse-battery', new_password: 'a-brand-new-password' },
    });
    await context.app.background.idle();
    expect(email.delivered.filter((message) => message.to === address).at(-1)?.subject).toBe(
      'Your Ajo password was changed',
    );
  });

  it('when the new password is the current one, then the change is refused with a reason', async () => {
    const token = await signUpHere('same-password@example.com');
    const answer = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/password/change',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        current_password: 'correct-horse-battery',
        new_password: 'correct-horse-battery',
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'password_unchanged',
      errors: [{ path: 'new_password' }],
    });
  });
});

describe(`the per-account sign-in throttle (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const login = (email: string, password: string, cookie?: string) =>
    context.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, password },
      headers: cookie ? { cookie } : {},
    });

  const wrongTimes = async (email: string, times: number, cookie?: string) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < times; attempt += 1) {
      statuses.push((await login(email, 'wrong-password-guess', cookie)).statusCode);
    }
    return statuses;
  };

  /** Resets the password with the emailed code, as the owner does. */
  const resetPassword = async (email: string, newPassword: string) => {
    await context.app.inject({
      method: 'POST',
      url: '/v1/auth/password/reset',
      payload: { email },
    });
    const code = await latestCode(context.app, email);
    return context.app.inject({
      method: 'POST',
      url: '/v1/auth/password/reset/change',
      payload: { email, token: code, new_password: newPassword },
    });
  };

  it('when an account gets five wrong passwords, then even the right one waits a minute, and the owner is told once', async () => {
    const email = 'guessed@example.com';
    await signUp(context.app, email);
    expect(await wrongTimes(email, 5)).toEqual([401, 401, 401, 401, 401]);
    const blocked = await login(email, 'correct-horse-battery');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'sign_in_throttled',
      message: expect.stringContaining('1 minute') as unknown,
      errors: [],
    });
    await context.app.background.idle();
    const mailbox = await context.app.inject({
      method: 'GET',
      url: `/v1/sandbox/mailbox?email=${email}`,
    });
    const subjects = mailbox
      .json<{ data: { items: { subject: string }[] } }>()
      .data.items.map((item) => item.subject);
    expect(subjects.filter((subject) => subject.startsWith('Failed sign-in'))).toHaveLength(1);

    context.clock.advance(61_000);
    expect((await login(email, 'correct-horse-battery')).statusCode).toBe(200);
    // A success clears the count: five more misses are needed to block again.
    expect(await wrongTimes(email, 4)).toEqual([401, 401, 401, 401]);
    expect((await login(email, 'correct-horse-battery')).statusCode).toBe(200);
  });

  it('when an address with no account gets the same guesses, then it is throttled the same way', async () => {
    expect(await wrongTimes('no-account@example.com', 5)).toEqual([401, 401, 401, 401, 401]);
    expect((await login('no-account@example.com', 'anything-at-all')).statusCode).toBe(429);
  });

  it('when the block is over and the guessing goes on, then each further block is longer, up to 15 minutes', async () => {
    const email = 'persistent@example.com';
    await signUp(context.app, email);
    await wrongTimes(email, 5);
    const waits: string[] = [];
    for (const minutes of [1, 2, 4, 8, 15, 15]) {
      context.clock.advance(minutes * 60_000 + 1_000);
      expect((await login(email, 'wrong-password-guess')).statusCode).toBe(401);
      waits.push((await login(email, 'correct-horse-battery')).json<{ message: string }>().message);
    }
    expect(waits.map((message) => /in (\d+) minute/.exec(message)?.[1])).toEqual([
      '2',
      '4',
      '8',
      '15',
      '15',
      '15',
    ]);
  });

  it('when the owner signs in from a device that signed in before, then an attacker’s guesses do not lock them out', async () => {
    const email = 'known-device@example.com';
    await signUp(context.app, email);
    const first = await login(email, 'correct-horse-battery');
    const device = first.cookies.find((cookie) => cookie.name === 'ajo_device');
    expect(device?.httpOnly).toBe(true);
    await wrongTimes(email, 8);
    expect((await login(email, 'correct-horse-battery')).statusCode).toBe(429);
    const fromKnownDevice = await login(
      email,
      'correct-horse-battery',
      `ajo_device=${device!.value}`,
    );
    expect(fromKnownDevice.statusCode).toBe(200);
    // The device cookie is tied to its address: it does not unlock another one.
    await signUp(context.app, 'other-account@example.com');
    await wrongTimes('other-account@example.com', 5);
    expect(
      (
        await login(
          'other-account@example.com',
          'correct-horse-battery',
          `ajo_device=${device!.value}`,
        )
      ).statusCode,
    ).toBe(429);
  });

  it('when the password has been reset since a device signed in, then that device is throttled like any other', async () => {
    const email = 'reset-untrusts@example.com';
    await signUp(context.app, email);
    const first = await login(email, 'correct-horse-battery');
    const device = first.cookies.find((cookie) => cookie.name === 'ajo_device');
    expect((await resetPassword(email, 'after-the-reset-2')).statusCode).toBe(200);
    // Someone who kept the cookie from before the reset guesses the new password.
    const cookie = `ajo_device=${device?.value ?? ''}`;
    expect(await wrongTimes(email, 5, cookie)).toEqual([401, 401, 401, 401, 401]);
    expect((await login(email, 'after-the-reset-2', cookie)).statusCode).toBe(429);
  });

  it('when a session guesses the current password, then it is throttled as sign-in is, and sign-in guesses do not lock the owner out of it', async () => {
    const email = 'session-guesses@example.com';
    const token = await signUp(context.app, email);
    const change = (currentPassword: string) =>
      context.app.inject({
        method: 'POST',
        url: '/v1/auth/password/change',
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: currentPassword, new_password: 'a-brand-new-password' },
      });
    // Someone without the session blocks the sign-in page: the owner's settings still work.
    await wrongTimes(email, 5);
    expect((await change('wrong-password-guess')).statusCode).toBe(400);
    for (let attempt = 0; attempt < 4; attempt += 1) await change('wrong-password-guess');
    const blocked = await change('correct-horse-battery');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'sign_in_throttled' });
    context.clock.advance(61_000);
    expect((await change('correct-horse-battery')).statusCode).toBe(200);
  });

  it('when twenty guesses arrive at once, then no more than five are checked before the block', async () => {
    const email = 'guessed-at-once@example.com';
    await signUp(context.app, email);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => login(email, 'wrong-password-guess')),
    ).then((answers) => answers.map((answer) => answer.statusCode));
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect((await login(email, 'correct-horse-battery')).statusCode).toBe(429);
  });

  it('when the password is reset with an emailed code, then the block is lifted', async () => {
    const email = 'reset-unblocks@example.com';
    await signUp(context.app, email);
    await wrongTimes(email, 5);
    expect((await resetPassword(email, 'after-the-reset-1')).statusCode).toBe(200);
    expect((await login(email, 'after-the-reset-1')).statusCode).toBe(200);
  });
});
