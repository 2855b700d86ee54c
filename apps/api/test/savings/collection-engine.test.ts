import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionDates } from '@ajo/contracts/savings';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { openProductAccount } from '../../src/money/ledger/ledger.service.ts';
import { collectDue } from '../../src/modules/savings/collections.ts';
import { insertPlan } from '../../src/modules/savings/savings.repository.ts';
import { addDays } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import { viaInject, type Caller } from '../support/calls.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { fundWallet, walletState } from '../support/withdrawal-helpers.ts';

describe(`automatic collection never takes an instalment twice (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let productId: string;
  let calendar = '2031-01-01';

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    const [target] = await rows<{ id: string }>(
      context.database.db,
      sql`select id from savings_products where slug = 'target_saving'`,
    );
    productId = target?.id ?? '';
  });
  afterAll(() => context.close());

  it('when plans on any schedule are collected in leaps, by two workers at once and again, then each due date is debited at most once and every plan holds exactly what was taken', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            frequency: fc.constantFrom('WEEKLY' as const, 'MONTHLY' as const),
            weeks: fc.integer({ min: 5, max: 20 }),
            instalmentMinor: fc.bigInt({ min: 100n, max: 5_000_00n }),
            fundedInstalments: fc.integer({ min: 0, max: 8 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 6 }),
        async (plans, leaps) => {
          const start = calendar;
          const user = await newBillPayer(call, context.database, { label: 'collector' });
          let funded = 0n;
          const ids: string[] = [];
          for (const plan of plans) {
            const id = randomUUID();
            const end = addDays(start, plan.weeks * 7);
            await context.database.unitOfWork(async (tx) => {
              const account = await openProductAccount(tx, {
                userId: user.userId,
                product: 'saving',
                productId: id,
                currency: 'NGN',
              });
              await insertPlan(tx, {
                id,
                userId: user.userId,
                productId,
                reference: `COLLECT-${id}`,
                reason: 'Property',
                currency: 'NGN',
                principalMinor: 0n,
                duration: { id: 'x', label: 'x', days: plan.weeks * 7, rate: 0 },
                rateBps: 800,
                startOn: start,
                maturityOn: end,
                accruedThrough: addDays(start, -1),
                ledgerAccountId: account.id,
                at: new Date(),
                target: {
                  targetMinor: plan.instalmentMinor * 30n,
                  categoryId: '1',
                  frequency: plan.frequency,
                  collectionMethod: 'automatic',
                  collectionMinor: plan.instalmentMinor,
                  nextCollectionOn: collectionDates(start, end, plan.frequency)[0] ?? null,
                },
              });
            });
            funded += plan.instalmentMinor * BigInt(plan.fundedInstalments);
            ids.push(id);
          }
          if (funded > 0n) await fundWallet(context.database, user.userId, funded);

          let today = start;
          for (const leap of leaps) {
            today = addDays(today, leap);
            await Promise.all([
              collectDue(context.database, today, new Date()),
              collectDue(context.database, today, new Date()),
            ]);
            await collectDue(context.database, today, new Date());
          }

          let taken = 0n;
          for (const [index, id] of ids.entries()) {
            const plan = plans[index];
            if (!plan) continue;
            const [state] = await rows<{ balance: string; collected: string; dates: string }>(
              context.database.db,
              sql`select p.balance_minor::text as balance,
                         (select count(*) from savings_collections c
                           where c.plan_id = p.id and c.status = 'collected')::text as collected,
                         (select count(distinct c.due_on) from savings_collections c
                           where c.plan_id = p.id)::text as dates
                    from savings_plans p where p.id = ${id}`,
            );
            expect(BigInt(state?.balance ?? '0')).toBe(
              plan.instalmentMinor * BigInt(state?.collected ?? '0'),
            );
            // Never more instalments than due dates that have come.
            const due = collectionDates(
              start,
              addDays(start, plan.weeks * 7),
              plan.frequency,
            ).filter((date) => date <= today);
            expect(Number(state?.dates)).toBeLessThanOrEqual(due.length);
            taken += BigInt(state?.balance ?? '0');
          }
          expect((await walletState(context.database, user.userId)).balanceMinor).toBe(
            funded - taken,
          );
          expect(await checkLedger(context.database.db)).toEqual([]);
          calendar = addDays(today, 400);
        },
      ),
      { numRuns: databaseKind === 'postgres' ? 10 : 5 },
    );
  });
});
