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

/**
 * Dollar cards (class `dollar`): the dollars loaded on each card are the user's cash, held in
 * the card's own USD ledger account (decision 0025). Like a wallet, a card's cost is its value,
 * its ledger balance, which includes purchases the issuer has authorised but not yet settled (the
 * money is the user's until they do). A terminated card has returned its dollars to the dollar
 * wallet and is listed only if something is still on it.
 */
export const cardSource: PortfolioSource = {
  name: 'dollar cards',
  assetClasses: ['dollar'],
  holdingsSql: (users: UserCondition) =>
    sql`select 'dollar' as asset_class, c.user_id, a.id::text as id,
               'Dollar card •••• ' || c.last4 as name, a.currency::text as currency,
               a.balance_minor as cost_minor, a.balance_minor as value_minor
          from cards c
          join ledger_accounts a on a.id = c.ledger_account_id
         where ${users(sql`c.user_id`)}
           and a.currency = 'USD'
           and (c.status <> 'terminated' or a.balance_minor <> 0)`,
};
