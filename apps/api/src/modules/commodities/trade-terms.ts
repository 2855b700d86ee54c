import {
  commodityMessages,
  formatUnits,
  MAX_TRADE_UNITS_SCALED,
  parseUnits,
  UNIT_SCALE,
  type CommodityQuote,
} from '@ajo/contracts/commodities';
import { divideRounded } from '@ajo/money/arithmetic';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { AppError } from '../../platform/errors.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import type { TradeSide } from './commodities.repository.ts';
import type { QuoteRow } from './holdings.repository.ts';

/** How long a quote is honoured: the user confirms within a minute or asks again. */
export const QUOTE_LIFETIME_MS = 60_000;

const invalid = (path: string, message: string, code: string) =>
  new AppError(code, message, 422, [{ path, message }]);

/** What a request asks for: a number of units, or a naira amount to spend or receive. */
export type TradeRequest =
  { kind: 'units'; unitsScaled: bigint } | { kind: 'amount'; amountMinor: bigint };

/** The request's units or amount, checked, or a 422 naming the field. */
export function tradeRequest(
  body: { units?: string | number | undefined; amount?: string | number | undefined },
  amountFromInput: (input: string | number) => bigint,
): TradeRequest {
  if (body.units !== undefined) {
    const unitsScaled = parseUnits(body.units);
    if (unitsScaled === null) throw invalid('units', commodityMessages.badUnits, 'invalid_units');
    if (unitsScaled === 0n) throw invalid('units', commodityMessages.zeroUnits, 'invalid_units');
    if (unitsScaled > MAX_TRADE_UNITS_SCALED) {
      throw invalid('units', 'That is more units than one trade may take', 'above_maximum');
    }
    return { kind: 'units', unitsScaled };
  }
  if (body.amount === undefined) {
    throw invalid('units', commodityMessages.unitsOrAmount, 'invalid_units');
  }
  return { kind: 'amount', amountMinor: amountFromInput(body.amount) };
}

/**
 * The units and naira of a trade at a price (kobo per whole unit). Rounding rule (decision
 * 0022): units asked for as an amount are rounded DOWN to 0.0001 unit (never more than the
 * amount buys or asks); the naira of a number of units is rounded UP to the kobo on a buy and
 * DOWN on a sell, so the house never pays out a fraction of a kobo it was not paid.
 */
export function priceTrade(side: TradeSide, request: TradeRequest, priceMinor: bigint) {
  const unitsScaled =
    request.kind === 'units'
      ? request.unitsScaled
      : (request.amountMinor * UNIT_SCALE) / priceMinor;
  const amountMinor = divideRounded(
    unitsScaled * priceMinor,
    UNIT_SCALE,
    side === 'buy' ? 'up' : 'down',
  );
  return { unitsScaled, amountMinor };
}

/** What the wallet pays (buy) or receives (sell) on a quote. */
export const walletTotalMinor = (quote: Pick<QuoteRow, 'side' | 'amount_minor' | 'fee_minor'>) =>
  quote.side === 'buy'
    ? BigInt(quote.amount_minor) + BigInt(quote.fee_minor)
    : BigInt(quote.amount_minor) - BigInt(quote.fee_minor);

export function toQuote(quote: QuoteRow): CommodityQuote {
  return {
    id: quote.id,
    commodity_id: quote.commodity_id,
    side: quote.side,
    units: formatUnits(BigInt(quote.units_scaled)),
    price: formatMinorAsDecimal(BigInt(quote.price_minor)),
    amount: formatMinorAsDecimal(BigInt(quote.amount_minor)),
    fee: formatMinorAsDecimal(BigInt(quote.fee_minor)),
    total: formatMinorAsDecimal(walletTotalMinor(quote)),
    expires_at: isoTimestamp(quote.expires_at),
  };
}

/** Why a quote cannot be spent: each answers 409 with a new quote to confirm. */
export type QuoteProblem = 'quote_required' | 'quote_mismatch' | 'quote_used' | 'quote_expired';

export const problemWords: Record<QuoteProblem, string> = {
  quote_required: 'Confirm the price first',
  quote_mismatch: 'The price you confirmed was for a different trade',
  quote_used: 'The price you confirmed has already been used',
  quote_expired: 'The price you confirmed has expired',
};

/** Whether a locked quote may be spent on this request, and if not, why. */
export function quoteProblem(
  quote: QuoteRow | undefined,
  expected: { side: TradeSide; commodityId: string; request: TradeRequest },
  now: Date,
): QuoteProblem | undefined {
  if (!quote) return 'quote_required';
  const { request } = expected;
  const sameRequest =
    request.kind === 'units'
      ? quote.requested_amount_minor === null && BigInt(quote.units_scaled) === request.unitsScaled
      : quote.requested_amount_minor !== null &&
        BigInt(quote.requested_amount_minor) === request.amountMinor;
  if (quote.side !== expected.side || quote.commodity_id !== expected.commodityId || !sameRequest) {
    return 'quote_mismatch';
  }
  if (quote.used_at !== null) return 'quote_used';
  if (new Date(quote.expires_at).getTime() <= now.getTime()) return 'quote_expired';
  return undefined;
}
