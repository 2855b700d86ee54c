import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { mutated, tally } from '../support/fuzz.ts';
import { signUp, uniqueEmail } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

describe(`the privacy and session routes refuse bad input in the error shape (${databaseKind})`, () => {
  let context: TestContext;
  let token: string;
  beforeAll(async () => {
    context = await createTestApp();
    token = await signUp(context.app, uniqueEmail('fuzz'));
  });
  afterAll(() => context.close());

  it('when POST /v1/privacy/erasure gets 200 mutated bodies, then no 5xx, every refusal in the error shape, and the account stays open', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        mutated({ password: fc.constantFrom('wrong-password', '', 'x'.repeat(200)) }),
        async (body) => {
          const response = await context.app.inject({
            method: 'POST',
            url: '/v1/privacy/erasure',
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
          });
          tally(statuses, response.statusCode);
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, response.body).toBeLessThan(500);
          expectErrorShape(response);
        },
      ),
      { numRuns: 200 },
    );
    const still = await context.app.inject({ url: '/v1/sessions', headers: bearer(token) });
    expect(still.statusCode).toBe(200);
    expect(statuses.get(400)).toBeGreaterThan(0);
  });

  it('when the session and export ids and the history paging are anything at all, then a 4xx in the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 60 }), fc.uuid()),
        fc.oneof(fc.integer(), fc.string({ maxLength: 12 })),
        async (id, page) => {
          const paths = [
            { method: 'DELETE' as const, url: `/v1/sessions/${encodeURIComponent(id)}` },
            {
              method: 'GET' as const,
              url: `/v1/privacy/exports/${encodeURIComponent(id)}/download`,
            },
            {
              method: 'GET' as const,
              url: `/v1/sign-ins?page=${encodeURIComponent(String(page))}`,
            },
          ];
          for (const { method, url } of paths) {
            const response = await context.app.inject({ method, url, headers: bearer(token) });
            expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(500);
            if (response.statusCode >= 400) expectErrorShape(response);
          }
        },
      ),
      { numRuns: 100 },
    );
    // A well-formed id of nobody's session or export: 404.
    const session = await context.app.inject({
      method: 'DELETE',
      url: '/v1/sessions/00000000-0000-4000-8000-000000000000',
      headers: bearer(token),
    });
    expect(session.statusCode).toBe(404);
    const archive = await context.app.inject({
      url: '/v1/privacy/exports/00000000-0000-4000-8000-000000000000/download',
      headers: bearer(token),
    });
    expect(archive.statusCode).toBe(404);
  });
});
