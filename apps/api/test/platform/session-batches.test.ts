import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '@ajo/contracts/wallet';
import { newBillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { signUp, uniqueEmail } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

/*
 * The session lookups of concurrent requests go together into one statement, a money-out route
 * reads the PIN in that same statement (platform/sessions.ts, modules/pins/pin-guard.ts), and the
 * hot reads answer concurrent requests with one statement (platform/session-reads.ts).
 * Whatever shares a batch, each request is admitted as its own user, or refused, on its own.
 */
describe(`session lookups in batches (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  beforeAll(async () => {
    context = await createTestApp();
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const pins = ['4826', '5937', '6148', '7259', '8360'];

  const people = async () =>
    Promise.all(
      pins.map(async (pin) => {
        const email = uniqueEmail('batched');
        return { email, pin, token: await signUp(context.app, email, { pin }) };
      }),
    );

  it('when many users read at once, with ended and unknown tokens among them, then each gets their own account or 401', async () => {
    const users = await people();
    const ended = await signUp(context.app, uniqueEmail('batched-ended'));
    expect((await call('/v1/auth/logout', { token: ended, payload: {} })).statusCode).toBe(200);

    const asked = [
      ...users.flatMap((user) => [user, user, user]).map((user) => ({ token: user.token, user })),
      { token: ended, user: undefined },
      { token: 'not-a-session-token', user: undefined },
    ];
    const answers = await Promise.all(asked.map(({ token }) => call('/v1/accounts', { token })));

    answers.forEach((answer, at) => {
      const user = asked[at]?.user;
      if (user) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json<{ data: { email: string } }>().data.email).toBe(user.email);
      } else {
        expect(answer.statusCode, answer.body).toBe(401);
      }
    });
  });

  it('when many users read their wallets at once, with ended and unknown tokens among them, then each gets their own balances or 401', async () => {
    const payers = await Promise.all(
      [1n, 2n, 3n, 4n].map((n) =>
        newBillPayer(call, context.database, {
          label: 'batched-wallets',
          fundMinor: n * 1_111_100n,
          at: context.clock.now(),
        }),
      ),
    );
    const ended = await signUp(context.app, uniqueEmail('batched-wallets-ended'));
    expect((await call('/v1/auth/logout', { token: ended, payload: {} })).statusCode).toBe(200);

    // Each user twice, an ended session and an unknown token between them.
    const own = payers.map((payer, at) => ({
      token: payer.token,
      naira: `${String((at + 1) * 11_111)}.00`,
    }));
    const asked = [
      ...own,
      { token: ended, naira: undefined },
      ...own,
      { token: 'not-a-session-token', naira: undefined },
    ];
    const answers = await Promise.all(asked.map(({ token }) => call('/v1/wallets', { token })));

    answers.forEach((answer, at) => {
      const naira = asked[at]?.naira;
      if (naira) {
        expect(answer.statusCode, answer.body).toBe(200);
        const { items } = answer.json<{ data: { items: Wallet[] } }>().data;
        expect(items.find((wallet) => wallet.currency === 'NGN')?.amount).toBe(naira);
        expect(items.find((wallet) => wallet.currency === 'USD')?.amount).toBe('0.00');
      } else {
        expect(answer.statusCode, answer.body).toBe(401);
      }
    });
  });

  it("when many users send money-out requests at once, then each PIN is checked against its own user's", async () => {
    const users = await people();
    // Each user twice: once with their own PIN, once with the next user's.
    const asked = users.flatMap((user, at) => [
      { user, pin: user.pin, own: true },
      { user, pin: users[(at + 1) % users.length]?.pin ?? user.pin, own: false },
    ]);
    const answers = await Promise.all(
      asked.map(({ user, pin }) =>
        call('/v1/wallets/withdraw', {
          token: user.token,
          pin,
          headers: { 'idempotency-key': newKey() },
          payload: { amount: '1000', bank_account_id: randomUUID() },
        }),
      ),
    );

    answers.forEach((answer, at) => {
      const code = answer.json<{ code?: string }>().code;
      if (asked[at]?.own) {
        // The PIN passed; the withdrawal itself is refused (no such bank account).
        expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
        expect(code, answer.body).not.toMatch(/^pin_/);
      } else {
        expect(answer.statusCode, answer.body).toBe(403);
        expect(code).toBe('pin_incorrect');
      }
    });
  });
});
