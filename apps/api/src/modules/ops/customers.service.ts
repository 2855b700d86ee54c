import { sql, type SQL } from 'drizzle-orm';
import type { TierLimits } from '@ajo/contracts/accounts';
import {
  maskAccountNumber,
  maskPhone,
  type CustomerDetail,
  type CustomerSearchKind,
  type CustomerSearchPage,
  type CustomerSummary,
} from '@ajo/contracts/ops-customers';
import { maskBvn } from '@ajo/contracts/verification';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { limitsFor } from '../../money/limits.ts';
import { businessDate, lagosMidnight } from '../../platform/clock.ts';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database, type Executor } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { recordAudit } from './audit.ts';

/** How a closed (erased) customer is named: no personal data is left to show. */
export const CLOSED_NAME = 'Closed account';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What kind of search a query is. The audit log records this kind and the query's length, never
 * the query itself: an email, a name or a phone typed into the box is personal data, and the
 * audit log must hold none (erasure leaves it untouched).
 */
export function searchKind(query: string): CustomerSearchKind {
  if (uuidPattern.test(query)) return 'id';
  if (query.includes('@')) return 'email';
  if (/^[+\d][\d\s-]*$/.test(query) && /\d{3,}/.test(query.replace(/\D/g, ''))) return 'number';
  return 'text';
}

/** A typed phone as stored (10 digits after +234): "+234 803…", "0803…" and "803…" alike. */
function phoneDigits(query: string): string {
  let digits = query.replace(/\D/g, '');
  if (digits.startsWith('234') && digits.length > 10) digits = digits.slice(3);
  if (digits.startsWith('0') && digits.length === 11) digits = digits.slice(1);
  return digits;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  status: string;
  tier: number;
  created_at: Date | string;
  closed_at: Date | string | null;
}

const isClosed = (row: Pick<UserRow, 'status' | 'closed_at'>) =>
  row.status === 'CLOSED' || row.closed_at !== null;

function summaryOf(row: UserRow): CustomerSummary {
  const closed = isClosed(row);
  return {
    id: row.id,
    name: closed ? CLOSED_NAME : `${row.first_name} ${row.last_name}`.trim(),
    email: closed ? null : row.email,
    phone: closed ? null : maskPhone(row.phone),
    status: row.status,
    tier: row.tier,
    created_at: isoTimestamp(row.created_at),
    closed,
  };
}

const money = (minor: string | bigint | null | undefined) =>
  formatMinorAsDecimal(BigInt(minor ?? 0));

/** The search's condition: which customers a query names. Closed customers match by id only. */
function searchFilter(query: string, kind: CustomerSearchKind): SQL {
  if (kind === 'id') {
    return sql`(u.id = ${query.toLowerCase()}::uuid
      or u.id in (select user_id from transactions where id = ${query.toLowerCase()}::uuid))`;
  }
  const open = sql`u.status <> 'CLOSED'`;
  const contains = `%${likeEscape(query.toLowerCase())}%`;
  const byReference = sql`u.id in (select user_id from transactions where reference = ${query})`;
  if (kind === 'email') {
    return sql`((${open} and lower(u.email) like ${contains}) or ${byReference})`;
  }
  if (kind === 'number') {
    const digits = phoneDigits(query);
    const phoneLike = `%${likeEscape(digits)}%`;
    return sql`((${open} and (u.phone like ${phoneLike}
        or u.id in (select user_id from virtual_accounts where account_number = ${digits})))
      or ${byReference})`;
  }
  return sql`((${open} and (lower(u.first_name || ' ' || u.last_name) like ${contains}
      or lower(u.last_name || ' ' || u.first_name) like ${contains}
      or lower(u.email) like ${contains}))
    or ${byReference})`;
}

export interface CustomersService {
  search(
    input: { q: string; page: number; size: number },
    actor: { operatorId: string; ipAddress: string },
  ): Promise<CustomerSearchPage>;
  detail(userId: string, actor: { operatorId: string; ipAddress: string }): Promise<CustomerDetail>;
}

/**
 * The customers screens: search and one customer's profile, KYC state, limits and money, with
 * personal data masked and every read recorded in the audit log in the same transaction.
 */
export function customersService(deps: {
  database: Database;
  clock: Clock;
  crypto: FieldCrypto;
}): CustomersService {
  const { database, clock, crypto } = deps;

  async function tierLimits(executor: Executor, tier: number): Promise<TierLimits | null> {
    try {
      const deposit = await limitsFor(executor, 'deposit', tier);
      const withdrawal = await limitsFor(executor, 'withdraw', tier);
      const text = (minor: bigint | null) => (minor === null ? null : formatMinorAsDecimal(minor));
      return {
        tier: Math.min(Math.max(tier, 0), 3),
        single_deposit_max: text(deposit.perTransactionMinor),
        balance_max: text(deposit.balanceMaxMinor),
        withdrawal_per_transaction_max: text(withdrawal.perTransactionMinor),
        withdrawal_daily_max: text(withdrawal.dailyMinor),
      };
    } catch (error) {
      if (error instanceof AppError && error.code === 'configuration_missing') return null;
      throw error;
    }
  }

  return {
    async search({ q, page, size }, actor) {
      const query = q.trim();
      const kind = searchKind(query);
      const filter = searchFilter(query, kind);
      return database.unitOfWork(async (tx) => {
        const found = await rows<UserRow>(
          tx,
          sql`select u.id, u.first_name, u.last_name, u.email, u.phone, u.status, u.tier,
                     u.created_at, c.closed_at
                from users u left join closed_accounts c on c.user_id = u.id
               where ${filter}
               order by u.created_at desc, u.id
               limit ${size} offset ${page * size}`,
        );
        const [counted] = await rows<{ total: number | string }>(
          tx,
          sql`select count(*) as total from users u where ${filter}`,
        );
        const total = Number(counted?.total ?? 0);
        await recordAudit(tx, {
          operatorId: actor.operatorId,
          action: 'customer.searched',
          subjectType: 'customer_search',
          after: { kind, query_length: query.length, results: total, page },
          ipAddress: actor.ipAddress,
          now: clock.now(),
        });
        return { items: found.map(summaryOf), page, size, total, kind };
      });
    },

    async detail(userId, actor) {
      const now = clock.now();
      const day = businessDate(now);
      return database.unitOfWork(async (tx) => {
        const [user] = await rows<UserRow>(
          tx,
          sql`select u.id, u.first_name, u.last_name, u.email, u.phone, u.status, u.tier,
                     u.created_at, c.closed_at
                from users u left join closed_accounts c on c.user_id = u.id
               where u.id = ${userId}`,
        );
        if (!user) throw notFound('No customer has this id');
        const closed = isClosed(user);
        // The read is recorded first, in the same transaction: no read without its record.
        await recordAudit(tx, {
          operatorId: actor.operatorId,
          action: 'customer.viewed',
          subjectType: 'user',
          subjectId: userId,
          after: { status: user.status, tier: user.tier, closed },
          ipAddress: actor.ipAddress,
          now,
        });

        const [bvn] = await rows<{ bvn_ciphertext: string; verified_at: Date | string }>(
          tx,
          sql`select bvn_ciphertext, verified_at from bvn_records where user_id = ${userId}`,
        );
        const [identity] = await rows<{
          status: string;
          submitted_at: Date | string;
          decided_at: Date | string | null;
        }>(
          tx,
          sql`select status, submitted_at, decided_at from identity_verifications
               where user_id = ${userId} order by submitted_at desc limit 1`,
        );
        const accounts = await rows<{
          code: string;
          currency: 'NGN' | 'USD';
          balance_minor: string;
          held_minor: string;
        }>(
          tx,
          sql`select code, currency, balance_minor::text, held_minor::text from ledger_accounts
               where owner_user_id = ${userId}
                 and (code like '%:wallet:%' or code like '%:on_hold:%')`,
        );
        const balances = (['NGN', 'USD'] as const).map((currency) => {
          const wallet = accounts.find(
            (account) => account.code === `user:${userId}:wallet:${currency}`,
          );
          const onHold = accounts.find(
            (account) => account.code === `user:${userId}:on_hold:${currency}`,
          );
          const balance = BigInt(wallet?.balance_minor ?? 0);
          const held = BigInt(wallet?.held_minor ?? 0);
          return {
            currency,
            balance: money(balance),
            available: money(balance - held),
            held: money(held),
            on_hold: money(onHold?.balance_minor),
          };
        });
        const [usage] = await rows<{ withdrawn: string; deposited: string }>(
          tx,
          sql`select
                coalesce((select amount_minor from daily_totals where user_id = ${userId}
                           and product = 'withdraw' and day = ${day}::date), 0)::text as withdrawn,
                coalesce((select sum(amount_minor) from transactions where user_id = ${userId}
                           and type = 'deposit' and status = 'successful' and currency = 'NGN'
                           and created_at >= ${lagosMidnight(day).toISOString()}::timestamptz), 0)::text
                  as deposited`,
        );
        const banks = await rows<{
          id: string;
          bank_name: string;
          account_number: string;
          created_at: Date | string;
        }>(
          tx,
          sql`select id, bank_name, account_number, created_at from bank_accounts
               where user_id = ${userId} and deleted_at is null order by created_at desc`,
        );
        const [virtualAccount] = await rows<{ bank_name: string; account_number: string }>(
          tx,
          sql`select bank_name, account_number from virtual_accounts where user_id = ${userId}`,
        );
        const recent = await rows<{
          id: string;
          reference: string;
          type: string;
          status: string;
          direction: string;
          channel: string;
          currency: string;
          amount_minor: string;
          fee_minor: string;
          review_reason: string | null;
          created_at: Date | string;
        }>(
          tx,
          sql`select id, reference, type, status, direction, channel, currency,
                     amount_minor::text, fee_minor::text, review_reason, created_at
                from transactions where user_id = ${userId}
               order by created_at desc, id desc limit 20`,
        );
        const [products] = await rows<{ savings: number; investments: number; cards: number }>(
          tx,
          sql`select
                (select count(*)::int from savings_plans
                  where user_id = ${userId} and status = 'active') as savings,
                ((select count(*)::int from fixed_income_orders
                   where user_id = ${userId} and status = 'active')
                 + (select count(*)::int from commodity_holdings
                     where user_id = ${userId} and units_scaled > 0)
                 + (select count(*)::int from real_estate_holdings
                     where user_id = ${userId} and units > 0)) as investments,
                (select count(*)::int from cards
                  where user_id = ${userId} and status <> 'terminated') as cards`,
        );
        // Operator actions on this customer: on the customer, or on their identity
        // verifications, transactions, provider movements or money corrections.
        const actions = await rows<{
          id: number | string;
          created_at: Date | string;
          operator_name: string | null;
          action: string;
          subject_type: string | null;
          subject_id: string | null;
          reason: string | null;
        }>(
          tx,
          sql`select a.id, a.created_at, o.name as operator_name, a.action, a.subject_type,
                     a.subject_id, a.reason
                from operator_audit_log a left join operators o on o.id = a.operator_id
               where a.subject_id = ${userId}
                  or a.subject_id in (
                       select id::text from identity_verifications where user_id = ${userId}
                       union all select id::text from money_corrections where user_id = ${userId}
                       union all select id::text from provider_movements where user_id = ${userId}
                       union all select reference from provider_movements where user_id = ${userId}
                       union all select id::text from transactions
                        where user_id = ${userId}
                          and (review_reason is not null or type = 'adjustment'))
               order by a.id desc limit 50`,
        );

        return {
          profile: {
            id: user.id,
            first_name: closed ? null : user.first_name,
            last_name: closed ? null : user.last_name,
            email: closed ? null : user.email,
            phone: closed ? null : maskPhone(user.phone),
            status: user.status,
            tier: user.tier,
            created_at: isoTimestamp(user.created_at),
            closed,
            closed_at: user.closed_at === null ? null : isoTimestamp(user.closed_at),
          },
          kyc: {
            bvn_verified: bvn !== undefined,
            bvn:
              bvn && !closed ? maskBvn(crypto.decrypt(bvn.bvn_ciphertext).toString('utf8')) : null,
            bvn_verified_at: bvn ? isoTimestamp(bvn.verified_at) : null,
            identity: identity
              ? {
                  status: identity.status,
                  submitted_at: isoTimestamp(identity.submitted_at),
                  decided_at:
                    identity.decided_at === null ? null : isoTimestamp(identity.decided_at),
                }
              : null,
          },
          limits: await tierLimits(tx, user.tier),
          usage: {
            day,
            withdrawn_today: money(usage?.withdrawn),
            deposited_today: money(usage?.deposited),
            ngn_balance: balances[0]?.balance ?? '0.00',
          },
          balances,
          bank_accounts: closed
            ? []
            : banks.map((bank) => ({
                id: bank.id,
                bank_name: bank.bank_name,
                account_number: maskAccountNumber(bank.account_number),
                created_at: isoTimestamp(bank.created_at),
              })),
          virtual_account:
            virtualAccount && !closed
              ? {
                  bank_name: virtualAccount.bank_name,
                  account_number: maskAccountNumber(virtualAccount.account_number),
                }
              : null,
          transactions: recent.map((row) => ({
            id: row.id,
            reference: row.reference,
            type: row.type,
            status: row.status,
            direction: row.direction,
            channel: row.channel,
            currency: row.currency,
            amount: money(row.amount_minor),
            fee: money(row.fee_minor),
            flagged: row.review_reason !== null,
            created_at: isoTimestamp(row.created_at),
          })),
          products: {
            open_savings: products?.savings ?? 0,
            open_investments: products?.investments ?? 0,
            live_cards: products?.cards ?? 0,
          },
          operator_actions: actions.map((row) => ({
            id: Number(row.id),
            at: isoTimestamp(row.created_at),
            operator: row.operator_name,
            action: row.action,
            subject_type: row.subject_type,
            subject_id: row.subject_id,
            reason: row.reason,
          })),
        };
      });
    },
  };
}
