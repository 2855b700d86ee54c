import { sql } from 'drizzle-orm';
import type { PortfolioSource, UserCondition } from './portfolio-source.ts';

/**
 * Commodities (modules/commodities, decision 0022): each holding with units left, valued as that
 * module values it: units × the sell price of the latest price day on or before `asOf`, rounded
 * DOWN to the kobo (units carry 4 decimals: ÷ 10,000). Cost is the holding's average cost.
 */
export const commoditySource: PortfolioSource = {
  name: 'commodities',
  assetClasses: ['commodities'],
  holdingsSql: (users: UserCondition, asOf: string) =>
    sql`select 'commodities' as asset_class, h.user_id,
               h.commodity_id::text as id, c.name as name, 'NGN' as currency,
               h.cost_minor,
               coalesce(div(h.units_scaled::numeric * p.sell_price_minor::numeric, 10000)::bigint, 0)
                 as value_minor
          from commodity_holdings h
          join commodities c on c.id = h.commodity_id
          left join lateral (select sell_price_minor from commodity_prices
                              where commodity_id = h.commodity_id and day <= ${asOf}::date
                              order by day desc limit 1) p on true
         where ${users(sql`h.user_id`)} and h.units_scaled > 0`,
};

/**
 * Fixed income (modules/fixed-income, decision 0023): each active order is worth the principal
 * held in its own ledger account; coupons are paid to the wallet as they fall due (and counted
 * there), so an order's own gain is nothing until maturity pays it back.
 */
export const fixedIncomeSource: PortfolioSource = {
  name: 'fixed income',
  assetClasses: ['fixed_income'],
  holdingsSql: (users: UserCondition) =>
    sql`select 'fixed_income' as asset_class, o.user_id, o.id::text as id,
               coalesce(f.name, 'Fixed income') as name, a.currency::text as currency,
               o.principal_minor as cost_minor, a.balance_minor as value_minor
          from fixed_income_orders o
          join ledger_accounts a on a.id = o.ledger_account_id
          left join fixed_income_products f on f.id = o.product_id
         where ${users(sql`o.user_id`)} and o.status = 'active'`,
};

/**
 * Real estate (modules/real-estate, decision 0023): each holding with units is worth its units at
 * the property's unit price today (what a buyer pays now); its cost is what the user paid. Rent
 * is paid to the wallet and counted there.
 */
export const realEstateSource: PortfolioSource = {
  name: 'real estate',
  assetClasses: ['real_estate'],
  holdingsSql: (users: UserCondition) =>
    sql`select 'real_estate' as asset_class, h.user_id, h.id::text as id, r.name as name,
               'NGN' as currency, h.cost_minor,
               h.units::bigint * r.price_per_unit_minor as value_minor
          from real_estate_holdings h
          join real_estate_properties r on r.id = h.property_id
         where ${users(sql`h.user_id`)} and h.units > 0`,
};
