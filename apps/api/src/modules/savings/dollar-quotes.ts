import type { FxQuote } from '@ajo/contracts/dollar';
import { formatMinorAsDecimal, formatMoney, groupThousands } from '@ajo/money/format';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { AppError } from '../../platform/errors.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import {
  ExchangeRateUnavailable,
  type ExchangeRateProvider,
} from '../../providers/rates/rates.port.ts';
import {
  nairaCostMinor,
  nairaProceedsMinor,
  normalizeRate,
  parseRate,
} from './dollar-conversion.ts';
import * as repository from './dollar.repository.ts';

/** How long a quote is honoured: the user confirms within a minute or asks again. */
export const QUOTE_LIFETIME_MS = 60_000;

/**
 * The naira fee of a conversion. `processing_fees` has no item for a naira/dollar conversion
 * (its items are deposit, withdraw, commodities and bills), so a conversion bears none: the
 * spread between the buy and sell rates is the house's margin. A fee would be charged on top of
 * the naira amount on a buy and taken from it on a sell, to `fees_revenue:NGN`.
 */
export const CONVERSION_FEE_MINOR = 0n;

export interface QuoteTerms {
  side: repository.FxSide;
  purpose: repository.FxPurpose;
}

/** Buying dollars for a dollar investment. */
export const investmentQuote: QuoteTerms = { side: 'buy', purpose: 'dollar_investment' };
/** Selling dollars from the USD wallet into the NGN wallet ("Make a Withdrawal"). */
export const withdrawalQuote: QuoteTerms = { side: 'sell', purpose: 'usd_withdrawal' };

/** Why a quote cannot be spent: each answers 409 with a new quote to confirm. */
export type QuoteProblem = 'quote_required' | 'quote_mismatch' | 'quote_used' | 'quote_expired';

const problemWords: Record<QuoteProblem, string> = {
  quote_required: 'Confirm the exchange rate first',
  quote_mismatch: 'The rate you confirmed was for a different amount',
  quote_used: 'The rate you confirmed has already been used',
  quote_expired: 'The rate you confirmed has expired',
};

/** What the naira wallet pays (buy) or receives (sell) on a quote. */
export const nairaTotalMinor = (quote: repository.QuoteRow) =>
  quote.side === 'buy'
    ? BigInt(quote.ngn_minor) + BigInt(quote.fee_minor)
    : BigInt(quote.ngn_minor) - BigInt(quote.fee_minor);

export function toQuote(quote: repository.QuoteRow): FxQuote {
  return {
    id: quote.id,
    side: quote.side,
    amount: formatMinorAsDecimal(BigInt(quote.usd_minor)),
    currency: 'USD',
    rate: quote.rate,
    naira_amount: formatMinorAsDecimal(BigInt(quote.ngn_minor)),
    fee: formatMinorAsDecimal(BigInt(quote.fee_minor)),
    total: formatMinorAsDecimal(nairaTotalMinor(quote)),
    expires_at: isoTimestamp(quote.expires_at),
  };
}

/** A rate as a person reads it: "1550.00" → "₦1,550.00". */
export function formatRate(rate: string): string {
  const [whole = '0', fraction = '00'] = rate.split('.');
  return `₦${groupThousands(whole)}.${fraction}`;
}

/** "$100.00 costs ₦155,000.00 at ₦1,550.00 per $1" (or "gets" on a sell). */
export function describeQuote(quote: repository.QuoteRow): string {
  const verb = quote.side === 'buy' ? 'costs' : 'gets';
  return `${formatMoney(BigInt(quote.usd_minor), 'USD')} ${verb} ${formatMoney(nairaTotalMinor(quote), 'NGN')} at ${formatRate(quote.rate)} per $1`;
}

/** Whether a locked quote may be spent on this request, and if not, why. */
export function quoteProblem(
  quote: repository.QuoteRow | undefined,
  terms: QuoteTerms,
  usdMinor: bigint,
  now: Date,
): QuoteProblem | undefined {
  if (!quote) return 'quote_required';
  if (quote.side !== terms.side || quote.purpose !== terms.purpose) return 'quote_required';
  if (BigInt(quote.usd_minor) !== usdMinor) return 'quote_mismatch';
  if (quote.used_at !== null) return 'quote_used';
  if (new Date(quote.expires_at).getTime() <= now.getTime()) return 'quote_expired';
  return undefined;
}

export function quoteService(deps: {
  database: Database;
  clock: Clock;
  rates: ExchangeRateProvider;
}) {
  const { database, clock, rates } = deps;

  async function currentRate(side: repository.FxSide): Promise<string> {
    try {
      const rate = await rates.current();
      return normalizeRate(side === 'buy' ? rate.buy : rate.sell);
    } catch (error) {
      if (!(error instanceof ExchangeRateUnavailable || error instanceof RangeError)) throw error;
      throw new AppError(
        'rate_unavailable',
        'The exchange rate is not available right now; please try again shortly',
        503,
      );
    }
  }

  /**
   * A quote at the rate now, stored for `QUOTE_LIFETIME_MS`: naira = cents × rate, rounded UP to
   * the kobo on a buy and DOWN on a sell (dollar-conversion.ts), plus or minus the fee.
   */
  async function create(userId: string, terms: QuoteTerms, usdMinor: bigint) {
    const rate = await currentRate(terms.side);
    const exact = parseRate(rate);
    const ngnMinor =
      terms.side === 'buy' ? nairaCostMinor(usdMinor, exact) : nairaProceedsMinor(usdMinor, exact);
    if (terms.side === 'sell' && ngnMinor - CONVERSION_FEE_MINOR <= 0n) {
      throw new AppError('amount_too_small', 'This amount is too small to convert', 422, [
        { path: 'amount', message: 'This amount is too small to convert' },
      ]);
    }
    const now = clock.now();
    return repository.insertQuote(database.db, {
      userId,
      ...terms,
      usdMinor,
      ngnMinor,
      feeMinor: CONVERSION_FEE_MINOR,
      rate,
      expiresAt: new Date(now.getTime() + QUOTE_LIFETIME_MS),
      at: now,
    });
  }

  /**
   * The refusal of a request whose quote cannot be spent: 409 with a new quote for the same
   * amount. `errors` holds the sentence to show (path `quote_id`) and the new quote field by
   * field (paths `quote.id`, `quote.rate`, `quote.naira_amount`, `quote.fee`, `quote.total`,
   * `quote.expires_at`, …), so the client can ask the user to confirm it and send `quote.id`.
   */
  async function refusal(userId: string, terms: QuoteTerms, usdMinor: bigint, why: QuoteProblem) {
    const fresh = await create(userId, terms, usdMinor);
    const message = `${problemWords[why]}. Confirm the new rate to continue: ${describeQuote(fresh)}.`;
    return new AppError(why, message, 409, [
      { path: 'quote_id', message },
      ...Object.entries(toQuote(fresh)).map(([field, value]) => ({
        path: `quote.${field}`,
        message: value,
      })),
    ]);
  }

  return { create, refusal };
}

export type QuoteService = ReturnType<typeof quoteService>;

/** Daily: unspent quotes are let go a day after they expired, so the table does not grow forever. */
export function unspentQuotesCleanupJob(database: Database): JobDefinition {
  return {
    name: 'fx-quotes-cleanup',
    schedule: 'daily',
    run: async ({ now }) => {
      await repository.deleteUnspentQuotes(database.db, new Date(now.getTime() - 24 * 60 * 60_000));
    },
  };
}
