import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../platform/db.ts';
import type { CommodityRow, TradeSide } from './commodities.repository.ts';

export interface QuoteRow {
  id: string;
  user_id: string;
  commodity_id: string;
  side: TradeSide;
  requested_amount_minor: string | null;
  units_scaled: string;
  price_minor: string;
  amount_minor: string;
  fee_minor: string;
  expires_at: string | Date;
  used_at: string | Date | null;
}

const quoteColumns = sql`id, user_id, commodity_id, side, requested_amount_minor::text,
  units_scaled::text, price_minor::text, amount_minor::text, fee_minor::text, expires_at, used_at`;

export interface NewQuote {
  userId: string;
  commodityId: string;
  side: TradeSide;
  requestedAmountMinor: bigint | null;
  unitsScaled: bigint;
  priceMinor: bigint;
  amountMinor: bigint;
  feeMinor: bigint;
  expiresAt: Date;
  at: Date;
}

export async function insertQuote(executor: Executor, quote: NewQuote): Promise<QuoteRow> {
  const [inserted] = await rows<QuoteRow>(
    executor,
    sql`insert into commodity_quotes (user_id, commodity_id, side, requested_amount_minor,
          units_scaled, price_minor, amount_minor, fee_minor, expires_at, created_at)
        values (${quote.userId}, ${quote.commodityId}, ${quote.side},
          ${quote.requestedAmountMinor?.toString() ?? null}, ${quote.unitsScaled.toString()},
          ${quote.priceMinor.toString()}, ${quote.amountMinor.toString()},
          ${quote.feeMinor.toString()}, ${quote.expiresAt.toISOString()}, ${quote.at.toISOString()})
        returning ${quoteColumns}`,
  );
  if (!inserted) throw new Error('the quote just stored could not be read');
  return inserted;
}

/** The user's quote of this id, locked until the transaction ends so it is spent once. */
export async function lockQuote(executor: Executor, userId: string, quoteId: string) {
  const [quote] = await rows<QuoteRow>(
    executor,
    sql`select ${quoteColumns} from commodity_quotes
         where id = ${quoteId} and user_id = ${userId} for update`,
  );
  return quote;
}

export async function markQuoteUsed(executor: Executor, quoteId: string, at: Date) {
  await executor.execute(
    sql`update commodity_quotes set used_at = ${at.toISOString()} where id = ${quoteId}`,
  );
}

/** Adds bought units and what they cost to the user's holding (opening it on the first buy). */
export async function addUnits(
  executor: Executor,
  change: { userId: string; commodityId: string; unitsScaled: bigint; costMinor: bigint; at: Date },
) {
  const [holding] = await rows<{ units_scaled: string }>(
    executor,
    sql`insert into commodity_holdings as h (user_id, commodity_id, units_scaled, cost_minor,
          updated_at)
        values (${change.userId}, ${change.commodityId}, ${change.unitsScaled.toString()},
          ${change.costMinor.toString()}, ${change.at.toISOString()})
        on conflict (user_id, commodity_id) do update
          set units_scaled = h.units_scaled + excluded.units_scaled,
              cost_minor = h.cost_minor + excluded.cost_minor, updated_at = excluded.updated_at
        returning units_scaled::text`,
  );
  return BigInt(holding?.units_scaled ?? '0');
}

/**
 * Takes sold units out of the holding, only if it has them (one guarded update, so two sales
 * can never both take the last units), with their share of the cost: all of it when the holding
 * empties, else cost × sold / held rounded DOWN (the remainder stays with the units kept).
 * Answers the units left, or undefined when the holding is short.
 */
export async function removeUnits(
  executor: Executor,
  change: { userId: string; commodityId: string; unitsScaled: bigint; at: Date },
) {
  const units = change.unitsScaled.toString();
  const [holding] = await rows<{ units_scaled: string }>(
    executor,
    sql`update commodity_holdings
           set units_scaled = units_scaled - ${units}::bigint,
               cost_minor = case when units_scaled = ${units}::bigint then 0
                                 else cost_minor - cost_minor * ${units}::bigint / units_scaled end,
               updated_at = ${change.at.toISOString()}
         where user_id = ${change.userId} and commodity_id = ${change.commodityId}
           and units_scaled >= ${units}::bigint
        returning units_scaled::text`,
  );
  return holding ? BigInt(holding.units_scaled) : undefined;
}

export async function heldUnits(executor: Executor, userId: string, commodityId: string) {
  const [holding] = await rows<{ units_scaled: string }>(
    executor,
    sql`select units_scaled::text from commodity_holdings
         where user_id = ${userId} and commodity_id = ${commodityId}`,
  );
  return BigInt(holding?.units_scaled ?? '0');
}

export type HoldingRow = CommodityRow & { units_scaled: string; cost_minor: string };

/** The user's holdings with units left, each with its commodity priced on `day`. */
export async function holdingsOf(executor: Executor, userId: string, day: string) {
  return rows<HoldingRow>(
    executor,
    sql`select h.units_scaled::text as units_scaled, h.cost_minor::text as cost_minor,
               c.id, c.code, c.category_id, cat.name as category_name, c.name, c.description,
               c.unit, p.buy_price_minor::text as buy_price_minor,
               p.sell_price_minor::text as sell_price_minor, p.day::text as price_date,
               coalesce((select sell_price_minor from commodity_prices
                          where commodity_id = c.id and day < p.day order by day desc limit 1),
                        p.sell_price_minor)::text as previous_sell_minor
          from commodity_holdings h
          join commodities c on c.id = h.commodity_id
          join commodity_categories cat on cat.id = c.category_id
          join lateral (select day, buy_price_minor, sell_price_minor from commodity_prices
                         where commodity_id = c.id and day <= ${day}
                         order by day desc limit 1) p on true
         where h.user_id = ${userId} and h.units_scaled > 0
         order by cat.position, c.position`,
  );
}

export interface TradeRow {
  id: string;
  reference: string;
  user_id: string;
  commodity_id: string;
  quote_id: string;
  side: TradeSide;
  units_scaled: string;
  price_minor: string;
  amount_minor: string;
  fee_minor: string;
  transaction_id: string;
  created_at: string | Date;
}

const tradeColumns = sql`id, reference, user_id, commodity_id, quote_id, side,
  units_scaled::text, price_minor::text, amount_minor::text, fee_minor::text, transaction_id,
  created_at`;

export async function insertTrade(
  executor: Executor,
  trade: {
    reference: string;
    userId: string;
    quote: QuoteRow;
    transactionId: string;
    at: Date;
  },
) {
  const { quote } = trade;
  const [inserted] = await rows<TradeRow>(
    executor,
    sql`insert into commodity_trades (reference, user_id, commodity_id, quote_id, side,
          units_scaled, price_minor, amount_minor, fee_minor, transaction_id, created_at)
        values (${trade.reference}, ${trade.userId}, ${quote.commodity_id}, ${quote.id},
          ${quote.side}, ${quote.units_scaled}, ${quote.price_minor}, ${quote.amount_minor},
          ${quote.fee_minor}, ${trade.transactionId}, ${trade.at.toISOString()})
        returning ${tradeColumns}`,
  );
  if (!inserted) throw new Error('the trade just stored could not be read');
  return inserted;
}

export async function tradeByReference(executor: Executor, reference: string) {
  const [trade] = await rows<TradeRow>(
    executor,
    sql`select ${tradeColumns} from commodity_trades where reference = ${reference}`,
  );
  return trade;
}
