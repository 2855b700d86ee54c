import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/calls.ts';
import { uniqueEmail, validRegistration, signUp } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const macSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

interface SessionView {
  id: string;
  device: string;
  ip: string;
  current: boolean;
  created_at: string;
  last_seen_at: string;
}

describe(`devices, sessions and sign-in history (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const signIn = async (email: string, userAgent: string, password = 'correct-horse-battery') => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'user-agent': userAgent },
      remoteAddress: '102.89.34.7',
      payload: { email, password },
    });
    return response;
  };
  const tokenOf = (response: { body: string }) =>
    (JSON.parse(response.body) as { data: { token: string } }).data.token;

  const sessionsOf = async (token: string) => {
    const response = await context.app.inject({ url: '/v1/sessions', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { items: SessionView[] } }>().data.items;
  };

  it('when a person signs in on two devices, then each session is listed with its device, a masked IP and which one is this', async () => {
    const email = uniqueEmail('sessions');
    await signUp(context.app, email);
    const phone = tokenOf(await signIn(email, androidChrome));
    const laptop = tokenOf(await signIn(email, macSafari));
    const seenFromPhone = await sessionsOf(phone);
    expect(seenFromPhone).toHaveLength(3);
    const current = seenFromPhone.find((session) => session.current);
    expect(current).toMatchObject({ device: 'Chrome on Android', ip: '102.89.34.x' });
    expect(seenFromPhone.filter((session) => session.current)).toHaveLength(1);
    const fromLaptop = await sessionsOf(laptop);
    expect(fromLaptop.find((session) => session.current)?.device).toBe('Safari on macOS');
    expect(JSON.stringify(seenFromPhone)).not.toContain('102.89.34.7');
  });

  it('when one session is revoked, then its token is refused and the others still work; revoking the current one signs out', async () => {
    const email = uniqueEmail('revoke');
    await signUp(context.app, email);
    const phone = tokenOf(await signIn(email, androidChrome));
    const laptop = tokenOf(await signIn(email, macSafari));
    const laptopSession = (await sessionsOf(laptop)).find((session) => session.current);
    const revoked = await context.app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${laptopSession?.id ?? ''}`,
      headers: bearer(phone),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ data: { current: false } });
    const refused = await context.app.inject({ url: '/v1/sessions', headers: bearer(laptop) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthenticated' });
    expect(await sessionsOf(phone)).not.toContainEqual(
      expect.objectContaining({ id: laptopSession?.id }),
    );
    const again = await context.app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${laptopSession?.id ?? ''}`,
      headers: bearer(phone),
    });
    expect(again.statusCode).toBe(404);

    const own = (await sessionsOf(phone)).find((session) => session.current);
    const signedOut = await context.app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${own?.id ?? ''}`,
      headers: bearer(phone),
    });
    expect(signedOut.json()).toMatchObject({ data: { current: true } });
    expect(signedOut.headers['set-cookie']).toContain('ajo_session=;');
    expect(
      (await context.app.inject({ url: '/v1/sessions', headers: bearer(phone) })).statusCode,
    ).toBe(401);
  });

  it("when someone names another user's session, then it answers 404 and that session lives on", async () => {
    const victim = uniqueEmail('victim');
    const victimToken = await signUp(context.app, victim);
    const victimSession = (await sessionsOf(victimToken))[0];
    const attacker = await signUp(context.app, uniqueEmail('attacker'));
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${victimSession?.id ?? ''}`,
      headers: bearer(attacker),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'session_not_found',
      message: 'This session does not exist or has already ended',
    });
    expect(await sessionsOf(victimToken)).toHaveLength(1);
  });

  it('when the id is not a uuid, or the call has no session, then a 4xx in the error shape', async () => {
    const token = await signUp(context.app, uniqueEmail('shape'));
    const bad = await context.app.inject({
      method: 'DELETE',
      url: '/v1/sessions/not-an-id',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'This session does not exist' });
    const anonymous = await context.app.inject({ method: 'DELETE', url: '/v1/sessions' });
    expect(anonymous.statusCode).toBe(401);
    const badPage = await context.app.inject({
      url: '/v1/sign-ins?page=-1',
      headers: bearer(token),
    });
    expect(badPage.statusCode).toBe(400);
  });

  it('when signing out everywhere else, then only this session remains', async () => {
    const email = uniqueEmail('everywhere');
    await signUp(context.app, email);
    const phone = tokenOf(await signIn(email, androidChrome));
    const laptop = tokenOf(await signIn(email, macSafari));
    const response = await context.app.inject({
      method: 'DELETE',
      url: '/v1/sessions',
      headers: bearer(phone),
    });
    expect(response.json()).toMatchObject({ data: { revoked: 2 } });
    expect(await sessionsOf(phone)).toHaveLength(1);
    expect(
      (await context.app.inject({ url: '/v1/sessions', headers: bearer(laptop) })).statusCode,
    ).toBe(401);
  });

  it('when a password is wrong and then right, then the history lists both, newest first, and names no other account', async () => {
    const email = uniqueEmail('history');
    await signUp(context.app, email);
    const other = uniqueEmail('other');
    await context.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: validRegistration(other),
    });
    context.clock.advance(1000);
    expect((await signIn(email, macSafari, 'wrong-password-here')).statusCode).toBe(401);
    context.clock.advance(1000);
    const token = tokenOf(await signIn(email, androidChrome));
    const response = await context.app.inject({
      url: '/v1/sign-ins?page=0&size=10',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{
      data: { items: { outcome: string; device: string; ip: string }[]; total: number };
    }>().data;
    // Confirming the email signed in once too.
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.outcome)).toEqual(['success', 'failure', 'success']);
    expect(page.items[0]).toMatchObject({ device: 'Chrome on Android', ip: '102.89.34.x' });
    expect(page.items[1]).toMatchObject({ device: 'Safari on macOS' });
  });
});
