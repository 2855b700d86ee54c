import { parseAmount } from '@ajo/money/parse';
import { cardMessages, type CardQuotePurpose } from '@ajo/contracts/cards';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  ExchangeRateUnavailable,
  type ExchangeRateProvider,
} from '../../providers/rates/rates.port.ts';
import {
  CARD_NAIRA_FEE_MINOR,
  CARD_QUOTE_LIFETIME_MS,
  cardErrors,
  type QuoteProblem,
} from './card-policies.ts';
import * as repository from './cards.repository.ts';

/**
 * A rate as an exact fraction: "1550.37" → 155037 / 100 naira per $1. The rounding rule is the
 * USD wallet's: the naira a user pays is rounded UP to the kobo, what they get is rounded DOWN.
 */
function parseRate(text: string): { units: bigint; scale: bigint } {
  const match = /^(\d{1,7})(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) throw new RangeError(`a rate is decimal text with at most 4 decimals: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  const rate = { units: BigInt(whole + fraction), scale: 10n ** BigInt(fraction.length) };
  if (rate.units === 0n) throw new RangeError('a rate is above zero');
  return rate;
}

/** "1550" → "1550.00": at least two decimals, as quotes show it. */
function normalizeRate(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return `${BigInt(whole).toString()}.${fraction.padEnd(2, '0')}`;
}

/** Kobo the user pays for `usdMinor` cents (rounded UP). */
export function nairaCostMinor(usdMinor: bigint, rate: string): bigint {
  const { units, scale } = parseRate(rate);
  return (usdMinor * units + scale - 1n) / scale;
}

/** Kobo the user gets for `usdMinor` cents (rounded DOWN). */
export function nairaProceedsMinor(usdMinor: bigint, rate: string): bigint {
  const { units, scale } = parseRate(rate);
  return (usdMinor * units) / scale;
}

/** A positive dollar amount with at most two decimals, in cents; else a 422 in words. */
export function dollarAmount(input: unknown): bigint {
  try {
    if (input === undefined || input === null || input === '') throw new RangeError('empty');
    return parseAmount(input as string | number, { allowZero: false });
  } catch {
    const message =
      input === undefined || input === '' ? cardMessages.noAmount : cardMessages.notANumber;
    throw new AppError('invalid_amount', message, 422, [{ path: 'amount', message }]);
  }
}

/** Whether a locked quote may be spent on this request, and if not, why. */
export function quoteProblem(
  quote: repository.CardQuoteRow | undefined,
  expected: { purpose: CardQuotePurpose; usdMinor: bigint; cardId: string | null },
  now: Date,
): QuoteProblem | undefined {
  if (!quote) return 'quote_required';
  if (quote.purpose !== expected.purpose || quote.card_id !== expected.cardId) {
    return 'quote_mismatch';
  }
  if (BigInt(quote.usd_minor) !== expected.usdMinor) return 'quote_mismatch';
  if (quote.used_at !== null) return 'quote_used';
  if (new Date(quote.expires_at).getTime() <= now.getTime()) return 'quote_expired';
  return undefined;
}

export function cardQuoteService(deps: {
  database: Database;
  clock: Clock;
  rates: ExchangeRateProvider;
}) {
  const { database, clock, rates } = deps;

  async function currentRates() {
    try {
      const rate = await rates.current();
      parseRate(rate.buy);
      parseRate(rate.sell);
      return { buy: normalizeRate(rate.buy), sell: normalizeRate(rate.sell) };
    } catch (error) {
      if (!(error instanceof ExchangeRateUnavailable || error instanceof RangeError)) throw error;
      throw cardErrors.rateUnavailable();
    }
  }

  /**
   * A stored quote: create and fund buy dollars at the buy rate for amount + card fee (naira
   * rounded UP); withdraw sells them at the sell rate (naira rounded DOWN), less the naira fee.
   */
  async function create(
    userId: string,
    request: {
      purpose: CardQuotePurpose;
      usdMinor: bigint;
      cardFeeMinor: bigint;
      cardId: string | null;
    },
  ) {
    const rate = await currentRates();
    const selling = request.purpose === 'withdraw';
    const dollarsMinor = request.usdMinor + request.cardFeeMinor;
    const ngnMinor = selling
      ? nairaProceedsMinor(dollarsMinor, rate.sell)
      : nairaCostMinor(dollarsMinor, rate.buy);
    if (selling && ngnMinor - CARD_NAIRA_FEE_MINOR <= 0n) {
      const message = 'This amount is too small to convert';
      throw new AppError('amount_too_small', message, 422, [{ path: 'amount', message }]);
    }
    const now = clock.now();
    return repository.insertQuote(database.db, {
      userId,
      purpose: request.purpose,
      cardId: request.cardId,
      usdMinor: request.usdMinor,
      cardFeeMinor: request.cardFeeMinor,
      ngnMinor,
      feeMinor: CARD_NAIRA_FEE_MINOR,
      rate: selling ? rate.sell : rate.buy,
      expiresAt: new Date(now.getTime() + CARD_QUOTE_LIFETIME_MS),
      at: now,
    });
  }

  return { currentRates, create };
}

export type CardQuoteService = ReturnType<typeof cardQuoteService>;
