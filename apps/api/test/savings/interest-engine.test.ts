import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { closedFormInterestMinor } from '../../src/money/ledger/interest.ts';
import {
  openProductAccount,
  systemAccount,
  transfer,
} from '../../src/money/ledger/ledger.service.ts';
import { accrueInterest } from '../../src/modules/savings/interest-accrual.ts';
import { maturityFigures, matureDuePlans } from '../../src/modules/savings/maturity.ts';
import { insertPlan } from '../../src/modules/savings/savings.repository.ts';
import { addDays } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import { viaInject } from '../support/calls.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { walletState } from '../support/withdrawal-helpers.ts';

interface Terms {
  principalMinor: bigint;
  rateBps: number;
  days: number;
  /** Days after the run's first date that the plan starts. */
  startsAfter: number;
}

describe(`the interest engine: daily accrual and maturity (${databaseKind})`, () => {
  let context: TestContext;
  let userId: string;
  let productId: string;
  /** Each property run uses its own stretch of calendar, after the one before. */
  let calendar = '2030-01-01';

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    const user = await newBillPayer(viaInject(context.app), context.database, {
      label: 'engine',
    });
    userId = user.userId;
    const [fixed] = await rows<{ id: string }>(
      context.database.db,
      sql`select id from savings_products where slug = 'fixed'`,
    );
    productId = fixed?.id ?? '';
  });
  afterAll(() => context.close());

  /** A plan as `POST /savings/fixed` makes one, its principal in its own account. */
  async function planWith(terms: Terms, first: string) {
    const id = randomUUID();
    const startOn = addDays(first, terms.startsAfter);
    await context.database.unitOfWork(async (tx) => {
      const account = await openProductAccount(tx, {
        userId,
        product: 'saving',
        productId: id,
        currency: 'NGN',
      });
      const funding = await systemAccount(tx, 'sandbox_funding', 'NGN');
      await transfer(tx, {
        idempotencyKey: `engine-fund:${id}`,
        kind: 'sandbox_funding',
        description: 'Test plan funding',
        currency: 'NGN',
        fromAccountId: funding.id,
        toAccountId: account.id,
        amountMinor: terms.principalMinor,
        at: new Date(),
      });
      await insertPlan(tx, {
        id,
        userId,
        productId,
        reference: `ENGINE-${id}`,
        reason: 'Engine test',
        currency: 'NGN',
        principalMinor: terms.principalMinor,
        duration: { id: 'x', label: `${String(terms.days)} days`, days: terms.days, rate: 0 },
        rateBps: terms.rateBps,
        startOn,
        maturityOn: addDays(startOn, terms.days),
        accruedThrough: addDays(startOn, -1),
        ledgerAccountId: account.id,
        at: new Date(),
      });
    });
    return id;
  }

  const planState = async (id: string) => {
    const [plan] = await rows<{
      accrued_minor: string;
      status: string;
      payout_minor: string | null;
      days: string;
      booked: string;
    }>(
      context.database.db,
      sql`select p.accrued_minor::text, p.status, p.payout_minor::text,
                 (select count(*) from savings_accruals a where a.plan_id = p.id)::text as days,
                 (select coalesce(sum(interest_minor), 0) from savings_accruals a
                   where a.plan_id = p.id)::text as booked
            from savings_plans p where p.id = ${id}`,
    );
    if (!plan) throw new Error(`no plan ${id}`);
    return plan;
  };

  const terms = fc.record({
    principalMinor: fc.bigInt({ min: 1n, max: 10_000_000_000_00n }),
    rateBps: fc.integer({ min: 0, max: 10_000 }),
    days: fc.integer({ min: 1, max: 40 }),
    startsAfter: fc.integer({ min: 0, max: 5 }),
  });

  it('when any plans are accrued day by day, in catch-up leaps and by two workers at once, then each books its closed-form interest to the kobo, each day once, and matures once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(terms, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (plans, leaps, overlapping) => {
          const first = calendar;
          const ids = [];
          for (const plan of plans) ids.push(await planWith(plan, first));
          const end = addDays(first, 5 + 40 + 1);
          const walletBefore = (await walletState(context.database, userId)).balanceMinor;

          // The process runs now and then: each run catches up every day that has ended.
          let today = first;
          for (const leap of leaps) {
            today = addDays(today, leap);
            const runs = overlapping ? 2 : 1;
            await Promise.all(
              Array.from({ length: runs }, () =>
                accrueInterest(context.database, today, new Date()),
              ),
            );
          }
          await accrueInterest(context.database, end, new Date());
          await accrueInterest(context.database, end, new Date());

          let payouts = 0n;
          for (const [index, id] of ids.entries()) {
            const plan = plans[index];
            if (!plan) continue;
            const state = await planState(id);
            const gross = closedFormInterestMinor(
              plan.principalMinor,
              BigInt(plan.rateBps),
              BigInt(plan.days),
            );
            expect(BigInt(state.accrued_minor)).toBe(gross);
            expect(BigInt(state.booked)).toBe(gross);
            expect(Number(state.days)).toBe(plan.days);
            payouts += maturityFigures(plan.principalMinor, gross).payoutMinor;
          }

          // Two workers pay maturities at once: each plan once.
          await Promise.all([
            matureDuePlans(context.database, end, new Date()),
            matureDuePlans(context.database, end, new Date()),
          ]);
          await matureDuePlans(context.database, end, new Date());
          for (const id of ids) expect((await planState(id)).status).toBe('matured');
          expect((await walletState(context.database, userId)).balanceMinor - walletBefore).toBe(
            payouts,
          );
          const [outstanding] = await rows<{ accrued: string }>(
            context.database.db,
            sql`select coalesce(sum(amount_minor), 0)::text as accrued from postings
                 where account_id = (select id from ledger_accounts
                                      where code = 'system:accrued_interest:NGN')`,
          );
          expect(outstanding?.accrued).toBe('0');
          expect(await checkLedger(context.database.db)).toEqual([]);
          calendar = addDays(end, 1);
        },
      ),
      { numRuns: databaseKind === 'postgres' ? 8 : 4 },
    );
  });

  it('when a plan matures on a day the process did not run, then the next run books the missing days first and pays it after', async () => {
    const first = calendar;
    const id = await planWith(
      { principalMinor: 1_000_000_00n, rateBps: 1_000, days: 30, startsAfter: 0 },
      first,
    );
    // Accrued through day 12, then the process was down until well after maturity.
    await accrueInterest(context.database, addDays(first, 13), new Date());
    expect(Number((await planState(id)).days)).toBe(13);
    const late = addDays(first, 45);
    // Maturity waits for the missing days rather than paying short.
    expect(await matureDuePlans(context.database, late, new Date())).toBe(0);
    const caughtUp = await accrueInterest(context.database, late, new Date());
    expect(caughtUp.planDays).toBe(17);
    expect(await matureDuePlans(context.database, late, new Date())).toBe(1);
    const state = await planState(id);
    expect(state.accrued_minor).toBe(
      closedFormInterestMinor(1_000_000_00n, 1_000n, 30n).toString(),
    );
    expect(state.status).toBe('matured');
    calendar = addDays(late, 1);
  });
});
