import { sql, type SQL } from 'drizzle-orm';
import type { AssetClass } from '@ajo/contracts/portfolio';

/**
 * A way into the portfolio for one asset class, or for several classes that live in the same
 * table (the naira and dollar wallets are both ledger accounts; naira and dollar plans are both
 * savings plans: one scan each instead of two, decision 0024). A source is a set-based SQL query
 * of holdings for a set of users; the portfolio uses the same query for one user's list
 * (GET /portfolios), one user's total (GET /portfolios/total-amount) and every user's daily
 * snapshot, so the three always agree to the kobo.
 *
 * `holdingsSql(users, asOf)` receives the condition on a user-id column that picks the owners
 * (`users(sql\`h.user_id\`)`: one user, or a range of ids for a snapshot chunk), and the Lagos
 * business date to value at (today for a live read, the snapshot's day for the snapshot: what a
 * priced class such as commodities reads its price for), and must answer one row per holding
 * with exactly these columns:
 *
 * | column        | type   | meaning                                                        |
 * | ------------- | ------ | -------------------------------------------------------------- |
 * | `asset_class` | text   | one of the source's `assetClasses`                             |
 * | `user_id`     | uuid   | the owner                                                      |
 * | `id`          | text   | a stable id of the holding (its ledger account, its order)     |
 * | `name`        | text   | what the user calls it ("Naira wallet", "Fixed savings: Rent") |
 * | `currency`    | text   | 'NGN' or 'USD'                                                 |
 * | `cost_minor`  | bigint | what went in, minor units of `currency`                        |
 * | `value_minor` | bigint | what it is worth now, minor units of `currency`, never below 0 |
 *
 * Dollars are converted to naira by the portfolio, not by the source (`nairaValueSql`), so every
 * class converts at the same rate with the same rounding.
 */
export interface PortfolioSource {
  name: string;
  assetClasses: readonly AssetClass[];
  holdingsSql(users: UserCondition, asOf: string): SQL;
}

/**
 * Which owners, as a condition on a source's user-id column: `= $1` for one user, a range of ids
 * for a snapshot chunk. A plain condition (rather than `in (subquery)`) keeps each source one
 * index probe per user.
 */
export type UserCondition = (userIdColumn: SQL) => SQL;

/** A holding as a source answers it, in its own currency. */
export interface HoldingRow {
  asset_class: AssetClass;
  source_position: number;
  user_id: string;
  id: string;
  name: string;
  currency: 'NGN' | 'USD';
  cost_minor: string;
  value_minor: string;
}

/** Every source's holdings for `users` as one query, each row with its source's position. */
export function allHoldingsSql(
  sources: readonly PortfolioSource[],
  users: UserCondition,
  asOf: string,
): SQL {
  const parts = sources.map(
    (source, position) =>
      sql`select h.asset_class, ${position}::int as source_position, h.user_id, h.id, h.name,
                 h.currency, h.cost_minor, h.value_minor
            from (${source.holdingsSql(users, asOf)}) h`,
  );
  return sql.join(parts, sql` union all `);
}

/**
 * A holding's naira value: kobo as they are, cents × units / scale rounded DOWN (numeric, so no
 * product can overflow bigint), the same rule as `nairaValueMinor`.
 */
export const nairaValueSql = (holding: SQL, rate: { units: bigint; scale: bigint }) =>
  sql`case when ${holding}.currency = 'USD'
            then div(${holding}.value_minor::numeric * ${rate.units.toString()}::numeric,
                     ${rate.scale.toString()}::numeric)::bigint
            else ${holding}.value_minor end`;
