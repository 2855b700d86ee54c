import { sql, type SQL } from 'drizzle-orm';
import { batchInput, rows, type Executor } from '../../platform/db.ts';

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
 * inserted, raises the account's held amount if its available balance covers it. Answers whether
 * the account exists, the new hold's id (undefined for a replayed key) and whether it was
 * reserved. The caller's transaction must roll back when a new hold could not be reserved.
 */
export async function insertAndReserveHold(
  executor: Executor,
  hold: { idempotencyKey: string; accountId: string; amountMinor: bigint },
  createdAt: Date,
): Promise<{ accountFound: boolean; holdId: string | undefined; reserved: boolean }> {
  const [result] = await rows<{
    account_id: string | null;
    hold_id: string | null;
    reserved: boolean;
  }>(
    executor,
    sql`with account as (
          select id, currency from ledger_accounts where id = ${hold.accountId}
        ), hold as (
          insert into ledger_holds (idempotency_key, account_id, currency, amount_minor, created_at)
          select ${hold.idempotencyKey}::text, id, currency, ${hold.amountMinor.toString()}::bigint,
                 ${createdAt.toISOString()}::timestamptz
            from account
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
        select (select id from account) as account_id, (select id from hold) as hold_id,
               exists (select 1 from reserved) as reserved`,
  );
  return {
    accountFound: Boolean(result?.account_id),
    holdId: result?.hold_id ?? undefined,
    reserved: result?.reserved === true,
  };
}

export interface HoldRequest {
  idempotencyKey: string;
  accountId: string;
  amountMinor: bigint;
}

/**
 * Common table expressions that place many holds, each on a different account, for a statement
 * that may write more with them (a batch of withdrawals writes its rows in the same statement):
 *
 * - `hold_input (ord, key, account_id, amount_minor)`: the holds asked for, `ord` their position;
 * - `hold_existing (ord, id)`: keys placed before, which change nothing;
 * - `hold_reserved (ord)`: holds whose account's available balance covered them, now reserved;
 * - `hold_inserted (id, idempotency_key)`: the holds inserted for those.
 *
 * Reserving comes before inserting, so a hold the balance cannot cover writes nothing. A key
 * placed at the same moment by another transaction makes the statement fail on the key's unique
 * index, and nothing is written. `only`, a condition on `hold_input` that may read the
 * statement's earlier CTEs, leaves out the holds that do not meet it (a limit checked under a
 * lock taken in the same statement). This is the only SQL outside `placeHold` that moves
 * `held_minor`.
 */
export function holdPlacementCtes(
  holds: readonly HoldRequest[],
  createdAt: Date,
  only: SQL = sql`true`,
): SQL {
  const input = batchInput('hold_input', {
    ord: ['int', holds.map((_, ord) => ord)],
    key: ['text', holds.map((hold) => hold.idempotencyKey)],
    account_id: ['uuid', holds.map((hold) => hold.accountId)],
    amount_minor: ['bigint', holds.map((hold) => hold.amountMinor)],
  });
  return sql`hold_input as (select * from ${input}),
    hold_existing as (
      select hold_input.ord, h.id
        from hold_input join ledger_holds h on h.idempotency_key = hold_input.key
    ), hold_reserved as (
      update ledger_accounts a set held_minor = a.held_minor + hold_input.amount_minor
        from hold_input
       where a.id = hold_input.account_id
         and not exists (select 1 from hold_existing where hold_existing.ord = hold_input.ord)
         and (a.allow_negative or a.balance_minor - a.held_minor >= hold_input.amount_minor)
         and ${only}
      returning hold_input.ord, a.currency
    ), hold_inserted as (
      insert into ledger_holds (idempotency_key, account_id, currency, amount_minor, created_at)
      select hold_input.key, hold_input.account_id, hold_reserved.currency,
             hold_input.amount_minor, ${createdAt.toISOString()}::timestamptz
        from hold_input join hold_reserved using (ord)
      returning id, idempotency_key
    )`;
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
