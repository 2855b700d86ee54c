import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountBalance,
  placeHold,
  postEntry,
  postHold,
  transfer,
  voidHold,
} from '../../src/money/ledger/ledger.service.ts';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { createFundedWallet } from '../support/ledger-fixtures.ts';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.ts';

describe(`ledger rules (${databaseKind})`, () => {
  let database: TestDatabase;
  const clock = new ManualClock();
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    expect(await checkLedger(database.db)).toEqual([]);
    await database.destroy();
  });

  it('when anyone updates, deletes or truncates postings, then the database refuses', async () => {
    await createFundedWallet(database, 500_00n, clock.now());
    const attempts = [
      sql`update postings set amount_minor = amount_minor * 2`,
      sql`delete from postings`,
      sql`truncate postings cascade`,
      sql`update journal_entries set description = 'rewritten'`,
      sql`delete from journal_entries`,
    ];
    for (const attempt of attempts) {
      await expect(database.unitOfWork((tx) => tx.execute(attempt))).rejects.toThrow();
    }
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('when raw SQL writes an entry that does not balance, then the commit is refused', async () => {
    const wallet = await createFundedWallet(database, 0n, clock.now());
    await expect(
      database.unitOfWork(async (tx) => {
        const [entry] = await rows<{ id: string }>(
          tx,
          sql`insert into journal_entries (idempotency_key, kind, description)
              values ('unbalanced', 'test', 'one-legged') returning id`,
        );
        await tx.execute(sql`insert into postings (entry_id, account_id, currency, amount_minor)
            values (${entry?.id ?? ''}, ${wallet.walletId}, 'NGN', 100)`);
      }),
    ).rejects.toThrow();
  });

  it('when an entry does not sum to zero, then it is refused before touching the database', async () => {
    const wallet = await createFundedWallet(database, 100_00n, clock.now());
    await expect(
      database.unitOfWork((tx) =>
        postEntry(tx, {
          idempotencyKey: 'lopsided',
          kind: 'test',
          description: 'lopsided',
          currency: 'NGN',
          postings: [
            { accountId: wallet.walletId, amountMinor: -10_00n },
            { accountId: wallet.settlementId, amountMinor: 9_00n },
          ],
          at: clock.now(),
        }),
      ),
    ).rejects.toThrow(/balance/);
  });

  it('when the same entry key is posted five times, then money moves once', async () => {
    const wallet = await createFundedWallet(database, 100_00n, clock.now());
    const results = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      results.push(
        await database.unitOfWork((tx) =>
          transfer(tx, {
            idempotencyKey: `once:${wallet.walletId}`,
            kind: 'withdrawal',
            description: 'Once',
            currency: 'NGN',
            fromAccountId: wallet.walletId,
            toAccountId: wallet.settlementId,
            amountMinor: 30_00n,
            at: clock.now(),
          }),
        ),
      );
    }
    expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect((await accountBalance(database.db, wallet.walletId)).balanceMinor).toBe(70_00n);
  });

  it('when a hold is placed, then the available balance drops and the balance does not', async () => {
    const wallet = await createFundedWallet(database, 100_00n, clock.now());
    await database.unitOfWork((tx) =>
      placeHold(tx, {
        idempotencyKey: `hold:${wallet.walletId}`,
        accountId: wallet.walletId,
        amountMinor: 60_00n,
        at: clock.now(),
      }),
    );
    expect(await accountBalance(database.db, wallet.walletId)).toEqual({
      balanceMinor: 100_00n,
      heldMinor: 60_00n,
      availableMinor: 40_00n,
    });
    await expect(
      database.unitOfWork((tx) =>
        transfer(tx, {
          idempotencyKey: `over-hold:${wallet.walletId}`,
          kind: 'withdrawal',
          description: 'More than available',
          currency: 'NGN',
          fromAccountId: wallet.walletId,
          toAccountId: wallet.settlementId,
          amountMinor: 50_00n,
          at: clock.now(),
        }),
      ),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
  });

  it('when a pending hold is posted and voided at the same time, then exactly one wins once', async () => {
    const wallet = await createFundedWallet(database, 100_00n, clock.now());
    const { holdId } = await database.unitOfWork((tx) =>
      placeHold(tx, {
        idempotencyKey: `race-hold:${wallet.walletId}`,
        accountId: wallet.walletId,
        amountMinor: 40_00n,
        at: clock.now(),
      }),
    );
    const outcomes = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        database.unitOfWork((tx) =>
          postHold(tx, {
            holdId,
            toAccountId: wallet.settlementId,
            kind: 'withdrawal',
            description: 'Payout settled',
            at: clock.now(),
          }),
        ),
      ),
      ...Array.from({ length: 5 }, () =>
        database.unitOfWork((tx) => voidHold(tx, holdId, clock.now())),
      ),
    ]);
    expect(outcomes.filter((outcome) => outcome.resolved)).toHaveLength(1);
    const balance = await accountBalance(database.db, wallet.walletId);
    expect(balance.heldMinor).toBe(0n);
    expect([60_00n, 100_00n]).toContain(balance.balanceMinor);
  });

  it('when a failed payout voids its hold twice, then the money comes back once', async () => {
    const wallet = await createFundedWallet(database, 100_00n, clock.now());
    const { holdId } = await database.unitOfWork((tx) =>
      placeHold(tx, {
        idempotencyKey: `void-twice:${wallet.walletId}`,
        accountId: wallet.walletId,
        amountMinor: 25_00n,
        at: clock.now(),
      }),
    );
    const first = await database.unitOfWork((tx) => voidHold(tx, holdId, clock.now()));
    const second = await database.unitOfWork((tx) => voidHold(tx, holdId, clock.now()));
    expect(first).toEqual({ resolved: true });
    expect(second).toEqual({ resolved: false, status: 'voided' });
    expect(await accountBalance(database.db, wallet.walletId)).toEqual({
      balanceMinor: 100_00n,
      heldMinor: 0n,
      availableMinor: 100_00n,
    });
  });

  it('when a hold larger than the available balance is asked for, then it is refused', async () => {
    const wallet = await createFundedWallet(database, 10_00n, clock.now());
    await expect(
      database.unitOfWork((tx) =>
        placeHold(tx, {
          idempotencyKey: `too-big:${wallet.walletId}`,
          accountId: wallet.walletId,
          amountMinor: 10_01n,
          at: clock.now(),
        }),
      ),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    const holds = await rows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from ledger_holds where idempotency_key = ${`too-big:${wallet.walletId}`}`,
    );
    expect(holds[0]?.count).toBe(0);
  });
});
