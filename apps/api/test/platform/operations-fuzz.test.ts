import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { signUp } from '../support/people.ts';

/*
 * QUALITY (Security): every operation fuzzed from its contract, at least 1,000 mutated bodies,
 * no 5xx. The operations here had no fuzz test of their own. Their strings come from all of
 * Unicode, control characters (NUL among them) and lone surrogates included, because the
 * ASCII-only strings of the other fuzz tests never found the NUL that PostgreSQL refuses.
 */

/** Any text at all: every code point, control characters and unpaired surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 80 });

/** A field that is sometimes right and often anything at all. */
const fieldLike = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 2, arbitrary: anyText },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

interface Operation {
  name: string;
  method: 'POST' | 'PATCH';
  url: fc.Arbitrary<string>;
  body: fc.Arbitrary<unknown>;
}

const operations: Operation[] = [
  {
    name: 'PATCH /v1/accounts',
    method: 'PATCH',
    url: fc.constant('/v1/accounts'),
    body: fc.record({
      first_name: fieldLike(fc.constantFrom('Chiamaka', 'Ngozi')),
      last_name: fieldLike(fc.constant('Eze')),
      phone: fieldLike(fc.stringMatching(/^\d{10}$/)),
    }),
  },
  {
    name: 'POST /v1/auth/password/change',
    method: 'POST',
    url: fc.constant('/v1/auth/password/change'),
    body: fc.record({
      current_password: fieldLike(fc.constant('correct-horse-battery')),
      new_password: fieldLike(fc.string({ minLength: 8, maxLength: 20 })),
    }),
  },
  {
    name: 'POST /v1/analytics/page-views',
    method: 'POST',
    url: fc.constant('/v1/analytics/page-views'),
    body: fc.record({ path: fieldLike(fc.constantFrom('/', '/wallet', '/settings/profile')) }),
  },
  {
    name: 'POST /v1/sandbox/bank-accounts',
    method: 'POST',
    url: fc.constant('/v1/sandbox/bank-accounts'),
    body: fc.record({
      account_name: fieldLike(fc.constant('Chiamaka Eze')),
      bank_code: fieldLike(fc.constantFrom('058', '044', '999')),
    }),
  },
  {
    name: 'POST /v1/sandbox/payouts/{reference}/settle',
    method: 'POST',
    url: fc
      .oneof(fc.constant('AJO-WDR-UNKNOWN'), anyText)
      .map((reference) => `/v1/sandbox/payouts/${encodeURIComponent(reference)}/settle`),
    body: fc.record({ outcome: fieldLike(fc.constantFrom('success', 'failed', 'reversed')) }),
  },
  {
    name: 'POST /v1/notifications/{id}/read',
    method: 'POST',
    url: fc
      .oneof(fc.uuid(), anyText)
      .map((id) => `/v1/notifications/${encodeURIComponent(id)}/read`),
    body: fc.oneof(fc.constant(undefined), fc.anything({ maxDepth: 1 })),
  },
];

describe(`fuzzing the remaining operations with any Unicode (${databaseKind})`, () => {
  let context: TestContext;
  let token: string;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    token = await signUp(context.app, 'operations-fuzz@example.com');
  });
  afterAll(() => context.close());

  it.each(operations)(
    'when $name gets 1,000 mutated requests, then no 5xx and every error is in the error shape',
    async ({ method, url, body }) => {
      await fc.assert(
        fc.asyncProperty(url, body, async (path, payload) => {
          const response = await context.app.inject({
            method,
            url: path,
            headers: {
              authorization: `Bearer ${token}`,
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) expectErrorShape(response);
        }),
        { numRuns: 1_000 },
      );
    },
    120_000,
  );
});
