import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SavingRecord } from '@ajo/contracts/savings';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import { newKey } from '../support/calls.ts';
import { crashTestServers } from '../support/crash-servers.ts';
import { walletState } from '../support/withdrawal-helpers.ts';

/**
 * QUALITY 9 for savings, with real processes: the server stops itself with SIGKILL between a
 * night's interest and the maturities it made due (`TEST_CRASH_AT=savings_after_accrual`), and
 * the restarted server pays the plan exactly once. PostgreSQL only, as the other crash tests.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a server killed between interest and maturity (QUALITY 9)',
  () => {
    const { database, start, moveClock } = crashTestServers();

    const planState = async (planId: string) => {
      const [plan] = await rows<{ status: string; days: string }>(
        database().db,
        sql`select status, (select count(*) from savings_accruals where plan_id = p.id)::text as days
              from savings_plans p where p.id = ${planId}`,
      );
      return plan;
    };

    it('when killed after the interest was booked, then the restarted server keeps the clock and pays the plan once', async () => {
      const doomed = await start({ TEST_CRASH_AT: 'savings_after_accrual' });
      const user = await newBillPayer(doomed.call, database(), {
        label: 'crash-saver',
        fundMinor: 100_000_00n,
      });
      const created = await doomed.call('/v1/savings/fixed', {
        method: 'POST',
        token: user.token,
        headers: { 'idempotency-key': newKey() },
        payload: { amount: 50_000, duration: '30d' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const order = created.json<{ data: SavingRecord }>().data.saving_order;

      await expect(moveClock(doomed, 30)).rejects.toThrow();
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      // The first day's interest was booked before the kill; nothing was paid.
      expect(await planState(order.id)).toEqual({ status: 'active', days: '1' });
      expect((await walletState(database(), user.userId)).balanceMinor).toBe(50_000_00n);

      // The restarted sandbox is 30 days on (the move was kept before it ran): the next run
      // books the missing days and pays the plan, once.
      const restarted = await start();
      const moved = await moveClock(restarted, 1);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<{ data: { offset_days: number; matured_plans: number } }>().data).toEqual(
        expect.objectContaining({ offset_days: 31, matured_plans: 1 }) as unknown,
      );
      await Promise.all([moveClock(restarted, 1), moveClock(restarted, 1)]);
      expect(await planState(order.id)).toEqual({ status: 'matured', days: '30' });
      // 50,000 back and 267.12 gross less 26.71 tax.
      expect((await walletState(database(), user.userId)).balanceMinor).toBe(100_000_00n + 240_41n);
      expect(await checkLedger(database().db)).toEqual([]);
    });
  },
);
