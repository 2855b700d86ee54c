import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountBalance,
  placeHold,
  postHold,
  transfer,
  voidHold,
} from '../../src/money/ledger/ledger.service.ts';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import {
  accrualSql,
  accrueDay,
  dailyInterestMinor,
  dailyInterestSql,
  interestUnitsPerMinor,
} from '../../src/money/ledger/interest.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { AppError } from '../../src/platform/errors.ts';
import { rows } from '../../src/platform/db.ts';
import { createFundedWallet } from '../support/ledger-fixtures.ts';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.ts';

type Operation =
  | { kind: 'transfer'; from: number; to: number; amountMinor: bigint }
  | { kind: 'hold'; from: number; amountMinor: bigint }
  | { kind: 'settle'; hold: number; post: boolean };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('transfer' as const),
    from: fc.nat(3),
    to: fc.nat(3),
    amountMinor: fc.bigInt({ min: 1n, max: 60_00n }),
  }),
  fc.record({
    kind: fc.constant('hold' as const),
    from: fc.nat(3),
    amountMinor: fc.bigInt({ min: 1n, max: 60_00n }),
  }),
  fc.record({ kind: fc.constant('settle' as const), hold: fc.nat(20), post: fc.boolean() }),
);

describe(`ledger properties (${databaseKind})`, () => {
  let database: TestDatabase;
  const clock = new ManualClock();
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('when random operations run, then entries balance and wallets match a model', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        run += 1;
        const wallets = await Promise.all(
          [0, 1, 2, 3].map(() => createFundedWallet(database, 100_00n, clock.now())),
        );
        const model = wallets.map(() => ({ balanceMinor: 100_00n, heldMinor: 0n }));
        const holds: { holdId: string; owner: number; amountMinor: bigint; open: boolean }[] = [];
        for (const [index, step] of operations.entries()) {
          const key = `property:${String(run)}:${String(index)}`;
          try {
            await applyStep(step, key);
          } catch (error) {
            if (!(error instanceof AppError) || error.code !== 'insufficient_funds') throw error;
          }
        }
        for (const [index, wallet] of wallets.entries()) {
          const balance = await accountBalance(database.db, wallet.walletId);
          expect(balance.balanceMinor).toBe(model[index]?.balanceMinor);
          expect(balance.heldMinor).toBe(model[index]?.heldMinor);
          expect(balance.availableMinor >= 0n).toBe(true);
        }
        expect(await checkLedger(database.db)).toEqual([]);

        async function applyStep(step: Operation, key: string) {
          if (step.kind === 'transfer') {
            const from = wallets[step.from];
            const to = wallets[step.to];
            const fromModel = model[step.from];
            const toModel = model[step.to];
            if (!from || !to || !fromModel || !toModel || step.from === step.to) return;
            await database.unitOfWork((tx) =>
              transfer(tx, {
                idempotencyKey: key,
                kind: 'transfer',
                description: 'Property transfer',
                currency: 'NGN',
                fromAccountId: from.walletId,
                toAccountId: to.walletId,
                amountMinor: step.amountMinor,
                at: clock.now(),
              }),
            );
            fromModel.balanceMinor -= step.amountMinor;
            toModel.balanceMinor += step.amountMinor;
          } else if (step.kind === 'hold') {
            const from = wallets[step.from];
            const fromModel = model[step.from];
            if (!from || !fromModel) return;
            const { holdId } = await database.unitOfWork((tx) =>
              placeHold(tx, {
                idempotencyKey: key,
                accountId: from.walletId,
                amountMinor: step.amountMinor,
                at: clock.now(),
              }),
            );
            fromModel.heldMinor += step.amountMinor;
            holds.push({ holdId, owner: step.from, amountMinor: step.amountMinor, open: true });
          } else {
            const hold = holds[step.hold % Math.max(holds.length, 1)];
            const owner = hold ? wallets[hold.owner] : undefined;
            const ownerModel = hold ? model[hold.owner] : undefined;
            if (!hold || !owner || !ownerModel) return;
            const outcome = await database.unitOfWork((tx) =>
              step.post
                ? postHold(tx, {
                    holdId: hold.holdId,
                    toAccountId: owner.settlementId,
                    kind: 'withdrawal',
                    description: 'Property payout',
                    at: clock.now(),
                  })
                : voidHold(tx, hold.holdId, clock.now()),
            );
            expect(outcome.resolved).toBe(hold.open);
            if (hold.open) {
              ownerModel.heldMinor -= hold.amountMinor;
              if (step.post) ownerModel.balanceMinor -= hold.amountMinor;
              hold.open = false;
            }
          }
        }
      }),
      { numRuns: databaseKind === 'postgres' ? 40 : 25 },
    );
    const unbalanced = await rows<{ entry_id: string }>(
      database.db,
      sql`select entry_id from postings group by entry_id, currency having sum(amount_minor) <> 0`,
    );
    expect(unbalanced).toEqual([]);
  });

  it('when interest accrues in SQL, then it equals the bigint oracle to the kobo', async () => {
    const samples = fc.sample(
      fc.record({
        balanceMinor: fc.oneof(
          fc.bigInt({ min: 0n, max: 10n ** 15n }),
          fc.constantFrom(0n, 1n, 1_824n, 1_825n, 36_500n, 99_999_999_99n),
        ),
        rateBps: fc.oneof(fc.bigInt({ min: 0n, max: 5_000n }), fc.constantFrom(0n, 1n, 1_000n)),
      }),
      { numRuns: 2_000, seed: 20261123 },
    );
    const values = sql.join(
      samples.map(
        (sample, index) =>
          sql`(${index}, ${sample.balanceMinor.toString()}::bigint, ${sample.rateBps.toString()}::bigint)`,
      ),
      sql`, `,
    );
    const computed = await rows<{ index: number; interest: string }>(
      database.db,
      sql`select index, ${dailyInterestSql(sql`balance`, sql`rate`)}::text as interest
            from (values ${values}) as plans(index, balance, rate) order by index`,
    );
    expect(computed).toHaveLength(samples.length);
    for (const row of computed) {
      const sample = samples[row.index];
      if (!sample) throw new Error('sample missing');
      expect(BigInt(row.interest)).toBe(dailyInterestMinor(sample.balanceMinor, sample.rateBps));
    }
  });

  it('when the SQL accrual runs a day with a carry, then interest and carry match accrueDay exactly', async () => {
    const samples = fc.sample(
      fc.record({
        balanceMinor: fc.bigInt({ min: 0n, max: 10_000_000_000_00n }),
        rateBps: fc.bigInt({ min: 0n, max: 5_000n }),
        carry: fc.bigInt({
          min: -interestUnitsPerMinor / 2n,
          max: interestUnitsPerMinor / 2n - 1n,
        }),
      }),
      { numRuns: 2_000, seed: 20261125 },
    );
    const values = sql.join(
      samples.map(
        (sample, index) =>
          sql`(${index}, ${sample.balanceMinor.toString()}::bigint, ${sample.rateBps.toString()}::bigint, ${sample.carry.toString()}::bigint)`,
      ),
      sql`, `,
    );
    const accrual = accrualSql(sql`balance`, sql`rate`, sql`carry`);
    const computed = await rows<{ index: number; interest: string; carry: string }>(
      database.db,
      sql`select index, ${accrual.interestMinor}::text as interest, ${accrual.carry}::text as carry
            from (values ${values}) as plans(index, balance, rate, carry) order by index`,
    );
    expect(computed).toHaveLength(samples.length);
    for (const row of computed) {
      const sample = samples[row.index];
      if (!sample) throw new Error('sample missing');
      const expected = accrueDay(sample.balanceMinor, sample.rateBps, sample.carry);
      expect({ interest: BigInt(row.interest), carry: BigInt(row.carry) }).toEqual({
        interest: expected.interestMinor,
        carry: expected.carry,
      });
    }
  });
});
