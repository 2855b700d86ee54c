import { sql } from 'drizzle-orm';
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

export async function findAccountsByCode(
  executor: Executor,
  codes: readonly string[],
): Promise<LedgerAccountRow[]> {
  const input = batchInput('x', { code: ['text', codes] });
  const found = await rows<RawAccount>(
    executor,
    sql`select ${accountColumns} from ledger_accounts where code in (select code from ${input})`,
  );
  return found.map(toAccount);
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

export interface EntryRow {
  idempotencyKey: string;
  kind: string;
  description: string;
  currency: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  postings: readonly { accountId: string; amountMinor: bigint }[];
}

/** What the statement did with one entry of a batch. */
export type WrittenEntry =
  | { outcome: 'posted'; entryId: string }
  /** The key was written before: nothing changed. */
  | { outcome: 'replayed'; entryId: string }
  /** A guarded account's available balance does not cover it: nothing written. */
  | { outcome: 'insufficient_funds' };

/**
 * A batch of journal entries in one statement (the ledger's one write path, decision 0016):
 *
 * - entries whose key exists already are replays and change nothing;
 * - the guarded accounts the others touch (user accounts, which may never go below zero
 *   available) are locked in id order and each entry's net movement on them is checked against
 *   their current available balance; an entry that does not fit is refused and writes nothing;
 * - the rest are inserted with their postings, and only the guarded accounts' stored balances
 *   move. System accounts (`allow_negative`) keep no stored balance: theirs is the sum of their
 *   postings, so credits and debits of unrelated users never wait on one shared row.
 *
 * A guarded account may appear in at most one entry of a batch (the callers' batches have one
 * item per user); the statement answers how many guarded balances it moved, and a mismatch with
 * what it meant to move throws, rolling the caller's transaction back.
 */
export async function writeEntries(
  executor: Executor,
  entries: readonly EntryRow[],
): Promise<WrittenEntry[]> {
  if (entries.length === 0) return [];
  const postings = entries.flatMap((entry, ord) =>
    entry.postings.map((posting) => ({ ord, ...posting })),
  );
  const entryInput = batchInput('entry_input', {
    ord: ['int', entries.map((_, ord) => ord)],
    key: ['text', entries.map((entry) => entry.idempotencyKey)],
    kind: ['text', entries.map((entry) => entry.kind)],
    description: ['text', entries.map((entry) => entry.description)],
    currency: ['text', entries.map((entry) => entry.currency)],
    metadata: ['jsonb', entries.map((entry) => entry.metadata)],
    created_at: ['timestamptz', entries.map((entry) => entry.createdAt)],
  });
  const postingInput = batchInput('posting_input', {
    ord: ['int', postings.map((posting) => posting.ord)],
    account_id: ['uuid', postings.map((posting) => posting.accountId)],
    amount_minor: ['bigint', postings.map((posting) => posting.amountMinor)],
  });
  const found = await rows<{
    ord: number;
    entry_id: string | null;
    replayed: boolean;
    refused: boolean;
    guarded_expected: number;
    guarded_moved: number;
  }>(
    executor,
    sql`with entry_input as (select * from ${entryInput}),
        posting_input as (select * from ${postingInput}),
        existing as (
          select entry_input.ord, j.id
            from entry_input join journal_entries j on j.idempotency_key = entry_input.key
        ), net as (
          select ord, account_id, sum(amount_minor) as amount_minor
            from posting_input
           where ord not in (select ord from existing)
           group by ord, account_id
        ), guarded as (
          select a.id, a.balance_minor, a.held_minor
            from ledger_accounts a
           where a.id in (select account_id from net) and not a.allow_negative
           order by a.id
             for no key update
        ), refused as (
          select distinct net.ord
            from net join guarded on guarded.id = net.account_id
           where guarded.balance_minor - guarded.held_minor + net.amount_minor < 0
        ), entries as (
          insert into journal_entries (idempotency_key, kind, description, metadata, created_at)
          select key, kind, description, metadata, created_at from entry_input
           where ord not in (select ord from existing) and ord not in (select ord from refused)
          on conflict (idempotency_key) do nothing
          returning id, idempotency_key
        ), written as (
          select entry_input.ord, entries.id, entry_input.currency, entry_input.created_at
            from entry_input join entries on entries.idempotency_key = entry_input.key
        ), guarded_moves as (
          select net.account_id, net.amount_minor
            from net join written using (ord) join guarded on guarded.id = net.account_id
        ), moved as (
          update ledger_accounts a set balance_minor = a.balance_minor + guarded_moves.amount_minor
            from guarded_moves
           where a.id = guarded_moves.account_id
          returning a.id
        ), posted as (
          -- Data-modifying CTEs always run to completion, whether or not the select reads them.
          insert into postings (entry_id, account_id, currency, amount_minor, created_at)
          select written.id, posting_input.account_id, written.currency,
                 posting_input.amount_minor, written.created_at
            from posting_input join written using (ord)
          returning entry_id
        )
        select entry_input.ord, coalesce(written.id, existing.id) as entry_id,
               existing.id is not null as replayed,
               entry_input.ord in (select ord from refused) as refused,
               (select count(*) from guarded_moves)::int as guarded_expected,
               (select count(*) from moved)::int as guarded_moved
          from entry_input
          left join written using (ord)
          left join existing using (ord)
         order by entry_input.ord`,
  );
  const [first] = found;
  if (first && first.guarded_expected !== first.guarded_moved) {
    throw new Error('two entries of one batch moved the same guarded account');
  }
  const answers: WrittenEntry[] = [];
  for (const row of found) {
    if (row.refused) answers.push({ outcome: 'insufficient_funds' });
    else if (row.entry_id) {
      answers.push({ outcome: row.replayed ? 'replayed' : 'posted', entryId: row.entry_id });
    } else {
      // Written at the same moment by another transaction under the same key: a replay.
      const entryId = await findEntryIdByKey(executor, entries[row.ord]?.idempotencyKey ?? '');
      if (!entryId) throw new Error('journal entry vanished after a key conflict');
      answers.push({ outcome: 'replayed', entryId });
    }
  }
  return answers;
}

export async function sumOfPostings(executor: Executor, accountId: string): Promise<bigint> {
  const [found] = await rows<{ total: string }>(
    executor,
    sql`select coalesce(sum(amount_minor), 0)::text as total from postings
         where account_id = ${accountId}`,
  );
  return BigInt(found?.total ?? '0');
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

export interface HoldRequest {
  idempotencyKey: string;
  accountId: string;
  amountMinor: bigint;
}

/** What the statement did with one hold of a batch. */
export type PlacedHold =
  | { outcome: 'placed'; holdId: string }
  /** The key was placed before: nothing changed. */
  | { outcome: 'replayed'; holdId: string }
  /** The account's available balance does not cover it: nothing written. */
  | { outcome: 'insufficient_funds' }
  | { outcome: 'account_not_found' };

/**
 * A batch of holds in one statement, each on a different account (the ledger's one hold path):
 * a key placed before changes nothing; otherwise the account's held amount rises if its available
 * balance covers the hold, and only then is the hold inserted. A key placed at the same moment by
 * another transaction makes the statement fail on the key's unique index, and nothing is written.
 */
export async function writeHolds(
  executor: Executor,
  holds: readonly HoldRequest[],
  createdAt: Date,
): Promise<PlacedHold[]> {
  if (holds.length === 0) return [];
  const input = batchInput('hold_input', {
    ord: ['int', holds.map((_, ord) => ord)],
    key: ['text', holds.map((hold) => hold.idempotencyKey)],
    account_id: ['uuid', holds.map((hold) => hold.accountId)],
    amount_minor: ['bigint', holds.map((hold) => hold.amountMinor)],
  });
  const found = await rows<{
    ord: number;
    account_found: boolean;
    existing_id: string | null;
    inserted_id: string | null;
  }>(
    executor,
    sql`with hold_input as (select * from ${input}),
        hold_existing as (
          select hold_input.ord, h.id
            from hold_input join ledger_holds h on h.idempotency_key = hold_input.key
        ), hold_locked as (
          -- In id order, as every batch that moves balances locks them: two batches never wait
          -- on each other in a circle.
          select a.id from ledger_accounts a
           where a.id in (select account_id from hold_input)
           order by a.id
             for no key update
        ), hold_reserved as (
          update ledger_accounts a set held_minor = a.held_minor + hold_input.amount_minor
            from hold_input
           where a.id = hold_input.account_id
             and a.id in (select id from hold_locked)
             and hold_input.ord not in (select ord from hold_existing)
             and (a.allow_negative or a.balance_minor - a.held_minor >= hold_input.amount_minor)
          returning hold_input.ord, a.currency
        ), hold_inserted as (
          insert into ledger_holds (idempotency_key, account_id, currency, amount_minor, created_at)
          select hold_input.key, hold_input.account_id, hold_reserved.currency,
                 hold_input.amount_minor, ${createdAt.toISOString()}::timestamptz
            from hold_input join hold_reserved using (ord)
          returning id, idempotency_key
        )
        select hold_input.ord,
               exists (select 1 from ledger_accounts a where a.id = hold_input.account_id)
                 as account_found,
               hold_existing.id as existing_id, hold_inserted.id as inserted_id
          from hold_input
          left join hold_existing using (ord)
          left join hold_inserted on hold_inserted.idempotency_key = hold_input.key
         order by hold_input.ord`,
  );
  return found.map((row): PlacedHold => {
    if (row.existing_id) return { outcome: 'replayed', holdId: row.existing_id };
    if (row.inserted_id) return { outcome: 'placed', holdId: row.inserted_id };
    return row.account_found ? { outcome: 'insufficient_funds' } : { outcome: 'account_not_found' };
  });
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

/**
 * Moves a batch of pending holds to their final status and gives each account back what its holds
 * had set aside, in two statements: the accounts are locked in id order first (as every batch
 * that moves balances locks them), then the holds are resolved and the held amounts released in
 * one. Holds already final change nothing and are not in the answer.
 */
export async function resolveHolds(
  executor: Executor,
  resolutions: readonly { holdId: string; status: 'posted' | 'voided' }[],
  resolvedAt: Date,
): Promise<HoldRow[]> {
  if (resolutions.length === 0) return [];
  const input = batchInput('resolution_input', {
    hold_id: ['uuid', resolutions.map((resolution) => resolution.holdId)],
    status: ['text', resolutions.map((resolution) => resolution.status)],
  });
  await executor.execute(sql`select a.id from ledger_accounts a
     where a.id in (select h.account_id from ledger_holds h
                     where h.id in (select hold_id from ${input}) and h.status = 'pending')
     order by a.id
       for no key update`);
  const resolved = await rows<RawHold>(
    executor,
    sql`with resolution_input as (select * from ${input}),
        resolved as (
          update ledger_holds h set status = resolution_input.status,
                 resolved_at = ${resolvedAt.toISOString()}
            from resolution_input
           where h.id = resolution_input.hold_id and h.status = 'pending'
          returning h.id, h.account_id, h.currency, h.amount_minor, h.status, h.resolution_entry_id
        ), given_back as (
          select account_id, sum(amount_minor) as amount_minor from resolved group by account_id
        ), released as (
          -- Data-modifying CTEs always run to completion, whether or not the select reads them.
          update ledger_accounts a set held_minor = a.held_minor - given_back.amount_minor
            from given_back
           where a.id = given_back.account_id
          returning a.id
        )
        select id, account_id, currency, amount_minor::text, status, resolution_entry_id
          from resolved`,
  );
  return resolved.map(toHold);
}

/** The journal entries that posted holds, recorded on the holds. */
export async function setHoldResolutionEntries(
  executor: Executor,
  entries: readonly { holdId: string; entryId: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  const input = batchInput('entry_input', {
    hold_id: ['uuid', entries.map((entry) => entry.holdId)],
    entry_id: ['uuid', entries.map((entry) => entry.entryId)],
  });
  await executor.execute(sql`update ledger_holds h set resolution_entry_id = entry_input.entry_id
      from ${input} where h.id = entry_input.hold_id`);
}
