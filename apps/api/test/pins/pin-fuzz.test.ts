import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_PIN_HEADER } from '@ajo/contracts/pin';
import { bearer, newKey } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { mutated, tally } from '../support/fuzz.ts';
import { signUp, uniqueEmail, validRegistration } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

const pinLike = fc.oneof(fc.stringMatching(/^\d{4}$/), fc.constantFrom('2580', '1234', '0000'));
const password = validRegistration('x@ajo.test').password;

describe(`fuzzing the transaction PIN (${databaseKind})`, () => {
  let context: TestContext;
  let token: string;
  let fresh: string;
  beforeAll(async () => {
    context = await createTestApp();
    token = await signUp(context.app, uniqueEmail('pin-fuzz'));
    fresh = await signUp(context.app, uniqueEmail('pin-fuzz-new'), { pin: null });
  });
  afterAll(() => context.close());

  const send = async (method: 'POST' | 'PUT', as: string, payload: unknown) => {
    const response = await context.app.inject({
      method,
      url: '/v1/pin',
      headers: { ...bearer(as), 'content-type': 'application/json' },
      payload: payload === undefined ? 'null' : JSON.stringify(payload),
    });
    if (response.statusCode >= 400) expectErrorShape(response);
    return response.statusCode;
  };

  it.each([
    ['POST', { pin: pinLike, password: fc.constant(password) }],
    ['PUT', { pin: pinLike, password: fc.constant(password), code: fc.stringMatching(/^\d{6}$/) }],
  ] as const)(
    'when %s /v1/pin gets 150 mutated bodies, then no 5xx and errors in the error shape',
    async (method, fields) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(mutated(fields), async (body) => {
          const status = await send(method, method === 'POST' ? fresh : token, body);
          tally(statuses, status);
          expect(status).toBeLessThan(500);
        }),
        { numRuns: 150 },
      );
      expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
    },
  );

  it('when the PIN header is anything at all, then a money-out route answers a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (header) => {
        const response = await context.app.inject({
          method: 'POST',
          url: '/v1/wallets/usd/withdraw',
          headers: {
            ...bearer(token),
            'idempotency-key': newKey(),
            [TRANSACTION_PIN_HEADER]: header.replace(/[^\x20-\x7e]/g, ''),
          },
          payload: { amount: '10' },
        });
        expect(response.statusCode).toBeLessThan(500);
        // Keep the PIN unlocked: the right one clears the count.
        if (response.statusCode === 403) {
          await context.app.inject({
            method: 'POST',
            url: '/v1/wallets/usd/withdraw',
            headers: {
              ...bearer(token),
              'idempotency-key': newKey(),
              [TRANSACTION_PIN_HEADER]: '4826',
            },
            payload: { amount: '10' },
          });
        }
      }),
      { numRuns: 60 },
    );
  });
});
