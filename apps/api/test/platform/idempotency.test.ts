import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseAmount } from '@ajo/money/parse';
import { accountBalance, transfer } from '../../src/money/ledger/ledger.service.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { Database } from '../../src/platform/db.ts';
import { sessionGuard } from '../../src/platform/sessions.ts';
import { createFundedWallet } from '../support/ledger-fixtures.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { signUp } from '../support/people.ts';

const policy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000, secureCookie: false };

/**
 * A money-moving route for the test only, behind the session guard: it moves an amount out of a
 * wallet, optionally waiting on a gate first so a second request can arrive while the first is in
 * flight.
 */
function transferRoutes(database: Database, clock: Clock, gates: Map<string, Promise<void>>) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/v1/test/withdrawals',
      {
        config: { idempotent: true },
        onRequest: sessionGuard(database, clock, policy),
        schema: {
          body: z.strictObject({
            wallet_id: z.uuid(),
            settlement_id: z.uuid(),
            amount: z.union([z.string(), z.number()]),
          }),
        },
      },
      async (request, reply) => {
        await gates.get(request.body.wallet_id);
        const amountMinor = parseAmount(request.body.amount);
        const result = await database.unitOfWork((tx) =>
          transfer(tx, {
            idempotencyKey: `test-withdrawal:${request.id}`,
            kind: 'withdrawal',
            description: 'Test withdrawal',
            currency: 'NGN',
            fromAccountId: request.body.wallet_id,
            toAccountId: request.body.settlement_id,
            amountMinor,
            at: new Date(),
          }),
        );
        return reply.status(201).send({ message: 'withdrawn', data: { entry_id: result.entryId } });
      },
    );
    // The guard as a route-level preHandler, which Fastify runs after the app's own preHandlers.
    app.post(
      '/v1/test/whoami',
      { config: { idempotent: true }, preHandler: sessionGuard(database, clock, policy) },
      async (request) => ({ message: 'you', data: { user_id: request.userId ?? null } }),
    );
  };
  return routes;
}

describe(`idempotent money-moving requests (${databaseKind})`, () => {
  let context: TestContext;
  const gates = new Map<string, Promise<void>>();
  let token: string;
  beforeAll(async () => {
    context = await createTestApp({
      configure: (app, database, clock) =>
        void app.register(transferRoutes(database, clock, gates)),
    });
    token = await signUp(context.app, 'idempotent@example.com');
  });
  afterAll(() => context.close());

  const withdraw = (key: string | undefined, payload: Record<string, unknown>) =>
    context.app.inject({
      method: 'POST',
      url: '/v1/test/withdrawals',
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  it('when the same key and body arrive five times, then one effect and identical answers', async () => {
    const wallet = await createFundedWallet(context.database, 100_00n, context.clock.now());
    const body = {
      wallet_id: wallet.walletId,
      settlement_id: wallet.settlementId,
      amount: '10.00',
    };
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push(await withdraw(`same-key-${wallet.walletId}`, body));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(
      answers.slice(1).every((answer) => answer.headers['idempotent-replayed'] === 'true'),
    ).toBe(true);
    const balance = await accountBalance(context.database.db, wallet.walletId);
    expect(balance.balanceMinor).toBe(90_00n);
  });

  it('when the same key and body arrive five times at once, then one effect', async () => {
    const wallet = await createFundedWallet(context.database, 100_00n, context.clock.now());
    const body = { wallet_id: wallet.walletId, settlement_id: wallet.settlementId, amount: 7 };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => withdraw(`parallel-${wallet.walletId}`, body)),
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const balance = await accountBalance(context.database.db, wallet.walletId);
    expect(balance.balanceMinor).toBe(93_00n);
  });

  it('when the same key comes with a different body, then 422 and no effect', async () => {
    const wallet = await createFundedWallet(context.database, 100_00n, context.clock.now());
    const key = `changed-body-${wallet.walletId}`;
    const body = {
      wallet_id: wallet.walletId,
      settlement_id: wallet.settlementId,
      amount: '10.00',
    };
    expect((await withdraw(key, body)).statusCode).toBe(201);
    const changed = await withdraw(key, { ...body, amount: '20.00' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await accountBalance(context.database.db, wallet.walletId)).balanceMinor).toBe(90_00n);
  });

  it('when the same key arrives while the first is in flight, then 409 and one effect', async () => {
    const wallet = await createFundedWallet(context.database, 100_00n, context.clock.now());
    let open: () => void = () => undefined;
    gates.set(
      wallet.walletId,
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    const key = `in-flight-${wallet.walletId}`;
    const body = { wallet_id: wallet.walletId, settlement_id: wallet.settlementId, amount: '5.00' };
    const first = withdraw(key, body);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await withdraw(key, body);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'request_in_flight' });
    open();
    expect((await first).statusCode).toBe(201);
    expect((await withdraw(key, body)).statusCode).toBe(201);
    expect((await accountBalance(context.database.db, wallet.walletId)).balanceMinor).toBe(95_00n);
  });

  it('when the key is missing or malformed, then 400 and no effect', async () => {
    const wallet = await createFundedWallet(context.database, 100_00n, context.clock.now());
    const body = { wallet_id: wallet.walletId, settlement_id: wallet.settlementId, amount: '5.00' };
    const missing = await withdraw(undefined, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'idempotency_key_required' });
    const malformed = await withdraw('bad key with spaces', body);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'idempotency_key_invalid' });
    expect((await accountBalance(context.database.db, wallet.walletId)).balanceMinor).toBe(100_00n);
  });

  it('when the first answer was a refusal, then the same key replays the refusal', async () => {
    const wallet = await createFundedWallet(context.database, 1_00n, context.clock.now());
    const key = `refused-${wallet.walletId}`;
    const body = { wallet_id: wallet.walletId, settlement_id: wallet.settlementId, amount: '5.00' };
    const first = await withdraw(key, body);
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ code: 'insufficient_funds' });
    const again = await withdraw(key, body);
    expect(again.statusCode).toBe(422);
    expect(again.body).toBe(first.body);
  });
});

describe(`idempotency keys of two users (${databaseKind})`, () => {
  it('when two users send one key and one body to a route guarded in preHandler, then each gets their own answer', async () => {
    const context = await createTestApp({
      configure: (app, database, clock) =>
        void app.register(transferRoutes(database, clock, new Map())),
    });
    try {
      const ask = async (email: string) => {
        const bearer = await signUp(context.app, email);
        const answer = await context.app.inject({
          method: 'POST',
          url: '/v1/test/whoami',
          headers: { authorization: `Bearer ${bearer}`, 'idempotency-key': 'one-key-for-both' },
          payload: {},
        });
        return answer.json<{ data: { user_id: string } }>().data.user_id;
      };
      const first = await ask('first-of-two@example.com');
      const second = await ask('second-of-two@example.com');
      expect(first).toMatch(/^[0-9a-f-]{36}$/);
      expect(second).toMatch(/^[0-9a-f-]{36}$/);
      expect(second).not.toBe(first);
    } finally {
      await context.close();
    }
  });
});

describe(`an idempotent route without a session guard (${databaseKind})`, () => {
  it('when such a route is registered, then the app refuses to start: its keys would belong to nobody', async () => {
    const unguarded: FastifyPluginAsyncZod = async (app) => {
      app.post('/v1/test/unguarded', { config: { idempotent: true } }, async () => ({}));
    };
    await expect(
      createTestApp({ configure: (app) => void app.register(unguarded) }),
    ).rejects.toThrow(/is idempotent but has no user session guard/);
  });
});
