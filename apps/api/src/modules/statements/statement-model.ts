import type { Currency } from '@ajo/money/currency';
import type { WalletLedger, WalletPostingRow } from './statements.repository.ts';

/** Interest a movement paid, as the product booked it: gross, 10% withholding tax, net. */
export interface InterestFigures {
  grossMinor: bigint;
  withholdingTaxMinor: bigint;
  netMinor: bigint;
}

export interface StatementLine {
  at: Date;
  description: string;
  reference: string;
  /** Money out of the wallet (positive), or 0. */
  debitMinor: bigint;
  /** Money into the wallet (positive), or 0. */
  creditMinor: bigint;
  /** The wallet's balance after this movement. */
  balanceMinor: bigint;
  /** The fee inside this movement's debit, when the activity carries one. */
  feeMinor: bigint;
  interest: InterestFigures | null;
}

export interface StatementWallet {
  currency: Currency;
  openingMinor: bigint;
  creditsMinor: bigint;
  debitsMinor: bigint;
  feesMinor: bigint;
  interest: InterestFigures;
  closingMinor: bigint;
  lines: StatementLine[];
}

const minorField = (value: unknown): bigint | null =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : null;

/**
 * The interest figures a product keeps in its activity row's details (savings maturity,
 * fixed-income coupon, real-estate rent), whichever product's block holds them.
 */
export function interestOf(metadata: Record<string, unknown> | null): InterestFigures | null {
  for (const details of Object.values(metadata ?? {})) {
    if (typeof details !== 'object' || details === null) continue;
    const block = details as Record<string, unknown>;
    const gross = minorField(block.gross_interest_minor ?? block.gross_minor);
    const tax = minorField(block.withholding_tax_minor);
    if (gross === null || tax === null) continue;
    const net = minorField(block.net_interest_minor ?? block.net_minor) ?? gross - tax;
    return { grossMinor: gross, withholdingTaxMinor: tax, netMinor: net };
  }
  return null;
}

/** A reference a person can quote: the activity's, or the ledger entry's own id. */
const referenceOf = (posting: WalletPostingRow) =>
  posting.activity_reference ?? `AJO-LEDGER-${posting.entry_id.slice(0, 8).toUpperCase()}`;

function lineOf(posting: WalletPostingRow, balanceMinor: bigint): StatementLine {
  const amountMinor = BigInt(posting.amount_minor);
  const direction = amountMinor < 0n ? 'debit' : 'credit';
  // The activity's fee belongs to the movement that took it, not to a reversal paying it back.
  const feeMinor =
    posting.activity_direction === direction && direction === 'debit'
      ? BigInt(posting.activity_fee_minor ?? '0')
      : 0n;
  return {
    at: new Date(posting.at),
    description: posting.activity_description ?? posting.entry_description,
    reference: referenceOf(posting),
    debitMinor: amountMinor < 0n ? -amountMinor : 0n,
    creditMinor: amountMinor > 0n ? amountMinor : 0n,
    balanceMinor,
    feeMinor,
    interest: direction === 'credit' ? interestOf(posting.activity_metadata) : null,
  };
}

/**
 * A wallet's statement from its ledger: the running balance starts at the opening balance and
 * adds each posting, so opening + credits − debits is the closing balance by construction; the
 * closing balance read from the ledger is kept beside it and `reconciles` compares the two.
 */
export function statementWallet(ledger: WalletLedger): StatementWallet {
  let balanceMinor = ledger.openingMinor;
  const lines = ledger.postings.map((posting) => {
    balanceMinor += BigInt(posting.amount_minor);
    return lineOf(posting, balanceMinor);
  });
  const sum = (pick: (line: StatementLine) => bigint) =>
    lines.reduce((total, line) => total + pick(line), 0n);
  return {
    currency: ledger.currency,
    openingMinor: ledger.openingMinor,
    creditsMinor: sum((line) => line.creditMinor),
    debitsMinor: sum((line) => line.debitMinor),
    feesMinor: sum((line) => line.feeMinor),
    interest: {
      grossMinor: sum((line) => line.interest?.grossMinor ?? 0n),
      withholdingTaxMinor: sum((line) => line.interest?.withholdingTaxMinor ?? 0n),
      netMinor: sum((line) => line.interest?.netMinor ?? 0n),
    },
    closingMinor: ledger.closingMinor,
    lines,
  };
}

export const reconciles = (wallet: StatementWallet) =>
  wallet.openingMinor + wallet.creditsMinor - wallet.debitsMinor === wallet.closingMinor;
