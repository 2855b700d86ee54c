import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape } from '../support/error-shape.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
}

/*
 * Decision 0007: a signed-in route checks the session in onRequest, before its body is parsed
 * or validated. A caller without a session learns nothing of a route's rules and costs no
 * parsing: whatever it sends, it is told to sign in.
 */
describe(`the session is checked before the body (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
  });
  afterAll(() => context.close());

  it('when any signed-in operation is called without a session and with a bad body, then 401, never a validation error', async () => {
    const document = (
      await context.app.inject({ url: '/v1/openapi.json' })
    ).json<OpenApiDocument>();
    const guarded = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method]) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          url: path.replaceAll(/\{[^}]+\}/g, 'not-a-valid-id'),
        })),
    );
    expect(guarded.length).toBeGreaterThan(80);
    const answered: string[] = [];
    for (const { method, url } of guarded) {
      const response = await context.app.inject({
        method,
        url: `${url}?page=-1&size=nope`,
        ...(method === 'GET' || method === 'DELETE'
          ? {}
          : { payload: { amount: 'lots', unexpected: true } }),
      });
      answered.push(`${method} ${url} ${String(response.statusCode)}`);
      if (response.statusCode !== 401) continue;
      expect(['unauthenticated', 'operator_unauthenticated']).toContain(
        expectErrorShape(response).code,
      );
    }
    expect(answered.filter((line) => !line.endsWith(' 401'))).toEqual([]);
  });
});
