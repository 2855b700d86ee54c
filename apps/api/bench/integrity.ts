import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { checkLedger } from '../src/money/ledger/ledger-check.ts';
import { rows, type Database } from '../src/platform/db.ts';

export interface WithdrawIntegrity {
  /** Withdraw requests whose answer was stored (2xx and 4xx are kept; 5xx are not). */
  completedRecords: number;
  inFlightRecords: number;
  payouts: number;
  withdrawalTransactions: number;
  holds: number;
  ledgerProblems: number;
  ok: boolean;
}

/**
 * After row (b): once the requests autocannon abandoned at the end of its window have finished,
 * every stored answer must have made exactly one payout, one pending transaction and one hold,
 * and every balance must still equal its postings.
 */
export async function checkWithdrawIntegrity(database: Database): Promise<WithdrawIntegrity> {
  const count = async (query: ReturnType<typeof sql>) =>
    (await rows<{ count: number }>(database.db, query))[0]?.count ?? 0;
  let inFlightRecords = 0;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    inFlightRecords = await count(
      sql`select count(*)::int as count from idempotency_records where status = 'in_flight'`,
    );
    if (inFlightRecords === 0) break;
    await sleep(200);
  }
  const completedRecords = await count(
    sql`select count(*)::int as count from idempotency_records
         where status = 'completed' and response_status = 200
           and scope like '% POST /v1/wallets/withdraw'`,
  );
  // A payout is a provider movement since the money core (migration 0009).
  const payouts = await count(sql`select count(*)::int as count from provider_movements`);
  const withdrawalTransactions = await count(
    sql`select count(*)::int as count from transactions where type = 'withdrawal'`,
  );
  // The hold each payout reserved its money with (however the hold's own key is spelled).
  const holds = await count(
    sql`select count(distinct h.id)::int as count
          from ledger_holds h join provider_movements p on p.hold_id = h.id`,
  );
  const ledgerProblems = (await checkLedger(database.db)).length;
  return {
    completedRecords,
    inFlightRecords,
    payouts,
    withdrawalTransactions,
    holds,
    ledgerProblems,
    ok:
      inFlightRecords === 0 &&
      ledgerProblems === 0 &&
      payouts === completedRecords &&
      withdrawalTransactions === completedRecords &&
      holds === completedRecords,
  };
}

export interface BillIntegrity {
  completedRecords: number;
  inFlightRecords: number;
  movements: number;
  settled: number;
  billTransactions: number;
  ledgerProblems: number;
  ok: boolean;
}

/**
 * After row e: each stored airtime answer is one bill movement and one activity row, every one
 * settled once the sandbox biller answered (the background work is waited for), ledger clean.
 */
export async function checkBillIntegrity(database: Database): Promise<BillIntegrity> {
  const count = async (query: ReturnType<typeof sql>) =>
    (await rows<{ count: number }>(database.db, query))[0]?.count ?? 0;
  let inFlightRecords = 0;
  let settled = 0;
  let movements = 0;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    inFlightRecords = await count(
      sql`select count(*)::int as count from idempotency_records where status = 'in_flight'`,
    );
    movements = await count(
      sql`select count(*)::int as count from provider_movements where product = 'bill_airtime'`,
    );
    settled = await count(
      sql`select count(*)::int as count from provider_movements
           where product = 'bill_airtime' and status = 'success'`,
    );
    if (inFlightRecords === 0 && settled === movements) break;
    await sleep(200);
  }
  const completedRecords = await count(
    sql`select count(*)::int as count from idempotency_records
         where status = 'completed' and response_status = 200
           and scope like '% POST /v1/bill_payments/airtime'`,
  );
  const billTransactions = await count(
    sql`select count(*)::int as count from transactions where type = 'bill'`,
  );
  const ledgerProblems = (await checkLedger(database.db)).length;
  return {
    completedRecords,
    inFlightRecords,
    movements,
    settled,
    billTransactions,
    ledgerProblems,
    ok:
      inFlightRecords === 0 &&
      ledgerProblems === 0 &&
      movements === completedRecords &&
      settled === movements &&
      billTransactions === completedRecords,
  };
}
