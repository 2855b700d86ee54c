import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { erasurePattern, ERASED_TEXT } from '../../money/erasure.ts';
import { rows, type Executor } from '../../platform/db.ts';

/** What still ties the user to money or products; closing waits until each is zero. */
export interface Remaining {
  /**
   * Balance and held amounts still in the user's ledger accounts, per kind of account (`wallet`,
   * `on_hold` for deposits above the tier's caps, `product` for plans and holdings) and currency.
   */
  balances: {
    account: 'wallet' | 'on_hold' | 'product';
    currency: string;
    balance_minor: bigint;
    held_minor: bigint;
  }[];
  pendingTransactions: number;
  activeSavingsPlans: number;
  commodityHoldings: number;
  fixedIncomeOrders: number;
  realEstateHoldings: number;
}

export async function remainingOf(executor: Executor, userId: string): Promise<Remaining> {
  const balances = await rows<{
    account: 'wallet' | 'on_hold' | 'product';
    currency: string;
    balance_minor: string;
    held_minor: string;
  }>(
    executor,
    sql`select case kind when 'user_wallet' then 'wallet' when 'user_on_hold' then 'on_hold'
                         else 'product' end as account,
               currency, sum(balance_minor)::text as balance_minor,
               sum(held_minor)::text as held_minor
          from ledger_accounts where owner_user_id = ${userId}
         group by 1, currency having sum(balance_minor) <> 0 or sum(held_minor) <> 0
         order by 1, currency`,
  );
  const [counts] = await rows<Omit<Remaining, 'balances'>>(
    executor,
    sql`select
      (select count(*)::int from transactions where user_id = ${userId} and status = 'pending')
        as "pendingTransactions",
      (select count(*)::int from savings_plans where user_id = ${userId} and status = 'active')
        as "activeSavingsPlans",
      (select count(*)::int from commodity_holdings where user_id = ${userId} and units_scaled > 0)
        as "commodityHoldings",
      (select count(*)::int from fixed_income_orders where user_id = ${userId} and status = 'active')
        as "fixedIncomeOrders",
      (select count(*)::int from real_estate_holdings where user_id = ${userId} and units > 0)
        as "realEstateHoldings"`,
  );
  return {
    balances: balances.map((row) => ({
      account: row.account,
      currency: row.currency,
      balance_minor: BigInt(row.balance_minor),
      held_minor: BigInt(row.held_minor),
    })),
    pendingTransactions: counts?.pendingTransactions ?? 0,
    activeSavingsPlans: counts?.activeSavingsPlans ?? 0,
    commodityHoldings: counts?.commodityHoldings ?? 0,
    fixedIncomeOrders: counts?.fixedIncomeOrders ?? 0,
    realEstateHoldings: counts?.realEstateHoldings ?? 0,
  };
}

/** The user row, locked for the closing transaction. */
export async function lockUser(executor: Executor, userId: string) {
  const [user] = await rows<{
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    phone: string;
    country_code: string;
    status: string;
  }>(
    executor,
    sql`select id, email, first_name, last_name, phone, country_code, status from users
         where id = ${userId} for update`,
  );
  return user;
}

export async function bvnRecordOf(executor: Executor, userId: string) {
  const [record] = await rows<{
    bvn_ciphertext: string;
    first_name: string;
    last_name: string;
    date_of_birth_ciphertext: string;
    phone_ciphertext: string;
    verified_at: string | Date;
  }>(
    executor,
    sql`select bvn_ciphertext, first_name, last_name, date_of_birth_ciphertext, phone_ciphertext,
               verified_at from bvn_records where user_id = ${userId}`,
  );
  return record;
}

export async function recordClosedAccount(
  executor: Executor,
  closed: { userId: string; identitySealed: string; now: Date; purgeAfter: Date },
) {
  await executor.execute(sql`insert into closed_accounts (user_id, identity_sealed, closed_at,
      purge_after)
    values (${closed.userId}, ${closed.identitySealed}, ${closed.now.toISOString()},
            ${closed.purgeAfter.toISOString()})`);
}

/**
 * Replaces the person on their user row: an address nobody can receive mail at (so theirs can
 * register again), no names, no phone, a password no one can type, a referral code of nothing.
 */
export async function pseudonymiseUser(executor: Executor, userId: string, now: Date) {
  const suffix = randomBytes(6).toString('hex').toUpperCase();
  await executor.execute(sql`update users set
      email = ${`closed-${userId}@closed.invalid`}, first_name = ${ERASED_TEXT},
      last_name = ${ERASED_TEXT}, phone = '', password_hash = 'closed',
      referral_code = ${`CLOSED${suffix}`}, signup_binding_hash = null, status = 'CLOSED',
      updated_at = ${now.toISOString()}
    where id = ${userId}`);
}

/** Deletes or blanks the personal data the account's own tables hold (decision 0027). */
export async function erasePersonalRecords(
  executor: Executor,
  user: { id: string; email: string },
  now: Date,
) {
  const userId = user.id;
  await executor.execute(sql`update sessions set revoked_at = ${now.toISOString()}
    where user_id = ${userId} and revoked_at is null`);
  await executor.execute(sql`delete from session_devices
    where session_id in (select id from sessions where user_id = ${userId})`);
  await executor.execute(sql`delete from sign_in_events where user_id = ${userId}`);
  await executor.execute(sql`delete from transaction_pins where user_id = ${userId}`);
  await executor.execute(sql`delete from notifications where user_id = ${userId}`);
  await executor.execute(sql`delete from identity_verifications where user_id = ${userId}`);
  await executor.execute(sql`delete from bvn_records where user_id = ${userId}`);
  await executor.execute(sql`delete from privacy_exports where user_id = ${userId}`);
  await executor.execute(sql`delete from one_time_codes where email = ${user.email}`);
  await executor.execute(
    sql`delete from sign_in_throttles where email in (${user.email}, ${`in-session:${user.email}`})`,
  );
  await executor.execute(sql`update bank_accounts set account_name = ${ERASED_TEXT},
      account_number = '**' || right(account_number, 4),
      deleted_at = coalesce(deleted_at, ${now.toISOString()})
    where user_id = ${userId}`);
  await executor.execute(sql`update virtual_accounts set account_name = ${ERASED_TEXT}
    where user_id = ${userId}`);
}

/** Columns that hold codes rather than words: never rewritten by the sweep below. */
const codeColumns = new Set(['status', 'type', 'direction', 'channel', 'currency', 'kind']);
const moneyTables = new Set([
  'transactions',
  'provider_movements',
  'ledger_accounts',
  'journal_entries',
  'postings',
  'ledger_holds',
  'transaction_events',
  'transaction_counts',
  'daily_totals',
]);

/**
 * A sweep of every other table that names the user (savings plan names, bill customer names,
 * …): any text of theirs that still mentions them is rewritten. It finds the tables from the
 * catalogue, so one added later is covered too; the money tables are left to the money core.
 */
export async function sweepOwnedText(executor: Executor, userId: string, terms: string[]) {
  const pattern = erasurePattern(terms);
  if (!pattern) return;
  const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(
    executor,
    sql`select c.table_name, c.column_name, c.data_type
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
           and c.data_type in ('text', 'character varying', 'jsonb')
           and exists (select 1 from information_schema.columns o
                        where o.table_schema = c.table_schema and o.table_name = c.table_name
                          and o.column_name = 'user_id' and o.data_type = 'uuid')
         order by c.table_name, c.column_name`,
  );
  for (const column of columns) {
    if (moneyTables.has(column.table_name) || codeColumns.has(column.column_name)) continue;
    const name = sql.identifier(column.column_name);
    const replaced =
      column.data_type === 'jsonb'
        ? sql`regexp_replace(${name}::text, ${pattern}, ${ERASED_TEXT}, 'gi')::jsonb`
        : sql`regexp_replace(${name}, ${pattern}, ${ERASED_TEXT}, 'gi')`;
    await executor.execute(sql`update ${sql.identifier(column.table_name)} set ${name} = ${replaced}
      where user_id = ${userId} and ${name}::text ~* ${pattern}`);
  }
}

/**
 * Webhooks as received are kept as evidence of what a vendor told us; a payload that names the
 * person (a transfer's sender, a checkout's email) keeps everything but that.
 */
export async function pseudonymiseProviderEvents(executor: Executor, terms: string[]) {
  const pattern = erasurePattern(terms);
  if (!pattern) return;
  await executor.execute(sql`update provider_events
      set payload = regexp_replace(payload::text, ${pattern}, ${ERASED_TEXT}, 'gi')::jsonb
    where payload::text ~* ${pattern}`);
}

/** Forgets the sealed identity of accounts closed longer ago than the retention period. */
export async function purgeClosedIdentities(executor: Executor, now: Date) {
  await executor.execute(sql`update closed_accounts set identity_sealed = null
    where identity_sealed is not null and purge_after <= ${now.toISOString()}`);
}

/** The user's funding account at the payments provider, if they had one. */
export async function fundingAccountOf(executor: Executor, userId: string) {
  const [found] = await rows<{
    provider: string;
    provider_reference: string;
    deactivated_at: Date | string | null;
  }>(
    executor,
    sql`select provider, provider_reference, deactivated_at from virtual_accounts
         where user_id = ${userId}`,
  );
  return found;
}

export async function markFundingAccountDeactivated(executor: Executor, userId: string, now: Date) {
  await executor.execute(sql`update virtual_accounts set deactivated_at = ${now.toISOString()}
      where user_id = ${userId} and deactivated_at is null`);
}

/**
 * Operators' notes on decisions about the user's things (a KYC review, a flagged payment, a
 * stuck one) are free text: any mention of the person is rewritten, as their own texts are. Run
 * before their identity verifications are deleted, which name some of those subjects.
 */
export async function sweepReviewNotes(executor: Executor, userId: string, terms: string[]) {
  const pattern = erasurePattern(terms);
  if (!pattern) return;
  await executor.execute(sql`update review_decisions
      set note = regexp_replace(note, ${pattern}, ${ERASED_TEXT}, 'gi')
    where note ~* ${pattern}
      and subject_id in (
        select id::text from identity_verifications where user_id = ${userId}
        union all select id::text from transactions where user_id = ${userId}
        union all select reference from transactions where user_id = ${userId})`);
}
