import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { amountLike, mutated, tally } from '../support/fuzz.ts';
import { makeOperator, type TestOperator } from '../support/operators.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

/*
 * QUALITY (Security) for the operator console: every POST fuzzed from its contract, 1,000 mutated
 * bodies each, answers a 4xx in the error shape and changes nothing. The ids in the paths name
 * nothing and every start date is in the past, so even a body that is right is refused (404 or
 * 422) and nothing may be written: no correction, decision, product, change or audit entry.
 */

const runs = 1_000;
const reason = fc.constantFrom('Checked against the bank statement', 'ok', '', ' '.repeat(6));
const anyId = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constant('..'));
const past = fc.constantFrom('2020-01-01T09:00:00+01:00', '2001-02-03T00:00:00Z');

interface Operation {
  name: string;
  url: fc.Arbitrary<string>;
  body: fc.Arbitrary<unknown>;
}

const operations: Operation[] = [
  {
    name: 'POST /v1/ops/corrections',
    url: fc.constant('/v1/ops/corrections'),
    body: mutated({
      user_id: fc.uuid(),
      currency: fc.constantFrom('NGN', 'USD', 'EUR'),
      direction: fc.constantFrom('credit', 'debit', 'both'),
      amount: amountLike(['2500.50', '0', '-1', '1e9']),
      reason,
      related_reference: fc.string({ maxLength: 120 }),
    }),
  },
  ...(['approve', 'reject'] as const).map((verb) => ({
    name: `POST /v1/ops/corrections/{id}/${verb}`,
    url: anyId.map((id) => `/v1/ops/corrections/${encodeURIComponent(id)}/${verb}`),
    body: mutated({ reason }),
  })),
  ...(['approve', 'reject'] as const).map((verb) => ({
    name: `POST /v1/ops/kyc/{id}/${verb}`,
    url: anyId.map((id) => `/v1/ops/kyc/${encodeURIComponent(id)}/${verb}`),
    body: mutated({ reason }),
  })),
  {
    name: 'POST /v1/ops/flagged/{transactionId}/resolve',
    url: anyId.map((id) => `/v1/ops/flagged/${encodeURIComponent(id)}/resolve`),
    body: mutated({ outcome: fc.constantFrom('credit', 'dismiss', 'refund'), reason }),
  },
  {
    name: 'POST /v1/ops/stuck/{reference}/requery',
    url: anyId.map((id) => `/v1/ops/stuck/${encodeURIComponent(id)}/requery`),
    body: mutated({}),
  },
  {
    name: 'POST /v1/ops/stuck/{reference}/note',
    url: anyId.map((id) => `/v1/ops/stuck/${encodeURIComponent(id)}/note`),
    body: mutated({ reason }),
  },
  {
    name: 'POST /v1/ops/product-changes',
    url: fc.constant('/v1/ops/product-changes'),
    body: mutated({
      kind: fc.constantFrom('savings_product', 'fee', 'advert', 'real_estate_listing', 'card'),
      target_id: fc.oneof(fc.uuid(), fc.constantFrom('withdraw', 'NGN')),
      changes: fc.oneof(
        fc.record({ flat: amountLike(['0.00', '50']) }),
        fc.record({ rate: fc.oneof(fc.double(), fc.integer()) }),
        fc.record({ title: fc.string({ maxLength: 100 }), active: fc.anything() }),
        fc.dictionary(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 1 })),
      ),
      effective_from: fc.oneof(past, fc.string({ maxLength: 30 })),
    }),
  },
  {
    name: 'POST /v1/ops/products',
    url: fc.constant('/v1/ops/products'),
    body: mutated({
      kind: fc.constantFrom('real_estate_listing', 'advert', 'commodity'),
      values: fc.oneof(
        mutated({
          name: fc.string({ maxLength: 90 }),
          location: fc.constant('Ikoyi, Lagos'),
          description: fc.string({ maxLength: 600 }),
          price_per_unit: amountLike(['25000', '0']),
          rental_yield: fc.oneof(fc.double(), fc.integer({ min: -5, max: 120 })),
          units_total: fc.oneof(fc.integer(), fc.double()),
          scene: fc.constantFrom('tower', 'villa', 'castle'),
        }),
        mutated({
          title: fc.string({ maxLength: 90 }),
          body: fc.string({ maxLength: 220 }),
          cta_label: fc.string({ maxLength: 40 }),
          cta_path: fc.constantFrom('/wallet', 'https://example.com', '/x y'),
        }),
      ),
      effective_from: fc.oneof(past, fc.string({ maxLength: 30 })),
    }),
  },
  {
    name: 'POST /v1/ops/product-changes/{id}/cancel',
    url: anyId.map((id) => `/v1/ops/product-changes/${encodeURIComponent(id)}/cancel`),
    body: mutated({ reason }),
  },
];

describe(`the operator console refuses bad input in the error shape (${databaseKind})`, () => {
  let context: TestContext;
  let operator: TestOperator;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    operator = await makeOperator(context, 'fuzz');
  });
  afterAll(() => context.close());

  /** Rows of what the console writes: none may appear on a refusal. */
  const fingerprint = async () =>
    rows<Record<string, number>>(
      context.database.db,
      sql`select (select count(*) from money_corrections)::int as corrections,
                 (select count(*) from review_decisions)::int as decisions,
                 (select count(*) from product_changes)::int as changes,
                 (select count(*) from adverts)::int as adverts,
                 (select count(*) from real_estate_properties)::int as listings,
                 (select count(*) from operator_audit_log)::int as audit,
                 (select count(*) from postings)::int as postings`,
    );

  for (const operation of operations) {
    it(`when ${operation.name} gets ${String(runs)} mutated bodies, then every answer is a 4xx in the error shape and nothing is written`, async () => {
      const before = await fingerprint();
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(operation.url, operation.body, async (url, body) => {
          const response = await context.app.inject({
            method: 'POST',
            url,
            headers: { ...bearer(operator.token), 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
          });
          tally(statuses, response.statusCode);
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, response.body).toBeLessThan(500);
          expectErrorShape(response);
        }),
        { numRuns: runs },
      );
      expect(await fingerprint()).toEqual(before);
      expect(statuses.get(400)).toBeGreaterThan(0);
    });
  }

  it(`when POST /v1/ops/sessions gets ${String(runs)} mutated bodies, then every answer is a 4xx in the error shape and no session opens`, async () => {
    const sessions = async () =>
      (
        await rows<{ count: number }>(
          context.database.db,
          sql`select count(*)::int as count from operator_sessions`,
        )
      )[0]?.count;
    const before = await sessions();
    await fc.assert(
      fc.asyncProperty(
        mutated({
          email: fc.constantFrom(operator.email, `${randomUUID()}@ops.ajo.test`, 'not-an-email'),
          password: fc.string({ maxLength: 220 }),
          code: fc.stringMatching(/^\d{6}$/),
        }),
        async (body) => {
          const response = await context.app.inject({
            method: 'POST',
            url: '/v1/ops/sessions',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
          });
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, response.body).toBeLessThan(500);
          expectErrorShape(response);
        },
      ),
      { numRuns: runs },
    );
    expect(await sessions()).toBe(before);
  });
});
