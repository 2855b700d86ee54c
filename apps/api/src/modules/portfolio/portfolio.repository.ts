import { sql, type SQL } from 'drizzle-orm';
import { addDays, lagosMidnight } from '../../platform/clock.ts';
import { batchInput, rows, type Executor } from '../../platform/db.ts';
import type { OwnedRow } from '../../platform/session-reads.ts';
import {
  allHoldingsSql,
  nairaValueSql,
  type HoldingRow,
  type PortfolioSource,
  type UserCondition,
} from './portfolio-source.ts';

/** Without a rate no dollar can be valued; queries then multiply by 0 and callers refuse. */
export interface RateFraction {
  units: bigint;
  scale: bigint;
}

const oneUser = (userId: string) => (column: SQL) => sql`${column} = ${userId}::uuid`;

/** One user's holdings, every class, in the sources' order. */
export function holdingsOf(
  executor: Executor,
  sources: readonly PortfolioSource[],
  userId: string,
  asOf: string,
): Promise<HoldingRow[]> {
  return rows(
    executor,
    sql`select h.asset_class, h.source_position, h.user_id::text as user_id, h.id, h.name,
               h.currency, h.cost_minor::text as cost_minor, h.value_minor::text as value_minor
          from (${allHoldingsSql(sources, oneUser(userId), asOf)}) h
         order by h.source_position, h.name, h.id`,
  );
}

/**
 * Whose portfolios: a query answering one row `(ord, id, user_id, last_seen_at)` per owner, either
 * the live sessions of a batch of requests (`liveSessionsSql`, so the session checks ride in the
 * valuation's statement) or user ids the caller already trusts.
 */
export const ownersOfUserIds = (userIds: readonly string[]): SQL =>
  sql`select input.ord, null::uuid as id, input.user_id, null::timestamptz as last_seen_at
        from ${batchInput('input', {
          ord: ['int', userIds.map((_, ord) => ord)],
          user_id: ['uuid', userIds],
        })}`;

export interface ClassValueRow extends OwnedRow {
  /** `class`: one asset class's value; `snapshot`: the latest snapshot before the day asked. */
  row_kind: 'class' | 'snapshot' | null;
  asset_class: string | null;
  naira_minor: string | null;
  dollar_holdings: number | null;
  on_date: string | null;
}

/**
 * Each owner's naira value per class (each holding converted, then summed) and, as one more row,
 * their latest snapshot before `today` (a backward step on the primary key), every row carrying
 * its owner's `ord` and session columns: the whole of GET /portfolios/total-amount for a batch of
 * requests, session checks included, in one statement. An owner with nothing found (an `ord`
 * without a row) has no live session.
 */
export function classValuesOf(
  executor: Executor,
  sources: readonly PortfolioSource[],
  query: { owners: SQL; rate: RateFraction; today: string },
): Promise<ClassValueRow[]> {
  const { owners, rate, today } = query;
  return rows(
    executor,
    sql`with owner as (${owners}),
             valued as (
               select h.user_id, 'class' as row_kind, h.asset_class,
                      sum(${nairaValueSql(sql`h`, rate)})::text as naira_minor,
                      count(*) filter (where h.currency = 'USD' and h.value_minor <> 0)::int
                        as dollar_holdings,
                      null::text as on_date
                 from (${allHoldingsSql(
                   sources,
                   (column) => sql`${column} = any(array(select user_id from owner))`,
                   today,
                 )}) h
                group by h.user_id, h.asset_class
               union all
               select u.user_id, 'snapshot', null, latest.total_minor::text, 0,
                      latest.on_date::text
                 from (select distinct user_id from owner) u
                 join lateral (select s.total_minor, s.on_date from portfolio_snapshots s
                                where s.user_id = u.user_id and s.on_date < ${today}::date
                                order by s.on_date desc limit 1) latest on true)
        select o.ord, o.id as session_id, o.user_id as session_user_id,
               o.last_seen_at as session_last_seen_at, v.row_kind, v.asset_class, v.naira_minor,
               v.dollar_holdings, v.on_date
          from owner o left join valued v on v.user_id = o.user_id`,
  );
}

export interface SnapshotRow {
  on_date: string;
  total_minor: string;
}

/** The user's snapshots from `fromDate` up to (not including) `beforeDate`, oldest first. */
export function snapshotsBetween(
  executor: Executor,
  userId: string,
  fromDate: string,
  beforeDate: string,
): Promise<SnapshotRow[]> {
  return rows(
    executor,
    sql`select s.on_date::text as on_date, s.total_minor::text as total_minor
          from portfolio_snapshots s
         where s.user_id = ${userId} and s.on_date >= ${fromDate}::date
           and s.on_date < ${beforeDate}::date
         order by s.on_date`,
  );
}

/**
 * The last user id of the next chunk after `afterUserId` (users in id order), or undefined when
 * fewer than `size` remain (the chunk then runs to the end).
 */
export async function chunkEdge(
  executor: Executor,
  afterUserId: string,
  size: number,
): Promise<string | undefined> {
  const [edge] = await rows<{ id: string }>(
    executor,
    sql`select id::text as id from users where id > ${afterUserId}::uuid
         order by id offset ${size - 1} limit 1`,
  );
  return edge?.id;
}

/** The owners of one chunk: ids after `afterUserId`, up to `lastUserId` (to the end without). */
export const usersInChunk =
  (afterUserId: string, lastUserId: string | undefined): UserCondition =>
  (column: SQL) =>
    lastUserId === undefined
      ? sql`${column} > ${afterUserId}::uuid`
      : sql`(${column} > ${afterUserId}::uuid and ${column} <= ${lastUserId}::uuid)`;

/**
 * Every user in `users` that holds anything and had signed up by the end of `onDate` (Lagos)
 * gets one snapshot for `onDate`: the total and the per-class naira values, set-based in one
 * statement. A snapshot already written for that day stays as it was (`on conflict do nothing`),
 * so reruns and overlapping workers write each (user, day) exactly once. Answers how many rows
 * were written.
 */
export async function writeSnapshots(
  executor: Executor,
  snapshot: {
    sources: readonly PortfolioSource[];
    users: UserCondition;
    onDate: string;
    rate: RateFraction;
    takenAt: Date;
  },
): Promise<number> {
  const { sources, users, onDate, rate, takenAt } = snapshot;
  // A user who signed up after the day ended had nothing on it: no point for them that day (the
  // first run after a sign-up values "yesterday" now, which would date their money before it came).
  const dayEndedAt = lagosMidnight(addDays(onDate, 1));
  const [written] = await rows<{ written: number }>(
    executor,
    sql`with holdings as (${allHoldingsSql(sources, users, onDate)}),
             per_class as (
               select h.user_id, h.asset_class, sum(${nairaValueSql(sql`h`, rate)}) as naira_minor
                 from holdings h group by h.user_id, h.asset_class),
             inserted as (
               insert into portfolio_snapshots (user_id, on_date, total_minor, breakdown, taken_at)
               select c.user_id, ${onDate}::date, sum(c.naira_minor)::bigint,
                      jsonb_object_agg(c.asset_class, c.naira_minor::text),
                      ${takenAt.toISOString()}::timestamptz
                 from per_class c
                 join users u on u.id = c.user_id
                where u.created_at < ${dayEndedAt.toISOString()}::timestamptz
                group by c.user_id
               on conflict (user_id, on_date) do nothing
               returning 1)
        select count(*)::int as written from inserted`,
  );
  return written?.written ?? 0;
}
