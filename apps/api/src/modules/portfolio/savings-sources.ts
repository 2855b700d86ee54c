import { sql } from 'drizzle-orm';
import type { PortfolioSource, UserCondition } from './portfolio-source.ts';

/**
 * Active savings plans: naira ones (fixed, target, challenge; class `savings`) and dollar
 * investments (class `dollar`). A plan is worth what its maturity would pay on today's accruals:
 * the money in its own ledger account, plus the interest accrued so far less the 10% withholding
 * tax (half up, as modules/savings/maturity.ts computes it). A target plan still below its target
 * would forfeit its interest at maturity, so none is counted until the target is met. Its cost is
 * what the user put in (`balance_minor`), so the gain is the net interest. Ended plans have paid
 * out to the wallet and hold nothing.
 */
export const savingsPlanSource: PortfolioSource = {
  name: 'savings plans',
  assetClasses: ['savings', 'dollar'],
  holdingsSql: (users: UserCondition) =>
    sql`select case p.currency when 'NGN' then 'savings' else 'dollar' end as asset_class,
               p.user_id, p.id::text as id,
               coalesce(s.name, 'Savings') || ': ' || p.reason as name,
               p.currency::text as currency,
               p.balance_minor as cost_minor,
               a.balance_minor + case
                 when p.target_minor is not null and p.balance_minor < p.target_minor then 0
                 else p.accrued_minor - (p.accrued_minor * 20 + 100) / 200
               end as value_minor
          from savings_plans p
          join ledger_accounts a on a.id = p.ledger_account_id
          left join savings_products s on s.id = p.product_id
         where ${users(sql`p.user_id`)}
           and p.status = 'active'
           and p.currency in ('NGN', 'USD')`,
};
