import { formatUnits, type CommodityTradeBody } from '@ajo/contracts/commodities';
import type { FastifyBaseLogger } from 'fastify';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { insertActivity, toTransaction, findActivityById } from '../../money/activity.ts';
import { reserveDailyTotals } from '../../money/daily-totals.ts';
import {
  insufficientFunds,
  move,
  openWallet,
  systemAccount,
} from '../../money/ledger/ledger.service.ts';
import { amountFromInput, feeRule, naira } from '../../money/limits.ts';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { crashIfAt } from '../../platform/test-crash.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import * as repository from './commodities.repository.ts';
import * as holdings from './holdings.repository.ts';
import type { MarketService } from './market.ts';
import {
  aboveCeiling,
  checkLimits,
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
  tradeReference,
  tradeRequest,
  walletTotalMinor,
  type QuoteProblem,
  type TradeRequest,
} from './trade-terms.ts';

const tradeWords = (quote: holdings.QuoteRow, commodity: repository.CommodityRow) =>
  `${quote.side === 'buy' ? 'Bought' : 'Sold'} ${formatUnits(BigInt(quote.units_scaled))} × ${commodity.unit} of ${commodity.name}`;

export function tradingService(deps: {
  database: Database;
  clock: Clock;
  market: MarketService;
  log?: FastifyBaseLogger | undefined;
  /** Tests only (`TEST_CRASH_AT`). */
  crashAt?: string | undefined;
}) {
  const { database, clock, market } = deps;

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
    await checkLimits(database.db, userId, side, amountMinor);
    if (side === 'sell') {
      const held = await holdings.heldUnits(database.db, userId, commodityId);
      if (held < unitsScaled) throw notEnoughUnits(held, row);
    }
    const feeMinor = (await feeRule(database.db, operationOf(side), PAYMENT_METHOD))(amountMinor);
    if (side === 'sell' && amountMinor <= feeMinor) {
      throw new AppError('amount_too_small', 'This sale is too small to cover its fee', 422, [
        { path: 'amount', message: 'Enter a larger amount' },
      ]);
    }
    const now = clock.now();
    return holdings.insertQuote(database.db, {
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
   * Inside one transaction: the quote locked and checked, the daily limit reserved, the naira
   * moved by the ledger (wallet ↔ `commodity_trading`, the fee to `fees_revenue`), the units
   * added or taken (a holding never goes below zero), the activity row, the trade and a notice.
   * Any refusal rolls all of it back.
   */
  async function execute(
    tx: Tx,
    userId: string,
    reference: string,
    quote: holdings.QuoteRow,
    commodity: repository.CommodityRow,
  ) {
    const now = clock.now();
    const side = quote.side;
    const amountMinor = BigInt(quote.amount_minor);
    const feeMinor = BigInt(quote.fee_minor);
    const unitsScaled = BigInt(quote.units_scaled);
    const limits = await checkLimits(tx, userId, side, amountMinor);
    const [reserved] = await reserveDailyTotals(tx, [
      {
        userId,
        operation: operationOf(side),
        day: businessDate(now),
        amountMinor,
        limitMinor: limits.dailyMinor,
      },
    ]);
    if (reserved && !reserved.reserved) {
      const left = (limits.dailyMinor ?? 0n) - reserved.usedMinor;
      const message = `This would pass your daily limit of ${naira(limits.dailyMinor ?? 0n)}; you can trade ${naira(left > 0n ? left : 0n)} more today`;
      throw new AppError('daily_limit', message, 422, [{ path: 'amount', message }]);
    }
    const sign = side === 'buy' ? 1n : -1n;
    const description = tradeWords(quote, commodity);
    const postings = [
      {
        accountId: (await openWallet(tx, userId, 'NGN')).id,
        amountMinor: -sign * amountMinor - feeMinor,
      },
      {
        accountId: (await systemAccount(tx, 'commodity_trading', 'NGN')).id,
        amountMinor: sign * amountMinor,
      },
      { accountId: (await systemAccount(tx, 'fees_revenue', 'NGN')).id, amountMinor: feeMinor },
    ].filter((posting) => posting.amountMinor !== 0n);
    const [moved] = await move(tx, [
      {
        idempotencyKey: reference,
        kind: 'commodity_trade',
        description,
        currency: 'NGN',
        postings,
        metadata: { quote_id: quote.id },
        at: now,
      },
    ]);
    if (moved?.outcome === 'insufficient_funds') throw insufficientFunds();
    const change = { userId, commodityId: quote.commodity_id, unitsScaled, at: now };
    const unitsLeft =
      side === 'buy'
        ? await holdings.addUnits(tx, { ...change, costMinor: amountMinor })
        : await holdings.removeUnits(tx, change);
    if (unitsLeft === undefined) {
      throw notEnoughUnits(await holdings.heldUnits(tx, userId, quote.commodity_id), commodity);
    }
    const activity = await insertActivity(tx, {
      userId,
      kind: 'trade',
      status: 'successful',
      direction: side === 'buy' ? 'debit' : 'credit',
      channel: 'wallet',
      currency: 'NGN',
      amountMinor,
      feeMinor,
      reference,
      provider: null,
      providerReference: null,
      description,
      metadata: {
        commodity: {
          id: commodity.id,
          code: commodity.code,
          name: commodity.name,
          unit: commodity.unit,
          side,
          units: formatUnits(unitsScaled),
          price: formatMinorAsDecimal(BigInt(quote.price_minor)),
          total: formatMinorAsDecimal(walletTotalMinor(quote)),
          quote_id: quote.id,
        },
      },
      at: now,
    });
    if (!activity) throw new Error('the trade’s activity row was not written');
    await holdings.markQuoteUsed(tx, quote.id, now);
    const trade = await holdings.insertTrade(tx, {
      reference,
      userId,
      quote,
      transactionId: activity.id,
      at: now,
    });
    const total = formatMoney(walletTotalMinor(quote), 'NGN');
    await insertNotification(tx, {
      userId,
      title: side === 'buy' ? `${commodity.name} bought` : `${commodity.name} sold`,
      body: `${description} at ${formatMoney(BigInt(quote.price_minor), 'NGN')} per unit: ${total} ${side === 'buy' ? 'left' : 'reached'} your wallet.`,
      now,
      transactionId: activity.id,
    });
    return { trade, unitsLeft };
  }

  /** `POST /commodities/buy` and `/sell`: exactly once per Idempotency-Key, at a live quote. */
  async function trade(
    userId: string,
    side: repository.TradeSide,
    body: CommodityTradeBody,
    idempotencyKey: string,
  ) {
    const request = tradeRequest(body, (input) => amountFromInput(input));
    const { row: commodity } = await market.commodity(body.commodity_id);
    const reference = tradeReference(userId, idempotencyKey);
    const outcome = await database.unitOfWork(async (tx) => {
      const done = await holdings.tradeByReference(tx, reference);
      if (done) {
        return { trade: done, unitsLeft: await holdings.heldUnits(tx, userId, done.commodity_id) };
      }
      const found = body.quote_id ? await holdings.lockQuote(tx, userId, body.quote_id) : undefined;
      const problem = quoteProblem(
        found,
        { side, commodityId: commodity.id, request },
        clock.now(),
      );
      if (problem || !found) return { refused: problem ?? ('quote_required' as const) };
      return execute(tx, userId, reference, found, commodity);
    });
    // A crash test stops here: the trade is committed, its answer not yet stored or sent.
    crashIfAt(deps.crashAt, 'commodity_after_trade', deps.log);
    if ('refused' in outcome)
      throw await refusal(userId, commodity.id, side, request, outcome.refused);
    const { trade: done, unitsLeft } = outcome;
    const activity = await findActivityById(database.db, done.transaction_id);
    if (!activity) throw new Error('the trade’s activity row is missing');
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
