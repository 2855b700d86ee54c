import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { signUp } from '../support/people.ts';

/*
 * Idempotency keys belong to the signed-in user: the session guard runs first, and the claim's
 * scope is that user's (platform/idempotency.ts).
 */
describe(`idempotency keys and sessions (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
  });
  afterAll(() => context.close());

  const deposit = (token: string, key: string | undefined) =>
    context.app.inject({
      method: 'POST',
      url: '/v1/wallets/deposit',
      headers: {
        authorization: `Bearer ${token}`,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: { amount: '1000' },
    });

  const recordsWithKey = async (key: string) =>
    (
      await rows<{ scope: string }>(
        context.database.db,
        sql`select scope from idempotency_records where key = ${key}`,
      )
    ).map((record) => record.scope);

  const signedOutToken = async (email: string) => {
    const token = await signUp(context.app, email);
    const out = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode, out.body).toBe(200);
    return token;
  };

  it('when the session has ended, then 401 and the key is not claimed', async () => {
    const token = await signedOutToken('claim-ended@example.com');
    const key = 'ended-session-key-0001';
    for (const response of [await deposit(token, key), await deposit(token, undefined)]) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    }
    expect(await recordsWithKey(key)).toEqual([]);
  });

  it('when a live session sends no key, then 400 asks for one and nothing is claimed', async () => {
    const token = await signUp(context.app, 'claim-no-key@example.com');
    const response = await deposit(token, undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'idempotency_key_required' });
  });

  it('when two users send the same key, then each claims it for themselves and gets their own answer', async () => {
    const first = await signUp(context.app, 'claim-first@example.com');
    const second = await signUp(context.app, 'claim-second@example.com');
    const key = 'shared-key-between-users-01';
    const answers = [await deposit(first, key), await deposit(second, key)];
    // Neither has a verified BVN: each hears the same refusal, and neither is a replay.
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toMatchObject({ code: 'deposits_not_allowed' });
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
    }
    const scopes = await recordsWithKey(key);
    expect(scopes).toHaveLength(2);
    expect(scopes.every((scope) => scope.endsWith(' POST /v1/wallets/deposit'))).toBe(true);
    // The same user again with the same key: the stored answer is replayed.
    const again = await deposit(first, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(answers[0]?.body);
  });
});
