import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { bearer } from '../support/calls.ts';
import { mutated, tally } from '../support/fuzz.ts';
import { countRows } from '../support/money-helpers.ts';
import { signUp } from '../support/people.ts';

/*
 * QUALITY (Security): the statement operations fuzzed from their contracts, 1,000 requests
 * each: never a 5xx, every refusal in the error shape, and no statement recorded for a refusal.
 */

/** Query text: right, nearly right, or anything at all (every code point, lone surrogates too). */
const queryValue = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

const day = fc
  .date({
    min: new Date('2024-06-01T00:00:00Z'),
    max: new Date('2026-02-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((at) => at.toISOString().slice(0, 10));

const codeLike = fc.oneof(
  fc.stringMatching(
    /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
);

/** A string the URL can carry: lone surrogates cannot be percent-encoded, so they go as "?". */
const urlSafe = (text: string) => encodeURIComponent(text.replaceAll(/[\uD800-\uDFFF]/g, '?'));

describe(`statement operations fuzzed (${databaseKind})`, () => {
  let context: TestContext;
  let token: string;

  beforeAll(async () => {
    context = await createTestApp();
    token = await signUp(context.app, 'fuzz.statements@example.com');
  });
  afterAll(() => context.close());

  it('when GET /v1/statements gets any query, then it never answers 5xx and records a statement only for a file it sent', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          from: queryValue(day),
          to: queryValue(day),
          format: queryValue(fc.constantFrom('pdf', 'csv')),
        }),
        async (query) => {
          const search = Object.entries(query)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => `${name}=${urlSafe(value ?? '')}`)
            .join('&');
          const before = await countRows(context.database, 'statements');
          const response = await context.app.inject({
            method: 'GET',
            url: `/v1/statements?${search}`,
            headers: bearer(token),
          });
          tally(statuses, response.statusCode);
          expect(response.statusCode, response.body).toBeLessThan(500);
          const after = await countRows(context.database, 'statements');
          if (response.statusCode === 200) {
            expect(after).toBe(before + 1);
          } else {
            expect(response.statusCode, response.body).toBe(400);
            expectErrorShape(response);
            expect(after).toBe(before);
          }
        },
      ),
      { numRuns: 1_000 },
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  });

  it('when GET /v1/statements/verify/{code} gets any code, then an unknown or malformed code answers 404 or 400 in the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(codeLike, async (code) => {
        const response = await context.app.inject({
          method: 'GET',
          url: `/v1/statements/verify/${urlSafe(code)}`,
        });
        expect([400, 404]).toContain(response.statusCode);
        expectErrorShape(response);
      }),
      { numRuns: 1_000 },
    );
  });

  it('when POST /v1/statements/verify gets any body, then it never answers 5xx and stores nothing', async () => {
    const before = await countRows(context.database, 'statements');
    await fc.assert(
      fc.asyncProperty(
        mutated({
          code: codeLike,
          file: fc.base64String({ maxLength: 200 }),
          sha256: fc.stringMatching(/^[0-9a-f]{64}$/),
        }),
        async (body) => {
          const response = await context.app.inject({
            method: 'POST',
            url: '/v1/statements/verify',
            payload: body === undefined ? 'null' : JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode !== 200) expectErrorShape(response);
        },
      ),
      { numRuns: 1_000 },
    );
    expect(await countRows(context.database, 'statements')).toBe(before);
  });
});
