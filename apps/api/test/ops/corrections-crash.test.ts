import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { operatorsService } from '../../src/modules/ops/operators.service.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { fieldCrypto } from '../../src/platform/field-crypto.ts';
import { newTotpSecret } from '../../src/platform/totp.ts';
import { newBillPayer } from '../support/bill-helpers.ts';
import type { Caller } from '../support/calls.ts';
import { crashTestServers } from '../support/crash-servers.ts';
import { codeAt, OPERATOR_PASSWORD } from '../support/operators.ts';
import { processAppSecret, walletState } from '../support/withdrawal-helpers.ts';

/**
 * A money correction approved by a server that is killed (SIGKILL) in the middle: inside the
 * approving transaction (`TEST_CRASH_AT=correction_before_commit`) nothing of it stays, and the
 * restarted server approves it once; right after the commit (`correction_after_commit`) it stays
 * approved and posted once, and approving it again is refused. PostgreSQL only, as the other
 * crash tests.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a server killed while approving a money correction',
  () => {
    const { database, start } = crashTestServers();

    /** An operator made as `ops:create-operator` makes one, signed in through `server`. */
    const operator = async (server: { call: Caller }, label: string) => {
      const operators = operatorsService({
        database: database(),
        clock: systemClock,
        crypto: fieldCrypto(processAppSecret),
        policy: { idleMs: 15 * 60_000, absoluteMs: 8 * 60 * 60_000, secureCookie: false },
      });
      const email = `${label}-${String(Date.now())}@ops.ajo.test`;
      const created = await operators.create({
        email,
        name: `Crash ${label}`,
        password: OPERATOR_PASSWORD,
        totpSecret: newTotpSecret(),
      });
      const signedIn = await server.call('/v1/ops/sessions', {
        method: 'POST',
        pin: null,
        payload: {
          email,
          password: OPERATOR_PASSWORD,
          code: codeAt(created.totpSecret, new Date()),
        },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      return signedIn.json<{ data: { token: string } }>().data.token;
    };

    const correction = async (id: string) =>
      (
        await rows<{ status: string; transaction_reference: string | null }>(
          database().db,
          sql`select status, transaction_reference from money_corrections where id = ${id}`,
        )
      )[0];
    const approvals = async (id: string) =>
      (
        await rows<{ count: number }>(
          database().db,
          sql`select count(*)::int as count from operator_audit_log
               where action = 'money_correction.approved' and subject_id = ${id}`,
        )
      )[0]?.count;

    const propose = async (server: { call: Caller }, maker: string, userId: string) => {
      const proposed = await server.call('/v1/ops/corrections', {
        method: 'POST',
        token: maker,
        pin: null,
        payload: {
          user_id: userId,
          currency: 'NGN',
          direction: 'credit',
          amount: '5000.00',
          reason: 'Transfer SBX-CRASH-1 arrived without a credit',
        },
      });
      expect(proposed.statusCode, proposed.body).toBe(200);
      return proposed.json<{ data: { id: string } }>().data.id;
    };
    const approve = (server: { call: Caller }, checker: string, id: string) =>
      server.call(`/v1/ops/corrections/${id}/approve`, {
        method: 'POST',
        token: checker,
        pin: null,
        payload: { reason: 'Matched the bank statement' },
      });

    it('when killed inside the approval, then nothing of it stays and the restarted server approves it once', async () => {
      const doomed = await start({ TEST_CRASH_AT: 'correction_before_commit' });
      const customer = await newBillPayer(doomed.call, database(), { label: 'corrected' });
      const maker = await operator(doomed, 'maker');
      const checker = await operator(doomed, 'checker');
      const id = await propose(doomed, maker, customer.userId);

      await expect(approve(doomed, checker, id)).rejects.toThrow();
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await correction(id)).toEqual({ status: 'proposed', transaction_reference: null });
      expect(await approvals(id)).toBe(0);
      expect((await walletState(database(), customer.userId)).balanceMinor).toBe(0n);

      const restarted = await start();
      const approved = await approve(restarted, checker, id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await correction(id))?.status).toBe('approved');
      expect(await approvals(id)).toBe(1);
      expect((await walletState(database(), customer.userId)).balanceMinor).toBe(5_000_00n);
      expect(await checkLedger(database().db)).toEqual([]);
    });

    it('when killed right after the approval committed, then it is posted once and a second approval is refused', async () => {
      const doomed = await start({ TEST_CRASH_AT: 'correction_after_commit' });
      const customer = await newBillPayer(doomed.call, database(), { label: 'corrected-twice' });
      const maker = await operator(doomed, 'maker');
      const checker = await operator(doomed, 'checker');
      const id = await propose(doomed, maker, customer.userId);

      await expect(approve(doomed, checker, id)).rejects.toThrow();
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect((await correction(id))?.status).toBe('approved');
      expect(await approvals(id)).toBe(1);
      expect((await walletState(database(), customer.userId)).balanceMinor).toBe(5_000_00n);

      // The checker, not knowing, approves again on the restarted server.
      const restarted = await start();
      const again = await approve(restarted, checker, id);
      expect(again.statusCode, again.body).toBe(409);
      expect(await approvals(id)).toBe(1);
      expect((await walletState(database(), customer.userId)).balanceMinor).toBe(5_000_00n);
      expect(await checkLedger(database().db)).toEqual([]);
    });
  },
);
