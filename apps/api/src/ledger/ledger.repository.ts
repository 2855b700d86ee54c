import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../platform/db.ts';

export interface LedgerAccountRow {
  id: string;
  code: string;
  currency: string;
  balanceMinor: bigint;
  heldMinor: bigint;
  allowNegative: boolean;
}

export interface HoldRow {
  id: string;
  accountId: string;
  currency: string;
  amountMinor: bigint;
  status: 'pending' | 'posted' | 'voided';
  resolutionEntryId: string | null;
}

interface RawAccount {
  id: string;
  code: string;
  currency: string;
  balance_minor: string;
  held_minor: string;
  allow_negative: boolean;
}

const toAccount = (row: RawAccount): LedgerAccountRow => ({
  id: row.id,
  code: row.code,
  currency: row.currency,
  balanceMinor: BigInt(row.balance_minor),
  heldMinor: BigInt(row.held_minor),
  allowNegative: row.allow_negative,
});

interface RawHold {
  id: string;
  account_id: string;
  currency: string;
  amount_minor: string;
  status: HoldRow['status'];
  resolution_entry_id: string | null;
}

const toHold = (row: RawHold): HoldRow => ({
  id: row.id,
  accountId: row.account_id,
  currency: row.currency,
  amountMinor: BigInt(row.amount_minor),
  status: row.status,
  resolutionEntryId: row.resolution_entry_id,
});

const accountColumns = sql`id, code, currency, balance_minor::text, held_minor::text, allow_negative`;

export async function upsertAccount(
  executor: Executor,
  account: {
    code: string;
    ownerUserId: string | null;
    kind: string;
    currency: string;
    allowNegative: boolean;
  },
): Promise<LedgerAccountRow> {
  // Accounts are opened once and read many times: look first, insert only when missing.
  const existing = await findAccountByCode(executor, account.code);
  if (existing) return existing;
  await executor.execute(sql`
    insert into ledger_accounts (code, owner_user_id, kind, currency, allow_negative)
    values (${account.code}, ${account.ownerUserId}, ${account.kind}, ${account.currency},
            ${account.allowNegative})
    on conflict (code) do nothing`);
  const found = await findAccountByCode(executor, account.code);
  if (!found) throw new Error(`ledger account ${account.code} could not be opened`);
  return found;
}

export async function findAccountByCode(
  executor: Executor,
  code: string,
): Promise<LedgerAccountRow | undefined> {
  const found = await rows<RawAccount>(
    executor,
    sql`select ${accountColumns} from ledger_accounts where code = ${code}`,
  );
  return found[0] && toAccount(found[0]);
}

export async function findAccountById(
  executor: Executor,
  id: string,
): Promise<LedgerAccountRow | undefined> {
  const found = await rows<RawAccount>(
    executor,
    sql`select ${accountColumns} from ledger_accounts where id = ${id}`,
  );
  return found[0] && toAccount(found[0]);
}

/** Inserts the entry unless its key exists; answers the new id, or undefined for a replay. */
export async function insertEntry(
  executor: Executor,
  entry: {
    idempotencyKey: string;
    kind: string;
    description: string;
    metadata: Record<string, unknown>;
    createdAt: Date;
  },
): Promise<string | undefined> {
  const inserted = await rows<{ id: string }>(
    executor,
    sql`insert into journal_entries (idempotency_key, kind, description, metadata, created_at)
        values (${entry.idempotencyKey}, ${entry.kind}, ${entry.description},
                ${JSON.stringify(entry.metadata)}::jsonb, ${entry.createdAt.toISOString()})
        on conflict (idempotency_key) do nothing
        returning id`,
  );
  return inserted[0]?.id;
}

export async function findEntryIdByKey(
  executor: Executor,
  idempotencyKey: string,
): Promise<string | undefined> {
  const found = await rows<{ id: string }>(
    executor,
    sql`select id from journal_entries where idempotency_key = ${idempotencyKey}`,
  );
  return found[0]?.id;
}

/**
 * Moves an account's balance by a signed amount, refusing to take a guarded account's
 * available balance (balance minus holds) below zero. Answers false when refused.
 */
export async function applyToBalance(
  executor: Executor,
  accountId: string,
  currency: string,
  amountMinor: bigint,
): Promise<boolean> {
  const updated = await rows<{ id: string }>(
    executor,
    sql`update ledger_accounts
           set balance_minor = balance_minor + ${amountMinor.toString()}::bigint
         where id = ${accountId} and currency = ${currency}
           and (allow_negative
                or balance_minor - held_minor + ${amountMinor.toString()}::bigint >= 0)
     returning id`,
  );
  return updated.length === 1;
}

export async function insertPostings(
  executor: Executor,
  entryId: string,
  currency: string,
  postings: readonly { accountId: string; amountMinor: bigint }[],
  createdAt: Date,
): Promise<void> {
  const values = postings.map(
    (posting) =>
      sql`(${entryId}, ${posting.accountId}, ${currency}, ${posting.amountMinor.toString()}::bigint, ${createdAt.toISOString()})`,
  );
  await executor.execute(sql`
    insert into postings (entry_id, account_id, currency, amount_minor, created_at)
    values ${sql.join(values, sql`, `)}`);
}

/**
 * In one statement: inserts the hold unless its key exists (in the account's currency) and, when
 * inserted, raises the account's held amount if its available balance covers it. A `guard` (a
 * boolean SQL expression, such as a limit on what was spent today) must hold for the hold to be
 * inserted; it is read in the same statement, so after any lock the caller already holds.
 * Answers whether the account exists, whether the guard held, the new hold's id (undefined for a
 * replayed key or a failed guard) and whether it was reserved. The caller's transaction must roll
 * back when a new hold could not be reserved.
 */
export async function insertAndReserveHold(
  executor: Executor,
  hold: { idempotencyKey: string; accountId: string; amountMinor: bigint; guard?: SQL | undefined },
  createdAt: Date,
): Promise<{
  accountFound: boolean;
  guardPassed: boolean;
  holdId: string | undefined;
  reserved: boolean;
}> {
  const [result] = await rows<{
    account_id: string | null;
    guard_passed: boolean;
    hold_id: string | null;
    reserved: boolean;
  }>(
    executor,
    sql`with account as (
          select id, currency from ledger_accounts where id = ${hold.accountId}
        ), guard as (
          select (${hold.guard ?? sql`true`}) as passed
        ), hold as (
          insert into ledger_holds (idempotency_key, account_id, currency, amount_minor, created_at)
          select ${hold.idempotencyKey}::text, id, currency, ${hold.amountMinor.toString()}::bigint,
                 ${createdAt.toISOString()}::timestamptz
            from account, guard where guard.passed
          on conflict (idempotency_key) do nothing
          returning id, account_id, amount_minor
        ), reserved as (
          update ledger_accounts set held_minor = ledger_accounts.held_minor + hold.amount_minor
            from hold
           where ledger_accounts.id = hold.account_id
             and (ledger_accounts.allow_negative
                  or ledger_accounts.balance_minor - ledger_accounts.held_minor >= hold.amount_minor)
          returning ledger_accounts.id
        )
        select (select id from account) as account_id, (select passed from guard) as guard_passed,
               (select id from hold) as hold_id, exists (select 1 from reserved) as reserved`,
  );
  return {
    accountFound: Boolean(result?.account_id),
    guardPassed: result?.guard_passed === true,
    holdId: result?.hold_id ?? undefined,
    reserved: result?.reserved === true,
  };
}

export async function release(
  executor: Executor,
  accountId: string,
  amountMinor: bigint,
): Promise<void> {
  await executor.execute(
    sql`update ledger_accounts set held_minor = held_minor - ${amountMinor.toString()}::bigint
         where id = ${accountId}`,
  );
}

export async function findHoldByKey(
  executor: Executor,
  idempotencyKey: string,
): Promise<HoldRow | undefined> {
  const found = await rows<RawHold>(
    executor,
    sql`select id, account_id, currency, amount_minor::text, status, resolution_entry_id
          from ledger_holds where idempotency_key = ${idempotencyKey}`,
  );
  return found[0] && toHold(found[0]);
}

export async function findHold(executor: Executor, holdId: string): Promise<HoldRow | undefined> {
  const found = await rows<RawHold>(
    executor,
    sql`select id, account_id, currency, amount_minor::text, status, resolution_entry_id
          from ledger_holds where id = ${holdId}`,
  );
  return found[0] && toHold(found[0]);
}

/** Moves a pending hold to its final status; answers undefined when it was already final. */
export async function resolveHold(
  executor: Executor,
  holdId: string,
  status: 'posted' | 'voided',
  resolvedAt: Date,
): Promise<HoldRow | undefined> {
  const updated = await rows<RawHold>(
    executor,
    sql`update ledger_holds set status = ${status}, resolved_at = ${resolvedAt.toISOString()}
         where id = ${holdId} and status = 'pending'
     returning id, account_id, currency, amount_minor::text, status, resolution_entry_id`,
  );
  return updated[0] && toHold(updated[0]);
}

export async function setHoldResolutionEntry(
  executor: Executor,
  holdId: string,
  entryId: string,
): Promise<void> {
  await executor.execute(
    sql`update ledger_holds set resolution_entry_id = ${entryId} where id = ${holdId}`,
  );
}
