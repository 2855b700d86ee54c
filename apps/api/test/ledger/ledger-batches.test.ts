import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountBalance,
  move,
  placeHolds,
  resolveHolds,
  type EntryInput,
} from '../../src/money/ledger/ledger.service.ts';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { createFundedWallet } from '../support/ledger-fixtures.ts';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.ts';

/**
 * Decision 0016: the ledger's one write is a batch of entries in one statement, and its one hold
 * path a batch of holds; a batch of one is what the single calls run.
 */
describe(`ledger batches (${databaseKind})`, () => {
  let database: TestDatabase;
  const clock = new ManualClock();
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    expect(await checkLedger(database.db)).toEqual([]);
    await database.destroy();
  });

  const spend = (
    wallet: { walletId: string; settlementId: string },
    amountMinor: bigint,
    key: string,
  ): EntryInput => ({
    idempotencyKey: key,
    kind: 'test_spend',
    description: 'Test spend',
    currency: 'NGN',
    postings: [
      { accountId: wallet.walletId, amountMinor: -amountMinor },
      { accountId: wallet.settlementId, amountMinor },
    ],
    at: clock.now(),
  });

  it('when one batch holds entries that fit, one that does not and a replay, then each gets its own outcome and only the fitting ones move money', async () => {
    const rich = await createFundedWallet(database, 1_000_00n, clock.now());
    const poor = await createFundedWallet(database, 10_00n, clock.now());
    const again = await createFundedWallet(database, 1_000_00n, clock.now());
    await database.unitOfWork((tx) => move(tx, [spend(again, 100_00n, 'batch:again')]));

    const outcomes = await database.unitOfWork((tx) =>
      move(tx, [
        spend(rich, 400_00n, 'batch:rich'),
        spend(poor, 50_00n, 'batch:poor'),
        spend(again, 100_00n, 'batch:again'),
      ]),
    );
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual([
      'posted',
      'insufficient_funds',
      'replayed',
    ]);
    expect((await accountBalance(database.db, rich.walletId)).balanceMinor).toBe(600_00n);
    expect((await accountBalance(database.db, poor.walletId)).balanceMinor).toBe(10_00n);
    expect((await accountBalance(database.db, again.walletId)).balanceMinor).toBe(900_00n);
    const [written] = await rows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from journal_entries where idempotency_key = 'batch:poor'`,
    );
    expect(written?.count).toBe(0);
  });

  it('when two entries of one batch move the same user account, then the batch is refused whole instead of moving it once', async () => {
    const wallet = await createFundedWallet(database, 1_000_00n, clock.now());
    await expect(
      database.unitOfWork((tx) =>
        move(tx, [spend(wallet, 10_00n, 'twice:one'), spend(wallet, 20_00n, 'twice:two')]),
      ),
    ).rejects.toThrow(/same guarded account/);
    expect((await accountBalance(database.db, wallet.walletId)).balanceMinor).toBe(1_000_00n);
  });

  it('when many users spend at once into one system account, then its balance is the sum of its postings and nothing is stored on its row', async () => {
    const wallets = await Promise.all(
      Array.from({ length: 8 }, () => createFundedWallet(database, 100_00n, clock.now())),
    );
    const settlementId = wallets[0]?.settlementId ?? '';
    const before = (await accountBalance(database.db, settlementId)).balanceMinor;
    await Promise.all(
      wallets.map((wallet, index) =>
        database.unitOfWork((tx) => move(tx, [spend(wallet, 10_00n, `hot:${String(index)}`)])),
      ),
    );
    expect((await accountBalance(database.db, settlementId)).balanceMinor - before).toBe(80_00n);
    const [stored] = await rows<{ balance_minor: string }>(
      database.db,
      sql`select balance_minor::text from ledger_accounts where id = ${settlementId}`,
    );
    expect(stored?.balance_minor).toBe('0');
  });

  it('when a batch of holds mixes covered, uncovered and replayed holds, then each answers on its own', async () => {
    const covered = await createFundedWallet(database, 500_00n, clock.now());
    const short = await createFundedWallet(database, 5_00n, clock.now());
    const placedBefore = await createFundedWallet(database, 500_00n, clock.now());
    const hold = (walletId: string, amountMinor: bigint, key: string) => ({
      idempotencyKey: key,
      accountId: walletId,
      amountMinor,
    });
    await database.unitOfWork((tx) =>
      placeHolds(tx, [hold(placedBefore.walletId, 100_00n, 'holds:before')], clock.now()),
    );
    const placed = await database.unitOfWork((tx) =>
      placeHolds(
        tx,
        [
          hold(covered.walletId, 200_00n, 'holds:covered'),
          hold(short.walletId, 200_00n, 'holds:short'),
          hold(placedBefore.walletId, 100_00n, 'holds:before'),
        ],
        clock.now(),
      ),
    );
    expect(placed.map((outcome) => outcome.outcome)).toEqual([
      'placed',
      'insufficient_funds',
      'replayed',
    ]);
    expect((await accountBalance(database.db, covered.walletId)).availableMinor).toBe(300_00n);
    expect((await accountBalance(database.db, short.walletId)).heldMinor).toBe(0n);
    expect((await accountBalance(database.db, placedBefore.walletId)).heldMinor).toBe(100_00n);
  });

  it('when random batches of spends run, then every wallet ends at its funding less what was posted, never below zero', async () => {
    const wallets = await Promise.all(
      Array.from({ length: 4 }, () => createFundedWallet(database, 100_00n, clock.now())),
    );
    const model = wallets.map(() => 100_00n);
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.uniqueArray(
            fc.record({
              wallet: fc.integer({ min: 0, max: wallets.length - 1 }),
              amount: fc.bigInt({ min: 1n, max: 60_00n }),
            }),
            { selector: (spendOf) => spendOf.wallet, minLength: 1, maxLength: wallets.length },
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (batches) => {
          for (const batch of batches) {
            const entries = batch.map(({ wallet, amount }) => {
              serial += 1;
              return spend(wallets[wallet]!, amount, `random:${String(serial)}`);
            });
            const outcomes = await database.unitOfWork((tx) => move(tx, entries));
            for (const [index, { wallet, amount }] of batch.entries()) {
              const fits = model[wallet]! >= amount;
              expect(outcomes[index]?.outcome).toBe(fits ? 'posted' : 'insufficient_funds');
              if (fits) model[wallet] = model[wallet]! - amount;
            }
          }
          for (const [index, wallet] of wallets.entries()) {
            expect((await accountBalance(database.db, wallet.walletId)).balanceMinor).toBe(
              model[index],
            );
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('when one batch posts and voids holds, two of them on one wallet and one already final, then each hold resolves once and only the posted money leaves', async () => {
    const wallet = await createFundedWallet(database, 1_000_00n, clock.now());
    const other = await createFundedWallet(database, 500_00n, clock.now());
    const at = clock.now();
    const placed = await placeHolds(
      database.db,
      [
        { idempotencyKey: 'resolve:a', accountId: wallet.walletId, amountMinor: 100_00n },
        { idempotencyKey: 'resolve:other', accountId: other.walletId, amountMinor: 50_00n },
      ],
      at,
    );
    const [second, third] = await Promise.all([
      placeHolds(
        database.db,
        [{ idempotencyKey: 'resolve:b', accountId: wallet.walletId, amountMinor: 200_00n }],
        at,
      ),
      placeHolds(
        database.db,
        [{ idempotencyKey: 'resolve:c', accountId: wallet.walletId, amountMinor: 300_00n }],
        at,
      ),
    ]);
    const holdIds = [...placed, ...second, ...third].map((hold) =>
      hold.outcome === 'placed' ? hold.holdId : '',
    );
    const [a, otherHold, b, c] = holdIds as [string, string, string, string];
    await database.unitOfWork((tx) => resolveHolds(tx, [{ holdId: c }], at));

    const postTo = { accountId: wallet.settlementId, kind: 'test_payout', description: 'Paid out' };
    const outcomes = await database.unitOfWork((tx) =>
      resolveHolds(
        tx,
        [
          { holdId: a, postTo },
          { holdId: b, postTo },
          { holdId: otherHold },
          { holdId: c, postTo },
        ],
        at,
      ),
    );
    expect(outcomes.map((outcome) => outcome.resolved)).toEqual([true, true, true, false]);
    expect(outcomes[3]).toEqual({ resolved: false, status: 'voided' });
    expect(await accountBalance(database.db, wallet.walletId)).toMatchObject({
      balanceMinor: 700_00n,
      heldMinor: 0n,
    });
    expect(await accountBalance(database.db, other.walletId)).toMatchObject({
      balanceMinor: 500_00n,
      heldMinor: 0n,
    });

    // The same batch again changes nothing.
    const again = await database.unitOfWork((tx) =>
      resolveHolds(tx, [{ holdId: a, postTo }, { holdId: otherHold }], at),
    );
    expect(again).toEqual([
      { resolved: false, status: 'posted' },
      { resolved: false, status: 'voided' },
    ]);
    expect(await accountBalance(database.db, wallet.walletId)).toMatchObject({
      balanceMinor: 700_00n,
    });
    await expect(
      database.unitOfWork((tx) => resolveHolds(tx, [{ holdId: a }, { holdId: a }], at)),
    ).rejects.toThrow(/once/);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
