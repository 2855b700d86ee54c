import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

/** A field that is sometimes right and often anything at all. */
const fieldLike = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 1, arbitrary: valid },
    { weight: 3, arbitrary: fc.anything({ maxDepth: 2, stringUnit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 300, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

const email = fc.constantFrom('fuzz@example.com', 'nobody@example.com');
const code = fc.stringMatching(/^\d{6}$/);
const password = fc.string({ minLength: 8, maxLength: 20 });

const operations: { url: string; body: fc.Arbitrary<Record<string, unknown>> }[] = [
  {
    url: '/v1/auth/register',
    body: fc.record({
      email: fieldLike(email),
      password: fieldLike(password),
      first_name: fieldLike(fc.constant('Ngozi')),
      last_name: fieldLike(fc.constant('Obi')),
      phone: fieldLike(fc.stringMatching(/^\d{10}$/)),
      country_code: fieldLike(fc.constant('+234')),
      referred_by: fieldLike(fc.constant('NOPE1234')),
    }),
  },
  {
    url: '/v1/auth/confirm-account',
    body: fc.record({ email: fieldLike(email), token: fieldLike(code) }),
  },
  { url: '/v1/auth/resend-registration-otp', body: fc.record({ email: fieldLike(email) }) },
  {
    url: '/v1/auth/login',
    body: fc.record({ email: fieldLike(email), password: fieldLike(password) }),
  },
  { url: '/v1/auth/password/reset', body: fc.record({ email: fieldLike(email) }) },
  {
    url: '/v1/auth/password/reset/confirm',
    body: fc.record({ email: fieldLike(email), token: fieldLike(code) }),
  },
  {
    url: '/v1/auth/password/reset/change',
    body: fc.record({
      email: fieldLike(email),
      token: fieldLike(code),
      new_password: fieldLike(password),
    }),
  },
];

describe(`fuzzing the identity operations (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it.each(operations)(
    'when $url gets 1,000 mutated bodies, then no 5xx and every error is in the error shape',
    async ({ url, body }) => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const response = await context.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const error = response.json<Record<string, unknown>>();
            expect(Object.keys(error).sort()).toEqual(['code', 'errors', 'message']);
            expect(typeof error.message).toBe('string');
          }
        }),
        { numRuns: 1_000 },
      );
    },
    120_000,
  );

  it('when only refusals were answered, then no session was ever opened', async () => {
    const [sessions] = await rows<{ count: number }>(
      context.database.db,
      sql`select count(*)::int as count from sessions`,
    );
    expect(sessions?.count).toBe(0);
  });
});
