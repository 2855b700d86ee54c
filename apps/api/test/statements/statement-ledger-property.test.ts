import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { fundByTransfer } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import {
  newWithdrawer,
  setTier,
  settlePayoutVia,
  withdrawVia,
  type WithdrawAnswer,
} from '../support/withdrawal-helpers.ts';
import {
  csvWallet,
  getStatement,
  ledgerBalanceAt,
  lagosMidnight,
  parseCsv,
} from './statement-helpers.ts';

const HOUR_MS = 3_600_000;

type Step =
  | { kind: 'deposit'; naira: number }
  | { kind: 'withdraw'; naira: number; outcome: 'success' | 'failed' | 'reversed' | 'pending' }
  | { kind: 'wait'; hours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), naira: fc.integer({ min: 1, max: 40_000 }) }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    naira: fc.integer({ min: 100, max: 25_000 }),
    outcome: fc.constantFrom(
      'success' as const,
      'failed' as const,
      'reversed' as const,
      'pending' as const,
    ),
  }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 60 }) }),
);

describe(`statements against the ledger, random histories (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({
      seedCatalogue: true,
      env: { SESSION_IDLE_MINUTES: '525600', SESSION_ABSOLUTE_HOURS: '8760' },
    });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  async function play(user: { token: string; bankAccountId: string; va: string }, steps: Step[]) {
    for (const next of steps) {
      if (next.kind === 'wait') {
        context.clock.advance(next.hours * HOUR_MS);
      } else if (next.kind === 'deposit') {
        await fundByTransfer(context.app, { accountNumber: user.va }, String(next.naira));
      } else {
        const response = await withdrawVia(
          call,
          user.token,
          { amount: String(next.naira), bank_account_id: user.bankAccountId },
          newKey(),
        );
        if (response.statusCode !== 200) continue;
        const reference = response.json<WithdrawAnswer>().data.transaction.reference;
        // A reversal comes after a success, as the bank sends it.
        const outcomes = {
          pending: [],
          success: ['success'],
          failed: ['failed'],
          reversed: ['success', 'reversed'],
        } as const;
        for (const outcome of outcomes[next.outcome]) {
          const settled = await settlePayoutVia(call, reference, outcome);
          expect(settled.statusCode, settled.body).toBe(200);
        }
      }
    }
  }

  it('when any history of deposits and withdrawals (settled, failed, reversed or pending) is asked for any period, then opening + credits − debits = closing, each running balance follows, and both ends equal the ledger to the kobo', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        async (steps, fromOffset, length) => {
          const user = await newWithdrawer(call, context.database, { at: context.clock.now() });
          // Tier 3, so tier caps never put a deposit on hold away from the wallet.
          await setTier(context.database, user.userId, 3);
          const [account] = await rows<{ account_number: string }>(
            context.database.db,
            sql`select account_number from virtual_accounts where user_id = ${user.userId}`,
          );
          const firstDay = businessDate(context.clock.now());
          await play({ ...user, va: account?.account_number ?? '' }, steps);
          const today = businessDate(context.clock.now());
          const from =
            addDays(firstDay, fromOffset) > today ? today : addDays(firstDay, fromOffset);
          const to = addDays(from, length) > today ? today : addDays(from, length);

          const response = await getStatement(context.app, user.token, { from, to, format: 'csv' });
          expect(response.statusCode, response.body).toBe(200);
          const csv = parseCsv(response.body);
          for (const currency of ['NGN', 'USD'] as const) {
            const wallet = csvWallet(csv, currency);
            expect(wallet.openingMinor + wallet.creditsMinor - wallet.debitsMinor).toBe(
              wallet.closingMinor,
            );
            let running = wallet.openingMinor;
            for (const movement of wallet.movements) {
              running += movement.amountMinor;
              expect(movement.balanceMinor).toBe(running);
            }
            expect(running).toBe(wallet.closingMinor);
            expect(wallet.openingMinor).toBe(
              await ledgerBalanceAt(context.database, user.userId, currency, lagosMidnight(from)),
            );
            expect(wallet.closingMinor).toBe(
              await ledgerBalanceAt(
                context.database,
                user.userId,
                currency,
                lagosMidnight(addDays(to, 1)),
              ),
            );
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
