import { sql } from 'drizzle-orm';
import type { PortfolioSource, UserCondition } from './portfolio-source.ts';

/**
 * The wallets, naira (class `wallet`) and dollar (class `dollar`), with money on hold above the
 * KYC tier's caps (still the user's) when there is some. A wallet is cash: its cost is its value
 * (no gain), its ledger account's balance, which includes money held for a withdrawal that has
 * not settled (it is the user's until it does).
 */
export const walletSource: PortfolioSource = {
  name: 'wallets',
  assetClasses: ['wallet', 'dollar'],
  holdingsSql: (users: UserCondition) =>
    sql`select case a.currency when 'NGN' then 'wallet' else 'dollar' end as asset_class,
               a.owner_user_id as user_id, a.id::text as id,
               case a.currency when 'NGN' then 'Naira' else 'Dollar' end
                 || case a.kind when 'user_wallet' then ' wallet' else ' on hold' end as name,
               a.currency::text as currency,
               a.balance_minor as cost_minor, a.balance_minor as value_minor
          from ledger_accounts a
         where ${users(sql`a.owner_user_id`)}
           and a.currency in ('NGN', 'USD')
           and (a.kind = 'user_wallet' or (a.kind = 'user_on_hold' and a.balance_minor <> 0))`,
};
