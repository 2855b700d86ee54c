import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FixedIncomeOrder, FixedIncomeProduct } from '@ajo/contracts/fixed-income';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import { newKey } from '../support/calls.ts';
import { crashTestServers } from '../support/crash-servers.ts';
import { walletState } from '../support/withdrawal-helpers.ts';

/**
 * QUALITY 9 for fixed income, with real processes: the server stops itself with SIGKILL as soon
 * as its first batch of coupons is committed (`TEST_CRASH_AT=fixed_income_after_payment`), in
 * the middle of a sandbox clock move that makes a second coupon due; the restarted server pays
 * the second coupon and never the first again. PostgreSQL only, as the other crash tests.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a server killed between two coupons of a bond (QUALITY 9)',
  () => {
    const { database, start, moveClock } = crashTestServers();

    const paymentsOf = async (orderId: string) =>
      (
        await rows<{ count: number }>(
          database().db,
          sql`select count(*)::int as count from fixed_income_payments where order_id = ${orderId}`,
        )
      )[0]?.count;

    it('when killed after the first coupon was paid, then the restarted server pays the second once and the first never again', async () => {
      const doomed = await start({ TEST_CRASH_AT: 'fixed_income_after_payment' });
      const user = await newBillPayer(doomed.call, database(), {
        label: 'crash-bondholder',
        fundMinor: 1_000_000_00n,
      });
      const listed = await doomed.call('/v1/fixed_incomes?size=100', { token: user.token });
      const bond = listed
        .json<{ data: { items: FixedIncomeProduct[] } }>()
        .data.items.find((product) => product.slug === 'bond-delta-power-3y');
      const bought = await doomed.call('/v1/fixed_incomes/orders', {
        method: 'POST',
        token: user.token,
        headers: { 'idempotency-key': newKey() },
        payload: { fixed_income_id: bond?.id, amount: '123456.78' },
      });
      expect(bought.statusCode, bought.body).toBe(200);
      const order = bought.json<{ data: FixedIncomeOrder }>().data;
      const afterBuy = 1_000_000_00n - 123_456_78n;

      // 400 days: the first coupon (six months on) is paid, then the process is killed.
      await expect(moveClock(doomed, 400)).rejects.toThrow();
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await paymentsOf(order.id)).toBe(1);
      // Each coupon: ₦12,654.32 gross less ₦1,265.43 tax = ₦11,388.89 (fixed-income-payments.test).
      expect((await walletState(database(), user.userId)).balanceMinor).toBe(afterBuy + 11_388_89n);

      // The restarted sandbox is 400 days on (the move was kept before it ran): the next day's
      // run pays the second coupon, once, whatever runs at the same time.
      const restarted = await start();
      const moved = await moveClock(restarted, 1);
      expect(moved.statusCode, moved.body).toBe(200);
      await Promise.all([moveClock(restarted, 1), moveClock(restarted, 1)]);
      expect(await paymentsOf(order.id)).toBe(2);
      expect((await walletState(database(), user.userId)).balanceMinor).toBe(
        afterBuy + 2n * 11_388_89n,
      );
      expect(await checkLedger(database().db)).toEqual([]);
    });
  },
);
