import { z } from 'zod';
import { envelope, moneyInput, moneyText } from './common.ts';
import { transactionSchema } from './wallet.ts';

/** The Dollar Investment product's smallest plan (its catalogue minimum): $50. */
export const DOLLAR_MINIMUM_MINOR = 50_00n;

/**
 * The dollar investment's messages. The spec does not show the invest form's rules (section 5:
 * "Dollar investment form rules: not shown"), so they follow the fixed plan's wording.
 */
export const dollarInvestmentMessages = {
  notANumber: 'Please enter a valid number',
  belowMinimum: 'Amount must be at least $50',
  noDuration: 'Select a valid duration',
  noAmount: 'Enter the amount in dollars',
  badQuote: 'That quote does not exist; ask for a new quote',
} as const;

/** A quote's direction: `buy` is naira for dollars (investing), `sell` dollars for naira. */
export const fxQuoteSides = ['buy', 'sell'] as const;

/** `?amount=` of a quote: the dollar amount, at most 2 decimals (checked by the service). */
export const dollarQuoteQuerySchema = z.strictObject({
  amount: z
    .string({ error: dollarInvestmentMessages.noAmount })
    .min(1, dollarInvestmentMessages.noAmount)
    .max(32, dollarInvestmentMessages.notANumber),
});

/**
 * A naira/dollar quote, honoured until `expires_at` and once. Buy: `naira_amount` is the dollar
 * amount × `rate` rounded UP to the kobo, and `total` = naira_amount + fee is what leaves the
 * naira wallet. Sell: `naira_amount` is rounded DOWN to the kobo, and `total` = naira_amount − fee
 * is what reaches the naira wallet.
 */
export const fxQuoteSchema = z
  .object({
    id: z.uuid(),
    side: z.enum(fxQuoteSides),
    /** Dollars bought or sold. */
    amount: moneyText,
    currency: z.literal('USD'),
    /** Naira per $1, as decimal text (e.g. "1550.00"). */
    rate: z.string(),
    naira_amount: moneyText,
    /** In naira. */
    fee: moneyText,
    /** In naira: what the naira wallet pays (buy) or receives (sell). */
    total: moneyText,
    expires_at: z.string(),
  })
  .meta({ id: 'FxQuote' });
export type FxQuote = z.infer<typeof fxQuoteSchema>;

export const fxQuoteResponseSchema = envelope(fxQuoteSchema);

export const createDollarInvestmentBodySchema = z.strictObject({
  /** Dollars, at least $50, at most 2 decimals. */
  amount: moneyInput,
  /** A duration id of the Dollar Investment product (e.g. "180d"). */
  duration: z
    .string({ error: dollarInvestmentMessages.noDuration })
    .min(1, dollarInvestmentMessages.noDuration),
  /** The quote the user confirmed; without it, their newest live quote for this amount. */
  quote_id: z.uuid({ error: dollarInvestmentMessages.badQuote }).optional(),
});
export type CreateDollarInvestmentBody = z.input<typeof createDollarInvestmentBodySchema>;

export const usdWithdrawalBodySchema = z.strictObject({
  /** Dollars to sell from the USD wallet, at most 2 decimals. */
  amount: moneyInput,
  /** The sell quote the user confirmed; without it, their newest live sell quote for this amount. */
  quote_id: z.uuid({ error: dollarInvestmentMessages.badQuote }).optional(),
});
export type UsdWithdrawalBody = z.input<typeof usdWithdrawalBodySchema>;

export const usdWithdrawalSchema = z
  .object({
    /** The quote it was converted at. */
    quote: fxQuoteSchema,
    /** The USD wallet's debit and the NGN wallet's credit (both of type `fx`). */
    debit: transactionSchema,
    credit: transactionSchema,
  })
  .meta({ id: 'UsdWithdrawal' });

export const usdWithdrawalResponseSchema = envelope(usdWithdrawalSchema);

/** A rate in naira per $1: a positive number or decimal text with at most 4 decimals. */
export const RATE_PATTERN = /^\d{1,7}(\.\d{1,4})?$/;

const rateField = (name: 'buy' | 'sell') =>
  z
    .union([z.number(), z.string()], {
      error: `${name} is the naira price of $1, e.g. 1550.00`,
    })
    .refine((value) => RATE_PATTERN.test(String(value)) && /[1-9]/.test(String(value)), {
      error: `${name} is the naira price of $1: a positive number with at most 4 decimals, e.g. 1550.00`,
    });

/** `POST /sandbox/exchange-rate`: the operator sets the rates (sell below buy). */
export const sandboxExchangeRateBodySchema = z.strictObject({
  buy: rateField('buy'),
  sell: rateField('sell'),
});

export const exchangeRateSchema = z
  .object({
    /** Naira a user pays for $1. */
    buy: z.string(),
    /** Naira a user gets for $1. */
    sell: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ExchangeRate' });

export const exchangeRateResponseSchema = envelope(exchangeRateSchema);
