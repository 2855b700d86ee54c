import { formatUnits, type CommodityTradeBody } from '@ajo/contracts/commodities';
import type { FastifyBaseLogger } from 'fastify';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import {
  findActivityById,
  insertActivities,
  toTransaction,
  type ActivityRow,
} from '../../money/activity.ts';
import { releaseDailyTotal, reserveDailyTotals } from '../../money/daily-totals.ts';
import {
  insufficientFunds,
  move,
  systemAccount,
  walletsOf,
} from '../../money/ledger/ledger.service.ts';
import { amountFromInput, feeRule, limitsFor, naira } from '../../money/limits.ts';
import { batcher, failed, succeeded, type Outcome } from '../../platform/batcher.ts';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { insertNotifications } from '../../platform/notifications.ts';
import { crashIfAt } from '../../platform/test-crash.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import * as repository from './commodities.repository.ts';
import * as holdings from './holdings.repository.ts';
import type { MarketService } from './market.ts';
import {
  aboveCeiling,
  checkLimits,
  checkTierLimits,
  MAX_TRADE_AMOUNT_MINOR,
  notEnoughUnits,
  operationOf,
  PAYMENT_METHOD,
} from './trade-limits.ts';
import {
  priceTrade,
  problemWords,
  QUOTE_LIFETIME_MS,
  quoteProblem,
  toQuote,
  tradeRequest,
  walletTotalMinor,
  type QuoteProblem,
  type TradeRequest,
} from './trade-terms.ts';
import { idempotencyKeyReused, referenceForKey } from '../../platform/idempotency.ts';

const tradeWords = (quote: holdings.QuoteRow, commodity: repository.CommodityRow) =>
  `${quote.side === 'buy' ? 'Bought' : 'Sold'} ${formatUnits(BigInt(quote.units_scaled))} × ${commodity.unit} of ${commodity.name}`;

/** The activity row's details of a trade: what the receipt shows. */
const tradeDetails = (quote: holdings.QuoteRow, commodity: repository.CommodityRow) => ({
  id: commodity.id,
  code: commodity.code,
  name: commodity.name,
  unit: commodity.unit,
  side: quote.side,
  units: formatUnits(BigInt(quote.units_scaled)),
  price: formatMinorAsDecimal(BigInt(quote.price_minor)),
  total: formatMinorAsDecimal(walletTotalMinor(quote)),
  quote_id: quote.id,
});

function overDailyLimit(dailyMinor: bigint | null, usedMinor: bigint) {
  const left = (dailyMinor ?? 0n) - usedMinor;
  const message = `This would pass your daily limit of ${naira(dailyMinor ?? 0n)}; you can trade ${naira(left > 0n ? left : 0n)} more today`;
  return new AppError('daily_limit', message, 422, [{ path: 'amount', message }]);
}

/** One trade asked for, as `trade` hands it to the batch. */
interface TradeOrder {
  userId: string;
  side: repository.TradeSide;
  reference: string;
  quoteId: string | undefined;
  request: TradeRequest;
  commodity: repository.CommodityRow;
}

/** A trade whose quote may be spent, with what its tier allows it per day. */
interface PricedOrder {
  ord: number;
  order: TradeOrder;
  quote: holdings.QuoteRow;
  amountMinor: bigint;
  dailyLimitMinor: bigint | null;
  /** A sale below the minimum, taken only if it empties the holding (see `checkLimits`). */
  wholeHoldingOnly: boolean;
}

/** What a trade came to; a refusal for a 422 is the item's error instead. */
type Traded =
  | {
      outcome: 'traded';
      trade: holdings.TradeRow;
      activity: ActivityRow;
      unitsLeft: bigint;
    }
  /** The quote cannot be spent: answered with a new one to confirm. */
  | { outcome: 'refused'; problem: QuoteProblem };

const keyOf = ({ order }: PricedOrder) => holdings.holdingKey(order.userId, order.commodity.id);

const unitsChangeOf =
  (at: Date) =>
  ({ order, quote, wholeHoldingOnly }: PricedOrder) => ({
    userId: order.userId,
    commodityId: order.commodity.id,
    unitsScaled: BigInt(quote.units_scaled),
    at,
    wholeHoldingOnly,
  });

function tradeNotice(
  order: TradeOrder,
  quote: holdings.QuoteRow,
  transactionId: string | undefined,
  now: Date,
) {
  const total = formatMoney(walletTotalMinor(quote), 'NGN');
  const { commodity, side } = order;
  return {
    userId: order.userId,
    title: side === 'buy' ? `${commodity.name} bought` : `${commodity.name} sold`,
    body: `${tradeWords(quote, commodity)} at ${formatMoney(BigInt(quote.price_minor), 'NGN')} per unit: ${total} ${side === 'buy' ? 'left' : 'reached'} your wallet.`,
    now,
    transactionId,
  };
}

export function tradingService(deps: {
  database: Database;
  clock: Clock;
  market: MarketService;
  log?: FastifyBaseLogger | undefined;
  /** Tests only (`TEST_CRASH_AT`). */
  crashAt?: string | undefined;
}) {
  const { database, clock, market } = deps;

  /** Quotes asked for together are stored with one statement (group commit, decision 0013). */
  const quoteInserts = batcher<holdings.NewQuote, holdings.QuoteRow>({
    maxBatch: 64,
    run: async (quotes) => (await holdings.insertQuotes(database.db, quotes)).map(succeeded),
  });

  /** A quote at today's price for this request, stored for `QUOTE_LIFETIME_MS`. */
  async function createQuote(
    userId: string,
    commodityId: string,
    side: repository.TradeSide,
    request: TradeRequest,
  ) {
    const { row } = await market.commodity(commodityId);
    const priceMinor = BigInt(side === 'buy' ? row.buy_price_minor : row.sell_price_minor);
    const { unitsScaled, amountMinor } = priceTrade(side, request, priceMinor);
    if (unitsScaled === 0n || amountMinor === 0n) {
      const message = `This amount buys less than 0.0001 ${row.unit}; enter a larger amount`;
      throw new AppError('amount_too_small', message, 422, [{ path: 'amount', message }]);
    }
    if (amountMinor > MAX_TRADE_AMOUNT_MINOR) throw aboveCeiling();
    const held = side === 'sell' ? await holdings.heldUnits(database.db, userId, commodityId) : 0n;
    await checkLimits(database.db, userId, side, amountMinor, unitsScaled === held);
    if (side === 'sell' && held < unitsScaled) throw notEnoughUnits(held, row);
    const feeMinor = (await feeRule(database.db, operationOf(side), PAYMENT_METHOD))(amountMinor);
    if (side === 'sell' && amountMinor <= feeMinor) {
      throw new AppError('amount_too_small', 'This sale is too small to cover its fee', 422, [
        { path: 'amount', message: 'Enter a larger amount' },
      ]);
    }
    const now = clock.now();
    return quoteInserts({
      userId,
      commodityId,
      side,
      requestedAmountMinor: request.kind === 'amount' ? request.amountMinor : null,
      unitsScaled,
      priceMinor,
      amountMinor,
      feeMinor,
      expiresAt: new Date(now.getTime() + QUOTE_LIFETIME_MS),
      at: now,
    });
  }

  /** `POST /commodities/quotes`. */
  async function quote(
    userId: string,
    body: {
      commodity_id: string;
      side: repository.TradeSide;
      units?: string | number;
      amount?: string | number;
    },
  ) {
    const request = tradeRequest(body, (input) => amountFromInput(input));
    return toQuote(await createQuote(userId, body.commodity_id, body.side, request));
  }

  /**
   * 409 with a new quote for the same request: `errors` holds the sentence at path `quote_id`
   * and the new quote field by field (`quote.id`, `quote.price`, `quote.total`, …).
   */
  async function refusal(
    userId: string,
    commodityId: string,
    side: repository.TradeSide,
    request: TradeRequest,
    why: QuoteProblem,
  ) {
    const fresh = toQuote(await createQuote(userId, commodityId, side, request));
    const message = `${problemWords[why]}. Confirm the new price to continue: ${fresh.units} units for ₦${fresh.total} in total.`;
    return new AppError(why, message, 409, [
      { path: 'quote_id', message },
      ...Object.entries(fresh).map(([field, value]) => ({
        path: `quote.${field}`,
        message: value,
      })),
    ]);
  }

  /**
   * A batch of trades (what arrives while the previous batch runs, at most one per user) in one
   * transaction, each answering on its own: a replay of its key, a quote refused (answered with a
   * new quote after the transaction), a 422, or the trade. For each trade: the quote locked and
   * checked, the tier's limits, the daily limit reserved, the units taken (a sale), the naira
   * moved by the ledger (wallet ↔ `commodity_trading`, the fee to `fees_revenue`), the units
   * added (a buy), the activity row, the quote spent, the trade and a notice. An item refused
   * part way gives back what it took (its daily total, its units), so nothing of it stays.
   */
  async function tradeBatch(tx: Tx, orders: readonly TradeOrder[]): Promise<Outcome<Traded>[]> {
    const now = clock.now();
    const day = businessDate(now);
    const answers = new Map<number, Outcome<Traded>>();

    const [done, quotes, tiers] = await Promise.all([
      holdings.tradesByReference(
        tx,
        orders.map((order) => order.reference),
      ),
      holdings.lockQuotes(
        tx,
        orders.flatMap(({ userId, quoteId }) => (quoteId ? [{ userId, quoteId }] : [])),
      ),
      repository.userTiers(
        tx,
        orders.map((order) => order.userId),
      ),
    ]);
    let open: PricedOrder[] = [];
    for (const [ord, order] of orders.entries()) {
      const earlier = done.get(order.reference);
      if (earlier) {
        // The same key on a sale after a purchase (or for another commodity or price) is not
        // this trade again: refused, and nothing of it happens.
        const same =
          earlier.side === order.side &&
          earlier.commodity_id === order.commodity.id &&
          earlier.quote_id === order.quoteId;
        answers.set(
          ord,
          same ? succeeded(await replayOf(tx, order, earlier)) : failed(idempotencyKeyReused()),
        );
        continue;
      }
      const quote = order.quoteId
        ? quotes.get(holdings.quoteKey(order.userId, order.quoteId))
        : undefined;
      const expected = {
        side: order.side,
        commodityId: order.commodity.id,
        request: order.request,
      };
      const problem = quoteProblem(quote, expected, now);
      if (problem || !quote) {
        answers.set(ord, succeeded({ outcome: 'refused', problem: problem ?? 'quote_required' }));
        continue;
      }
      const amountMinor = BigInt(quote.amount_minor);
      const tier = tiers.get(order.userId) ?? 0;
      const limits = await limitsFor(tx, operationOf(order.side), tier);
      // Below the minimum, a sale may still empty the holding: the units stage checks that.
      const wholeHoldingOnly = order.side === 'sell' && amountMinor < limits.minimumMinor;
      try {
        checkTierLimits(amountMinor, limits, tier, order.side, wholeHoldingOnly);
      } catch (refusal) {
        answers.set(ord, failed(refusal));
        continue;
      }
      open.push({
        ord,
        order,
        quote,
        amountMinor,
        dailyLimitMinor: limits.dailyMinor,
        wholeHoldingOnly,
      });
    }

    const dailyTotalOf = ({ order, amountMinor }: PricedOrder) => ({
      userId: order.userId,
      operation: operationOf(order.side),
      day,
      amountMinor,
    });
    const reservations = await reserveDailyTotals(
      tx,
      open.map((item) => ({ ...dailyTotalOf(item), limitMinor: item.dailyLimitMinor })),
    );
    open = open.filter((item, index) => {
      const reservation = reservations[index];
      if (reservation?.reserved !== false) return true;
      answers.set(item.ord, failed(overDailyLimit(item.dailyLimitMinor, reservation.usedMinor)));
      return false;
    });

    // A sale takes its units before any money moves: a holding that is short refuses it.
    const sales = open.filter((item) => item.order.side === 'sell');
    const unitsAfterSale = await holdings.removeUnits(tx, sales.map(unitsChangeOf(now)));
    for (const item of sales) {
      if (unitsAfterSale.has(keyOf(item))) continue;
      await releaseDailyTotal(tx, dailyTotalOf(item));
      const held = await holdings.heldUnits(tx, item.order.userId, item.order.commodity.id);
      answers.set(item.ord, failed(notEnoughUnits(held, item.order.commodity)));
      if (item.wholeHoldingOnly && held > BigInt(item.quote.units_scaled)) {
        // The holding grew since the quote: this is no longer a whole-holding sale, and the
        // minimum applies again.
        const tier = tiers.get(item.order.userId) ?? 0;
        try {
          checkTierLimits(
            item.amountMinor,
            await limitsFor(tx, 'sell_commodity', tier),
            tier,
            'sell',
          );
        } catch (refusal) {
          answers.set(item.ord, failed(refusal));
        }
      }
    }
    open = open.filter((item) => item.order.side === 'buy' || unitsAfterSale.has(keyOf(item)));

    const [wallets, trading, fees] = await Promise.all([
      walletsOf(
        tx,
        open.map((item) => item.order.userId),
        'NGN',
      ),
      systemAccount(tx, 'commodity_trading', 'NGN'),
      systemAccount(tx, 'fees_revenue', 'NGN'),
    ]);
    const moved = await move(
      tx,
      open.map(({ order, quote, amountMinor }) => {
        const sign = order.side === 'buy' ? 1n : -1n;
        const feeMinor = BigInt(quote.fee_minor);
        return {
          idempotencyKey: order.reference,
          kind: 'commodity_trade',
          description: tradeWords(quote, order.commodity),
          currency: 'NGN' as const,
          postings: [
            {
              accountId: wallets.get(order.userId) ?? '',
              amountMinor: -sign * amountMinor - feeMinor,
            },
            { accountId: trading.id, amountMinor: sign * amountMinor },
            { accountId: fees.id, amountMinor: feeMinor },
          ].filter((posting) => posting.amountMinor !== 0n),
          metadata: { quote_id: quote.id },
          at: now,
        };
      }),
    );
    const paid: PricedOrder[] = [];
    for (const [index, item] of open.entries()) {
      if (moved[index]?.outcome !== 'insufficient_funds') {
        paid.push(item);
        continue;
      }
      // Only a buy can find the wallet short (a sale's fee is below its amount, from its quote).
      if (item.order.side === 'sell') throw new Error('a sale was refused by the wallet');
      await releaseDailyTotal(tx, dailyTotalOf(item));
      answers.set(item.ord, failed(insufficientFunds()));
    }

    const buys = paid.filter((item) => item.order.side === 'buy');
    const unitsAfterBuy = await holdings.addUnits(
      tx,
      buys.map((item) => ({ ...unitsChangeOf(now)(item), costMinor: item.amountMinor })),
    );
    const activities = await insertActivities(
      tx,
      paid.map(({ order, quote, amountMinor }) => ({
        userId: order.userId,
        kind: 'trade' as const,
        status: 'successful' as const,
        direction: order.side === 'buy' ? ('debit' as const) : ('credit' as const),
        channel: 'wallet' as const,
        currency: 'NGN' as const,
        // As every credit with a fee reads: the amount is what reached the wallet (a sale's fee
        // comes out of it); a debit's is what was bought, its fee on top.
        amountMinor: order.side === 'buy' ? amountMinor : amountMinor - BigInt(quote.fee_minor),
        feeMinor: BigInt(quote.fee_minor),
        reference: order.reference,
        provider: null,
        providerReference: null,
        description: tradeWords(quote, order.commodity),
        metadata: { commodity: tradeDetails(quote, order.commodity) },
        at: now,
      })),
    );
    await holdings.markQuotesUsed(
      tx,
      paid.map((item) => item.quote.id),
      now,
    );
    const trades = await holdings.insertTrades(
      tx,
      paid.map(({ order, quote }, index) => ({
        reference: order.reference,
        userId: order.userId,
        quote,
        transactionId: activities[index]?.id ?? '',
        at: now,
      })),
    );
    await insertNotifications(
      tx,
      paid.map(({ order, quote }, index) => tradeNotice(order, quote, activities[index]?.id, now)),
    );
    for (const [index, item] of paid.entries()) {
      const activity = activities[index];
      const trade = trades[index];
      const unitsLeft = (item.order.side === 'buy' ? unitsAfterBuy : unitsAfterSale).get(
        keyOf(item),
      );
      if (!activity || !trade || unitsLeft === undefined) {
        throw new Error('a trade lost its rows');
      }
      answers.set(item.ord, succeeded({ outcome: 'traded', trade, activity, unitsLeft }));
    }
    return orders.map((_, ord) => answers.get(ord) ?? failed(new Error('a trade got no answer')));
  }

  /** The same key again: the trade made then, with the units held now. */
  async function replayOf(tx: Tx, order: TradeOrder, trade: holdings.TradeRow): Promise<Traded> {
    const [activity, unitsLeft] = await Promise.all([
      findActivityById(tx, trade.transaction_id),
      holdings.heldUnits(tx, order.userId, trade.commodity_id),
    ]);
    if (!activity) throw new Error('the trade’s activity row is missing');
    return { outcome: 'traded', trade, activity, unitsLeft };
  }

  /** Trades that arrive together share one transaction (group commit, decision 0013). */
  const trades = batcher<TradeOrder, Traded>({
    maxBatch: 64,
    // One trade per user in a batch: each wallet, daily total and holding moves once in it.
    conflictKey: (order) => order.userId,
    run: (orders) => database.unitOfWork((tx) => tradeBatch(tx, orders)),
  });

  /** `POST /commodities/buy` and `/sell`: exactly once per Idempotency-Key, at a live quote. */
  async function trade(
    userId: string,
    side: repository.TradeSide,
    body: CommodityTradeBody,
    idempotencyKey: string,
  ) {
    const request = tradeRequest(body, (input) => amountFromInput(input));
    const { row: commodity } = await market.commodity(body.commodity_id);
    const outcome = await trades({
      userId,
      side,
      reference: referenceForKey('AJO-COM', 'AJO-COM', userId, idempotencyKey),
      quoteId: body.quote_id,
      request,
      commodity,
    });
    // A crash test stops here: the trade is committed, its answer not yet stored or sent.
    crashIfAt(deps.crashAt, 'commodity_after_trade', deps.log);
    if (outcome.outcome === 'refused') {
      throw await refusal(userId, commodity.id, side, request, outcome.problem);
    }
    const { trade: done, activity, unitsLeft } = outcome;
    return {
      id: done.id,
      reference: done.reference,
      side: done.side,
      commodity_id: done.commodity_id,
      units: formatUnits(BigInt(done.units_scaled)),
      price: formatMinorAsDecimal(BigInt(done.price_minor)),
      amount: formatMinorAsDecimal(BigInt(done.amount_minor)),
      fee: formatMinorAsDecimal(BigInt(done.fee_minor)),
      total: formatMinorAsDecimal(walletTotalMinor(done)),
      created_at: isoTimestamp(done.created_at),
      holding_units: formatUnits(unitsLeft),
      transaction: toTransaction(activity),
    };
  }

  return { quote, trade };
}

export type TradingService = ReturnType<typeof tradingService>;
