import { dollarInvestmentMessages } from '@ajo/contracts/dollar';
import { formatMoney } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import { insufficientFunds, move, systemAccount } from '../../money/ledger/ledger.service.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { QuoteRow } from './dollar.repository.ts';

// What buying dollars (a dollar investment) and selling them (the USD wallet's "Make a
// Withdrawal") share: the amount rule, the reference an Idempotency-Key names, and the ledger's
// two legs.

export const invalid = (path: string, message: string, code: string) =>
  new AppError(code, message, 422, [{ path, message }]);

/** "$50" for a whole number of dollars, "$50.50" otherwise. */
export const dollars = (minor: bigint) => formatMoney(minor, 'USD').replace(/\.00$/, '');

/**
 * The most one conversion takes: $10,000,000. Far above any retail order, and it keeps the naira
 * side (cents × a rate of at most 7 whole digits) well inside a bigint column.
 */
export const MAX_CONVERSION_USD_MINOR = 10_000_000_00n;

/** A positive dollar amount with at most 2 decimals, in cents, up to the maximum. */
export function dollarAmount(input: unknown): bigint {
  let usdMinor: bigint;
  try {
    usdMinor = parseAmount(input as string | number, { allowZero: false });
  } catch {
    throw invalid('amount', dollarInvestmentMessages.notANumber, 'invalid_amount');
  }
  if (usdMinor > MAX_CONVERSION_USD_MINOR) {
    const message = `Amount must not be more than ${dollars(MAX_CONVERSION_USD_MINOR)}`;
    throw invalid('amount', message, 'above_maximum');
  }
  return usdMinor;
}

export interface Conversion {
  /** The movement's reference: its entries are keyed `{reference}:NGN` and `{reference}:USD`. */
  reference: string;
  quote: QuoteRow;
  /** The user's NGN wallet. */
  nairaAccountId: string;
  /** Where the dollars arrive (a buy: the plan's account) or leave from (a sell: the USD wallet). */
  dollarAccountId: string;
  description: string;
  metadata: Record<string, unknown>;
  at: Date;
}

/**
 * A conversion at its quote, as two journal entries, one per currency, written in one batch and
 * one statement inside the caller's transaction, so both stand or neither does:
 *
 * - buy: naira from the NGN wallet to `fx:NGN` (and the fee to `fees_revenue:NGN`), dollars from
 *   `fx:USD` to the dollar account;
 * - sell: dollars from the dollar account to `fx:USD`, naira from `fx:NGN` to the NGN wallet
 *   (less the fee, to `fees_revenue:NGN`).
 *
 * Each entry balances in its own currency, so no balance ever mixes them. (One entry cannot hold
 * both: the ledger stamps an entry's currency on each of its postings.) A wallet short of money
 * refuses the whole conversion.
 */
export async function postConversion(tx: Tx, conversion: Conversion) {
  const { quote, reference } = conversion;
  const usdMinor = BigInt(quote.usd_minor);
  const ngnMinor = BigInt(quote.ngn_minor);
  const feeMinor = BigInt(quote.fee_minor);
  // From the user's side: a buy pays naira and gets dollars, a sell the other way round.
  const sign = quote.side === 'buy' ? 1n : -1n;
  const entry = {
    kind: 'fx_conversion',
    description: conversion.description,
    metadata: { ...conversion.metadata, quote_id: quote.id, rate: quote.rate },
    at: conversion.at,
  };
  const naira = [
    { accountId: conversion.nairaAccountId, amountMinor: -sign * ngnMinor - feeMinor },
    { accountId: (await systemAccount(tx, 'fx', 'NGN')).id, amountMinor: sign * ngnMinor },
    { accountId: (await systemAccount(tx, 'fees_revenue', 'NGN')).id, amountMinor: feeMinor },
  ];
  const dollar = [
    { accountId: (await systemAccount(tx, 'fx', 'USD')).id, amountMinor: -sign * usdMinor },
    { accountId: conversion.dollarAccountId, amountMinor: sign * usdMinor },
  ];
  const results = await move(tx, [
    {
      ...entry,
      idempotencyKey: `${reference}:NGN`,
      currency: 'NGN',
      postings: naira.filter((posting) => posting.amountMinor !== 0n),
    },
    { ...entry, idempotencyKey: `${reference}:USD`, currency: 'USD', postings: dollar },
  ]);
  if (results.some((result) => result.outcome === 'insufficient_funds')) throw insufficientFunds();
}
