import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { latestCode, signUp, validRegistration } from '../support/people.ts';

/** Who registers what: the owner controls the mailbox, the attacker only knows the address. */
const attacker = { password: 'attacker-password-1', first_name: 'Mallory', last_name: 'Adebayo' };
const owner = { password: 'owners-own-password', first_name: 'Ngozi', last_name: 'Okafor' };

describe(`account pre-hijacking and registration enumeration (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'POST', url, payload, headers });

  const register = (email: string, details: typeof owner, headers: Record<string, string> = {}) =>
    post('/v1/auth/register', { ...validRegistration(email), ...details }, headers);

  /** The `name=value` of a cookie an answer set, for sending it back as a browser would. */
  const cookieFrom = (answer: { cookies: { name: string; value: string }[] }, name: string) => {
    const cookie = answer.cookies.find((candidate) => candidate.name === name);
    if (!cookie) throw new Error(`no ${name} cookie was set`);
    return `${cookie.name}=${cookie.value}`;
  };

  const login = (email: string, password: string) => post('/v1/auth/login', { email, password });

  it('when an attacker registered the address first and the owner registers and confirms, then only the owner’s password and names hold', async () => {
    const email = 'prehijack@example.com';
    expect((await register(email, attacker)).statusCode).toBe(201);
    const attackersCode = await latestCode(context.app, email);
    const registered = await register(email, owner);
    expect(registered.statusCode).toBe(201);
    const ownersCode = await latestCode(context.app, email);

    const stale = await post('/v1/auth/confirm-account', { email, token: attackersCode });
    if (attackersCode !== ownersCode) expect(stale.statusCode).toBe(400);
    const confirmed = await post(
      '/v1/auth/confirm-account',
      { email, token: ownersCode },
      { cookie: cookieFrom(registered, 'ajo_signup') },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ data: { first_name: 'Ngozi', last_name: 'Okafor' } });

    expect((await login(email, attacker.password)).statusCode).toBe(401);
    expect((await login(email, owner.password)).statusCode).toBe(200);
  });

  it('when an address is confirmed, then every other session of the account ends', async () => {
    const email = 'sessions@example.com';
    await register(email, owner);
    const [user] = await rows<{ id: string }>(
      context.database.db,
      sql`select id from users where email = ${email}`,
    );
    // A session left from before confirmation (none can be opened today; the rule must hold anyway).
    await context.database.db.execute(
      sql`insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at)
          values (${user!.id}, 'left-over', now(), now(), now() + interval '1 hour')`,
    );
    await post('/v1/auth/confirm-account', { email, token: await latestCode(context.app, email) });
    const live = await rows<{ token_hash: string }>(
      context.database.db,
      sql`select token_hash from sessions where user_id = ${user!.id} and revoked_at is null`,
    );
    expect(live.map((session) => session.token_hash)).not.toContain('left-over');
    expect(live).toHaveLength(1);
  });

  it('when someone registers the address again after the owner, then the owner’s browser cannot confirm the newer registration’s code', async () => {
    const email = 'race@example.com';
    const ownersRegistration = await register(email, owner);
    await register(email, attacker);
    const newestCode = await latestCode(context.app, email);
    const refused = await post(
      '/v1/auth/confirm-account',
      { email, token: newestCode },
      { cookie: cookieFrom(ownersRegistration, 'ajo_signup') },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'registration_replaced',
      message: expect.stringContaining('Register again') as unknown,
    });

    const again = await register(email, owner);
    const confirmed = await post(
      '/v1/auth/confirm-account',
      { email, token: await latestCode(context.app, email) },
      { cookie: cookieFrom(again, 'ajo_signup') },
    );
    expect(confirmed.statusCode).toBe(200);
    expect((await login(email, owner.password)).statusCode).toBe(200);
    expect((await login(email, attacker.password)).statusCode).toBe(401);
  });

  it('when a confirmed address is registered again and again, then it hits the code limit on the same attempt as a new address', async () => {
    await signUp(context.app, 'taken@example.com');
    const statuses = async (email: string) => {
      const seen: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        seen.push((await register(email, owner)).statusCode);
      }
      return seen;
    };
    // The taken address already used one code to sign up; a new one starts from none.
    const taken = await statuses('taken@example.com');
    const fresh = await statuses('fresh-address@example.com');
    expect(taken).toEqual([201, 201, 201, 201, 429, 429]);
    expect(fresh).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('when a confirmed address is registered again, then the answer is the same as for a new one and its owner is told instead', async () => {
    await signUp(context.app, 'owner-told@example.com');
    const takenAnswer = await register('owner-told@example.com', attacker);
    const newAnswer = await register('brand-new@example.com', attacker);
    expect(takenAnswer.statusCode).toBe(newAnswer.statusCode);
    expect(takenAnswer.json()).toEqual({
      ...newAnswer.json<Record<string, unknown>>(),
      data: { email: 'owner-told@example.com' },
    });
    expect(takenAnswer.cookies.map((cookie) => cookie.name)).toEqual(
      newAnswer.cookies.map((cookie) => cookie.name),
    );

    await context.app.background.idle();
    const mailbox = await context.app.inject({
      method: 'GET',
      url: '/v1/sandbox/mailbox?email=owner-told@example.com',
    });
    const newest = mailbox.json<{ data: { items: { subject: string; text: string }[] } }>().data
      .items[0];
    expect(newest?.subject).toBe('You already have an Ajo account');
    expect(newest?.text).toMatch(/reset/i);
    expect(newest?.text).not.toMatch(/\b\d{6}\b/);
    expect((await login('owner-told@example.com', attacker.password)).statusCode).toBe(401);
  });
});
