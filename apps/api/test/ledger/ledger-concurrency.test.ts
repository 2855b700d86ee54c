import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, transfer } from '../../src/money/ledger/ledger.service.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { AppError } from '../../src/platform/errors.ts';
import { createFundedWallet } from '../support/ledger-fixtures.ts';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.ts';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';

describe(`ledger under concurrency (${databaseKind})`, () => {
  let database: TestDatabase;
  const clock = new ManualClock();
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 25 });
  });
  afterAll(async () => {
    expect(await checkLedger(database.db)).toEqual([]);
    await database.destroy();
  });

  it('when 50 withdrawals race on a wallet holding 10 of them, then exactly 10 succeed', async () => {
    const amountMinor = 1_000_00n;
    const wallet = await createFundedWallet(database, amountMinor * 10n, clock.now());
    const attempts = Array.from({ length: 50 }, (_, index) =>
      database.unitOfWork((tx) =>
        transfer(tx, {
          idempotencyKey: `race:${wallet.walletId}:${String(index)}`,
          kind: 'withdrawal',
          description: 'Race withdrawal',
          currency: 'NGN',
          fromAccountId: wallet.walletId,
          toAccountId: wallet.settlementId,
          amountMinor,
          at: clock.now(),
        }),
      ),
    );
    const results = await Promise.allSettled(attempts);
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(succeeded).toHaveLength(10);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(AppError);
      expect((result.reason as AppError).code).toBe('insufficient_funds');
    }
    const balance = await accountBalance(database.db, wallet.walletId);
    expect(balance.balanceMinor).toBe(0n);
  });

  it('when two transfers cross between the same wallets, then neither deadlocks', async () => {
    const left = await createFundedWallet(database, 100_00n, clock.now());
    const right = await createFundedWallet(database, 100_00n, clock.now());
    const moves = Array.from({ length: 40 }, (_, index) => {
      const [from, to] = index % 2 === 0 ? [left, right] : [right, left];
      return database.unitOfWork((tx) =>
        transfer(tx, {
          idempotencyKey: `cross:${left.walletId}:${String(index)}`,
          kind: 'transfer',
          description: 'Crossing transfer',
          currency: 'NGN',
          fromAccountId: from.walletId,
          toAccountId: to.walletId,
          amountMinor: 1_00n,
          at: clock.now(),
        }),
      );
    });
    await Promise.all(moves);
    const leftBalance = await accountBalance(database.db, left.walletId);
    const rightBalance = await accountBalance(database.db, right.walletId);
    expect(leftBalance.balanceMinor + rightBalance.balanceMinor).toBe(200_00n);
  });
});
