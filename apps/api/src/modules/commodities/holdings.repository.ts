import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { batchInput, rows, type Executor } from '../../platform/db.ts';
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

/**
 * Stores a batch of quotes in one statement (ids made here, so each answer finds its own row),
 * in the order given.
 */
export async function insertQuotes(
  executor: Executor,
  quotes: readonly NewQuote[],
): Promise<QuoteRow[]> {
  if (quotes.length === 0) return [];
  const ids = quotes.map(() => randomUUID());
  const input = batchInput('input', {
    id: ['uuid', ids],
    user_id: ['uuid', quotes.map((quote) => quote.userId)],
    commodity_id: ['uuid', quotes.map((quote) => quote.commodityId)],
    side: ['text', quotes.map((quote) => quote.side)],
    requested_amount_minor: ['bigint', quotes.map((quote) => quote.requestedAmountMinor)],
    units_scaled: ['bigint', quotes.map((quote) => quote.unitsScaled)],
    price_minor: ['bigint', quotes.map((quote) => quote.priceMinor)],
    amount_minor: ['bigint', quotes.map((quote) => quote.amountMinor)],
    fee_minor: ['bigint', quotes.map((quote) => quote.feeMinor)],
    expires_at: ['timestamptz', quotes.map((quote) => quote.expiresAt)],
    created_at: ['timestamptz', quotes.map((quote) => quote.at)],
  });
  const inserted = await rows<QuoteRow>(
    executor,
    sql`insert into commodity_quotes (id, user_id, commodity_id, side, requested_amount_minor,
          units_scaled, price_minor, amount_minor, fee_minor, expires_at, created_at)
        select id, user_id, commodity_id, side, requested_amount_minor, units_scaled,
               price_minor, amount_minor, fee_minor, expires_at, created_at
          from ${input}
        returning ${quoteColumns}`,
  );
  const byId = new Map(inserted.map((quote) => [quote.id, quote]));
  return ids.map((id) => {
    const quote = byId.get(id);
    if (!quote) throw new Error('a quote just stored could not be read');
    return quote;
  });
}

/** How `lockQuotes` keys a quote: by its owner and id, so nobody finds another user's quote. */
export const quoteKey = (userId: string, quoteId: string) => `${userId}/${quoteId}`;

/**
 * The quotes of these ids that belong to the user naming them, locked (in id order) until the
 * transaction ends, so each is spent once. Keyed by `quoteKey(owner, id)`.
 */
export async function lockQuotes(
  executor: Executor,
  wanted: readonly { userId: string; quoteId: string }[],
): Promise<Map<string, QuoteRow>> {
  if (wanted.length === 0) return new Map();
  const input = batchInput('wanted', {
    id: ['uuid', wanted.map((item) => item.quoteId)],
    user_id: ['uuid', wanted.map((item) => item.userId)],
  });
  const locked = await rows<QuoteRow>(
    executor,
    sql`select ${quoteColumns} from commodity_quotes
         where (id, user_id) in (select id, user_id from ${input})
         order by id for update`,
  );
  return new Map(locked.map((quote) => [quoteKey(quote.user_id, quote.id), quote]));
}

export async function markQuotesUsed(executor: Executor, quoteIds: readonly string[], at: Date) {
  if (quoteIds.length === 0) return;
  const input = batchInput('used', { id: ['uuid', quoteIds] });
  await executor.execute(
    sql`update commodity_quotes set used_at = ${at.toISOString()}
         where id in (select id from ${input})`,
  );
}

export interface UnitsChange {
  userId: string;
  commodityId: string;
  unitsScaled: bigint;
  at: Date;
  /** A sale let through below the minimum because it empties the holding: only if it still does. */
  wholeHoldingOnly?: boolean;
}

/** How the units maps below name a holding. */
export const holdingKey = (userId: string, commodityId: string) => `${userId}:${commodityId}`;

/**
 * Adds bought units and what they cost to each holding (opening it on the first buy), at most
 * one change per holding. Answers the units each holding has now, keyed by `holdingKey`.
 */
export async function addUnits(
  executor: Executor,
  changes: readonly (UnitsChange & { costMinor: bigint })[],
): Promise<Map<string, bigint>> {
  if (changes.length === 0) return new Map();
  const input = batchInput('input', {
    user_id: ['uuid', changes.map((change) => change.userId)],
    commodity_id: ['uuid', changes.map((change) => change.commodityId)],
    units_scaled: ['bigint', changes.map((change) => change.unitsScaled)],
    cost_minor: ['bigint', changes.map((change) => change.costMinor)],
    at: ['timestamptz', changes.map((change) => change.at)],
  });
  const changed = await rows<{ user_id: string; commodity_id: string; units_scaled: string }>(
    executor,
    sql`insert into commodity_holdings as h (user_id, commodity_id, units_scaled, cost_minor,
          updated_at)
        select user_id, commodity_id, units_scaled, cost_minor, at from ${input}
         order by user_id, commodity_id
        on conflict (user_id, commodity_id) do update
          set units_scaled = h.units_scaled + excluded.units_scaled,
              cost_minor = h.cost_minor + excluded.cost_minor, updated_at = excluded.updated_at
        returning user_id, commodity_id, units_scaled::text`,
  );
  return new Map(
    changed.map((row) => [holdingKey(row.user_id, row.commodity_id), BigInt(row.units_scaled)]),
  );
}

/**
 * Takes sold units out of each holding, only if it has them (one guarded update, so two sales
 * can never both take the last units), with their share of the cost: all of it when the holding
 * empties, else cost × sold / held rounded DOWN (the remainder stays with the units kept). At
 * most one change per holding. Answers the units left of each holding that had enough, keyed by
 * `holdingKey`; a holding that was short is missing from it and unchanged.
 */
export async function removeUnits(
  executor: Executor,
  changes: readonly UnitsChange[],
): Promise<Map<string, bigint>> {
  if (changes.length === 0) return new Map();
  const input = batchInput('input', {
    user_id: ['uuid', changes.map((change) => change.userId)],
    commodity_id: ['uuid', changes.map((change) => change.commodityId)],
    units_scaled: ['bigint', changes.map((change) => change.unitsScaled)],
    whole_only: ['boolean', changes.map((change) => change.wholeHoldingOnly ?? false)],
    at: ['timestamptz', changes.map((change) => change.at)],
  });
  const changed = await rows<{ user_id: string; commodity_id: string; units_scaled: string }>(
    executor,
    sql`update commodity_holdings h
           set units_scaled = h.units_scaled - input.units_scaled,
               cost_minor = case when h.units_scaled = input.units_scaled then 0
                                 else h.cost_minor - h.cost_minor * input.units_scaled
                                                     / h.units_scaled end,
               updated_at = input.at
          from ${input}
         where h.user_id = input.user_id and h.commodity_id = input.commodity_id
           and h.units_scaled >= input.units_scaled
           and (not input.whole_only or h.units_scaled = input.units_scaled)
        returning h.user_id, h.commodity_id, h.units_scaled::text`,
  );
  return new Map(
    changed.map((row) => [holdingKey(row.user_id, row.commodity_id), BigInt(row.units_scaled)]),
  );
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

export interface NewTrade {
  reference: string;
  userId: string;
  quote: QuoteRow;
  transactionId: string;
  at: Date;
}

/** Stores a batch of trades in one statement; answers them in the order given. */
export async function insertTrades(
  executor: Executor,
  trades: readonly NewTrade[],
): Promise<TradeRow[]> {
  if (trades.length === 0) return [];
  const input = batchInput('input', {
    reference: ['text', trades.map((trade) => trade.reference)],
    user_id: ['uuid', trades.map((trade) => trade.userId)],
    commodity_id: ['uuid', trades.map((trade) => trade.quote.commodity_id)],
    quote_id: ['uuid', trades.map((trade) => trade.quote.id)],
    side: ['text', trades.map((trade) => trade.quote.side)],
    units_scaled: ['bigint', trades.map((trade) => trade.quote.units_scaled)],
    price_minor: ['bigint', trades.map((trade) => trade.quote.price_minor)],
    amount_minor: ['bigint', trades.map((trade) => trade.quote.amount_minor)],
    fee_minor: ['bigint', trades.map((trade) => trade.quote.fee_minor)],
    transaction_id: ['uuid', trades.map((trade) => trade.transactionId)],
    created_at: ['timestamptz', trades.map((trade) => trade.at)],
  });
  const inserted = await rows<TradeRow>(
    executor,
    sql`insert into commodity_trades (reference, user_id, commodity_id, quote_id, side,
          units_scaled, price_minor, amount_minor, fee_minor, transaction_id, created_at)
        select reference, user_id, commodity_id, quote_id, side, units_scaled, price_minor,
               amount_minor, fee_minor, transaction_id, created_at
          from ${input}
        returning ${tradeColumns}`,
  );
  const byReference = new Map(inserted.map((trade) => [trade.reference, trade]));
  return trades.map((trade) => {
    const found = byReference.get(trade.reference);
    if (!found) throw new Error('a trade just stored could not be read');
    return found;
  });
}

/** The trades already made under these references, keyed by reference. */
export async function tradesByReference(
  executor: Executor,
  references: readonly string[],
): Promise<Map<string, TradeRow>> {
  if (references.length === 0) return new Map();
  const input = batchInput('wanted', { reference: ['text', references] });
  const found = await rows<TradeRow>(
    executor,
    sql`select ${tradeColumns} from commodity_trades
         where reference in (select reference from ${input})`,
  );
  return new Map(found.map((trade) => [trade.reference, trade]));
}
