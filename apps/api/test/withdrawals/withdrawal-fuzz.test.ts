import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  ledgerFingerprint,
  newWithdrawer,
  openBankAccountVia,
  type Withdrawer,
} from '../support/withdrawal-helpers.ts';
import {
  type Caller,
  type Reply,
  newKey,
  pinHeader,
  toReply,
  viaInject,
} from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { amountLike, mutated, tally } from '../support/fuzz.ts';

const amount = amountLike([
  '100',
  '5000.50',
  '1000.13',
  '1000.14',
  '0.01',
  '99.99',
  '1e3',
  ' 500 ',
  '-5',
]);

/** `{ message, code, errors }` on every refusal, and never a 5xx. */
function expectCleanAnswer(response: Reply) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400) expectErrorShape(response);
}

describe(`fuzzing the money-out operations (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let user: Withdrawer;
  let accountNumbers: string[];

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    user = await newWithdrawer(call, context.database, {
      fundMinor: 60_000_00n,
      at: context.clock.now(),
    });
    const others = await Promise.all(
      ['Chiamaka Eze', 'Oluwaseun Bakare'].map((name) => openBankAccountVia(call, name)),
    );
    accountNumbers = [user.accountNumber, ...others.map((account) => account.account_number)];
  });
  afterAll(() => context.close());

  const send = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const response = await context.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        ...pinHeader(),
        ...headers,
      },
      // JSON has no `undefined`: that body goes as `null`.
      payload: payload === undefined ? 'null' : JSON.stringify(payload),
    });
    // A withdrawal goes to the bank after its answer; the next request's checks start after it.
    await context.app.background.idle();
    return toReply(response.statusCode, response.body);
  };

  it('when POST /v1/wallets/withdraw gets 1,000 mutated bodies, then no 5xx, errors in the error shape and no ledger change on a 4xx', async () => {
    let last = await ledgerFingerprint(context.database);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        mutated({
          amount,
          bank_account_id: fc.oneof(
            fc.constant(user.bankAccountId),
            fc.uuid(),
            fc.constant(user.bankAccountId.toUpperCase()),
          ),
        }),
        fc.oneof(
          { weight: 9, arbitrary: fc.constant('fresh') },
          { weight: 1, arbitrary: fc.string({ maxLength: 140 }) },
        ),
        async (payload, key) => {
          const response = await send('/v1/wallets/withdraw', payload, {
            'idempotency-key': key === 'fresh' ? newKey() : key,
          });
          expectCleanAnswer(response);
          tally(statuses, response.statusCode);
          const now = await ledgerFingerprint(context.database);
          if (response.statusCode >= 400) expect(now).toEqual(last);
          last = now;
        },
      ),
      {
        numRuns: 1_000,
        // Valid bodies are rare among the mutations and the wallet empties after a few, so a
        // random run can draw none: this one goes first and always reaches the hold.
        examples: [[{ amount: '1000', bank_account_id: user.bankAccountId }, 'fresh']],
      },
    );
    // The fuzz reached the handler both ways: some withdrawals went through, many were refused.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  }, 120_000);

  /** Mostly the sandbox's real accounts at GTBank, so many bodies reach name enquiry. */
  const accountBody = () => ({
    account_number: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...accountNumbers) },
      { weight: 1, arbitrary: fc.stringMatching(/^\d{10}$/) },
      { weight: 1, arbitrary: fc.stringMatching(/^\d{1,12}$/) },
    ),
    bank_code: fc.oneof(
      { weight: 4, arbitrary: fc.constant('058') },
      { weight: 1, arbitrary: fc.constantFrom('044', '999', '50211') },
      { weight: 1, arbitrary: fc.stringMatching(/^\d{3,6}$/) },
    ),
  });

  it('when POST /v1/bank_accounts gets 1,000 mutated bodies, then no 5xx, errors in the error shape and nothing linked on a 4xx', async () => {
    const before = await ledgerFingerprint(context.database);
    const linked = async () => {
      const [found] = await rows<{ count: number }>(
        context.database.db,
        sql`select count(*)::int as count from bank_accounts`,
      );
      return found?.count ?? 0;
    };
    let last = await linked();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(mutated(accountBody()), async (payload) => {
        const response = await send('/v1/bank_accounts', payload);
        expectCleanAnswer(response);
        tally(statuses, response.statusCode);
        const now = await linked();
        if (response.statusCode >= 400) expect(now).toBe(last);
        else
          expect(response.json<{ data: { account_name: string } }>().data.account_name).toBe(
            'Chiamaka Eze',
          );
        last = now;
      }),
      { numRuns: 1_000 },
    );
    // Links in the user's name went through; someone else's name and unknown numbers did not.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(0);
    expect(await ledgerFingerprint(context.database)).toEqual(before);
  }, 120_000);

  it('when POST /v1/banks/verify gets 1,000 mutated bodies, then no 5xx and errors in the error shape', async () => {
    const before = await ledgerFingerprint(context.database);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(mutated(accountBody()), async (payload) => {
        const response = await send('/v1/banks/verify', payload);
        expectCleanAnswer(response);
        tally(statuses, response.statusCode);
      }),
      { numRuns: 1_000 },
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(0);
    expect(await ledgerFingerprint(context.database)).toEqual(before);
  }, 120_000);
});
