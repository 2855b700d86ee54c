import { sql } from 'drizzle-orm';
import type { PortfolioSource, UserCondition } from './portfolio-source.ts';

/**
 * The user's cash, from one scan of their ledger accounts (decision 0024): the wallets, naira
 * (class `wallet`) and dollar (class `dollar`); money on hold above the KYC tier's caps (still
 * the user's) when there is some; and the dollars loaded on a dollar card (class `dollar`; each
 * card is its own USD ledger account, decision 0025) while the card holds some. Cash has no
 * gain: its cost is its value, the ledger balance, which includes money held for a withdrawal or
 * a card purchase that has not settled (it is the user's until it does).
 */
export const walletSource: PortfolioSource = {
  name: 'wallets',
  assetClasses: ['wallet', 'dollar'],
  holdingsSql: (users: UserCondition) =>
    sql`select case a.currency when 'NGN' then 'wallet' else 'dollar' end as asset_class,
               a.owner_user_id as user_id, a.id::text as id,
               case a.kind
                 when 'user_card' then
                   (select 'Dollar card •••• ' || c.last4 from cards c
                     where c.user_id = a.owner_user_id and c.ledger_account_id = a.id)
                 else case a.currency when 'NGN' then 'Naira' else 'Dollar' end
                   || case a.kind when 'user_wallet' then ' wallet' else ' on hold' end
               end as name,
               a.currency::text as currency,
               a.balance_minor as cost_minor, a.balance_minor as value_minor
          from ledger_accounts a
         where ${users(sql`a.owner_user_id`)}
           and a.currency in ('NGN', 'USD')
           and (a.kind = 'user_wallet'
                or (a.kind in ('user_on_hold', 'user_card') and a.balance_minor <> 0))`,
};
