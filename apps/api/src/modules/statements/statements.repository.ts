import { sql } from 'drizzle-orm';
import type { Currency } from '@ajo/money/currency';
import { walletAccountCode } from '../../money/ledger/account-codes.ts';
import { rows, type Executor } from '../../platform/db.ts';

/** One posting on a wallet, with what the activity feed says about the same movement. */
export interface WalletPostingRow {
  posting_id: string;
  amount_minor: string;
  at: string | Date;
  entry_description: string;
  entry_id: string;
  activity_reference: string | null;
  activity_description: string | null;
  activity_direction: string | null;
  activity_fee_minor: string | null;
  activity_metadata: Record<string, unknown> | null;
}

export interface WalletLedger {
  currency: Currency;
  /** Sum of the wallet's postings before the period. */
  openingMinor: bigint;
  /** Sum of the wallet's postings before the period's end. */
  closingMinor: bigint;
  postings: WalletPostingRow[];
}

/**
 * Reads only: the user's wallet in `currency` (found by its code, which names the owner), its
 * balance at the period's start and end from the postings, and every posting in between, oldest
 * first. Each posting is matched to the activity row of the same movement (the one its entry
 * names, or the one created at the same instant, or at its hold's), which only adds a reference,
 * fee and interest figures: amounts and balances always come from the postings. One statement,
 * so all of it is one snapshot.
 */
export async function findWalletLedger(
  executor: Executor,
  input: { userId: string; currency: Currency; start: Date; end: Date },
): Promise<WalletLedger> {
  const { userId, currency } = input;
  const start = input.start.toISOString();
  const end = input.end.toISOString();
  const found = await rows<
    { opening_minor: string | null; closing_minor: string | null } & (
      WalletPostingRow | Record<keyof WalletPostingRow, null>
    )
  >(
    executor,
    sql`with wallet as (
          select id from ledger_accounts
           where code = ${walletAccountCode(userId, currency)} and owner_user_id = ${userId}),
        totals as (
          select coalesce(sum(p.amount_minor) filter (where p.created_at < ${start}::timestamptz), 0)::text
                   as opening_minor,
                 coalesce(sum(p.amount_minor) filter (where p.created_at < ${end}::timestamptz), 0)::text
                   as closing_minor
            from wallet left join postings p on p.account_id = wallet.id)
        select totals.opening_minor, totals.closing_minor, moves.*
          from totals
          left join lateral (
            select p.id::text as posting_id, p.amount_minor::text as amount_minor,
                   p.created_at as at, e.description as entry_description, e.id as entry_id,
                   t.reference as activity_reference, t.description as activity_description,
                   t.direction as activity_direction, t.fee_minor::text as activity_fee_minor,
                   t.metadata as activity_metadata
              from wallet
              join postings p on p.account_id = wallet.id
              join journal_entries e on e.id = p.entry_id
              left join ledger_holds h on h.resolution_entry_id = e.id
              -- A credit names its activity row (money/credits.ts): a card top-up is paid, and
              -- credited, minutes after its row was made, so the instant alone would miss it.
              cross join lateral (
                select case when e.metadata->>'transactionId' ~ '^[0-9a-f-]{36}$'
                            then (e.metadata->>'transactionId')::uuid end as transaction_id) named
              left join lateral (
                select reference, description, direction, fee_minor, metadata, amount_minor
                  from transactions t
                 where t.user_id = ${userId} and t.currency = ${currency}
                   and (t.created_at = coalesce(h.created_at, p.created_at)
                        or t.id = named.transaction_id)
                 order by t.id = named.transaction_id is true desc,
                          (t.amount_minor + t.fee_minor = abs(p.amount_minor)) desc,
                          (t.amount_minor = abs(p.amount_minor)) desc, t.id
                 limit 1) t on true
             where p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz
             order by p.created_at, p.id) moves on true`,
  );
  const [first] = found;
  return {
    currency,
    openingMinor: BigInt(first?.opening_minor ?? '0'),
    closingMinor: BigInt(first?.closing_minor ?? '0'),
    postings: found.filter((row): row is typeof row & WalletPostingRow => row.posting_id !== null),
  };
}

export interface StatementHolder {
  first_name: string;
  last_name: string;
  email: string;
  account_number: string | null;
  bank_name: string | null;
}

export async function findHolder(
  executor: Executor,
  userId: string,
): Promise<StatementHolder | undefined> {
  const [found] = await rows<StatementHolder>(
    executor,
    sql`select u.first_name, u.last_name, u.email, va.account_number, va.bank_name
          from users u left join virtual_accounts va on va.user_id = u.id
         where u.id = ${userId}`,
  );
  return found;
}

export interface StatementRecord {
  code: string;
  userId: string;
  fromDate: string;
  toDate: string;
  format: 'pdf' | 'csv';
  holderMasked: string;
  sha256: string;
  issuedAt: Date;
}

export async function insertStatement(executor: Executor, record: StatementRecord) {
  await executor.execute(
    sql`insert into statements (code, user_id, from_date, to_date, format, holder_masked, sha256,
                                issued_at)
        values (${record.code}, ${record.userId}, ${record.fromDate}, ${record.toDate},
                ${record.format}, ${record.holderMasked}, ${record.sha256},
                ${record.issuedAt.toISOString()}::timestamptz)`,
  );
}

export interface IssuedStatementRow {
  code: string;
  holder_masked: string;
  from_date: string;
  to_date: string;
  format: 'pdf' | 'csv';
  sha256: string;
  issued_at: string | Date;
}

const issuedColumns = sql`code, holder_masked, to_char(from_date, 'YYYY-MM-DD') as from_date,
  to_char(to_date, 'YYYY-MM-DD') as to_date, format, sha256, issued_at`;

export async function findStatementByCode(executor: Executor, code: string) {
  const [found] = await rows<IssuedStatementRow>(
    executor,
    sql`select ${issuedColumns} from statements where code = ${code}`,
  );
  return found;
}

export async function findStatementByHash(executor: Executor, sha256: string) {
  const [found] = await rows<IssuedStatementRow>(
    executor,
    sql`select ${issuedColumns} from statements where sha256 = ${sha256}
         order by issued_at desc limit 1`,
  );
  return found;
}
