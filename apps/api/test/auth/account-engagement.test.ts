import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/db/seed.ts';
import { rows } from '../../src/platform/db.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { signUp, validRegistration } from '../support/people.ts';
import { bearer } from '../support/calls.ts';

describe(`profile, referrals, notifications, adverts and page views (${databaseKind})`, () => {
  let context: TestContext;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    context = await createTestApp();
    await seed(context.database, { demo: false, clock: context.clock });
    token = await signUp(context.app, 'profile@example.com');
    otherToken = await signUp(context.app, 'other@example.com');
  });
  afterAll(() => context.close());

  it('when allowed fields are patched, then the profile changes', async () => {
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/v1/accounts',
      headers: bearer(token),
      payload: { first_name: 'Amaka', phone: '9012345678' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'operation was successful',
      data: { first_name: 'Amaka', last_name: 'Eze', phone: '9012345678' },
    });
  });

  it.each([
    ['the email', { email: 'new@example.com' }],
    ['the status', { status: 'ACTIVE' }],
    ['the tier', { tier: 3 }],
    ['nothing', {}],
    ['a bad phone', { phone: '123' }],
    ['an empty first name', { first_name: '  ' }],
  ])('when a patch changes %s, then 400 and nothing changes', async (_, payload) => {
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/v1/accounts',
      headers: bearer(otherToken),
      payload,
    });
    expect(response.statusCode).toBe(400);
    const account = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts',
      headers: bearer(otherToken),
    });
    expect(account.json()).toMatchObject({
      data: { email: 'other@example.com', status: 'PENDING', tier: 0, first_name: 'Chiamaka' },
    });
  });

  it('when someone registers with my code, then they appear in my referrals by first name', async () => {
    const me = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts',
      headers: bearer(token),
    });
    const code = me.json<{ data: { referral_code: string } }>().data.referral_code;
    await context.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: {
        ...validRegistration('friend@example.com'),
        first_name: 'Tunde',
        referred_by: code,
      },
    });
    const referrals = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts/referrals',
      headers: bearer(token),
    });
    expect(referrals.json()).toMatchObject({
      data: { items: [{ first_name: 'Tunde' }], total: 1 },
    });
    expect(referrals.body).not.toContain('friend@example.com');
  });

  it('when a user signs up, then a welcome notification waits and can be marked read', async () => {
    const listed = await context.app.inject({
      method: 'GET',
      url: '/v1/notifications',
      headers: bearer(token),
    });
    const data = listed.json<{
      data: { items: { id: string; title: string; read: boolean }[]; unread: number };
    }>().data;
    expect(data.unread).toBe(1);
    expect(data.items[0]).toMatchObject({ title: 'Welcome to Ajo', read: false });
    const id = data.items[0]?.id ?? '';

    const byOther = await context.app.inject({
      method: 'POST',
      url: `/v1/notifications/${id}/read`,
      headers: bearer(otherToken),
    });
    expect(byOther.statusCode).toBe(404);

    const read = await context.app.inject({
      method: 'POST',
      url: `/v1/notifications/${id}/read`,
      headers: bearer(token),
    });
    expect(read.json()).toMatchObject({ message: 'operation was successful' });
    const after = await context.app.inject({
      method: 'GET',
      url: '/v1/notifications',
      headers: bearer(token),
    });
    expect(after.json()).toMatchObject({ data: { unread: 0 } });
  });

  it('when all notifications are marked read, then none stay unread', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/notifications/read-all',
      headers: bearer(otherToken),
    });
    expect(response.statusCode).toBe(200);
    const after = await context.app.inject({
      method: 'GET',
      url: '/v1/notifications',
      headers: bearer(otherToken),
    });
    expect(after.json()).toMatchObject({ data: { unread: 0 } });
  });

  it('when a notification id is malformed or unknown, then 400 or 404', async () => {
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/v1/notifications/not-a-uuid/read',
      headers: bearer(token),
    });
    expect(malformed.statusCode).toBe(400);
    const unknown = await context.app.inject({
      method: 'POST',
      url: '/v1/notifications/00000000-0000-4000-8000-000000000000/read',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('when banner adverts are asked for, then the seeded ones come in order', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/v1/advert/banner' });
    const items = response.json<{ data: { items: { title: string; cta_path: string }[] } }>().data
      .items;
    expect(items.map((item) => item.title)).toEqual([
      'Fund your wallet in seconds',
      'Save towards what matters',
      'Bring your friends along',
    ]);
  });

  it('when a page view is sent, then it is stored with the signed-in user', async () => {
    const signedOut = await context.app.inject({
      method: 'POST',
      url: '/v1/analytics/page-views',
      payload: { path: '/login' },
    });
    expect(signedOut.statusCode).toBe(202);
    const signedIn = await context.app.inject({
      method: 'POST',
      url: '/v1/analytics/page-views',
      headers: bearer(token),
      payload: { path: '/wallet' },
    });
    expect(signedIn.statusCode).toBe(202);
    const stored = await rows<{ path: string; signed_in: boolean }>(
      context.database.db,
      sql`select path, user_id is not null as signed_in from page_views order by id`,
    );
    expect(stored).toEqual([
      { path: '/login', signed_in: false },
      { path: '/wallet', signed_in: true },
    ]);
    const bad = await context.app.inject({
      method: 'POST',
      url: '/v1/analytics/page-views',
      payload: { path: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
