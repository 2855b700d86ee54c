import type { Card, CardQuote, CardTransaction } from '@ajo/contracts/cards';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { declineReasons, type DeclineReason } from './card-policies.ts';
import type { CardQuoteRow, CardRow, CardTransactionRow } from './cards.repository.ts';

const optionalTimestamp = (value: string | Date | null) =>
  value === null ? null : isoTimestamp(value);

export function toCard(row: CardRow): Card {
  const balanceMinor = BigInt(row.balance_minor);
  const heldMinor = BigInt(row.held_minor);
  const address = row.billing_address;
  return {
    id: row.id,
    status: row.status,
    brand: row.brand,
    last4: row.last4,
    masked_number: `•••• •••• •••• ${row.last4}`,
    expiry_month: row.expiry_month,
    expiry_year: row.expiry_year,
    name_on_card: row.name_on_card,
    currency: 'USD',
    available_balance: formatMinorAsDecimal(balanceMinor - heldMinor),
    balance: formatMinorAsDecimal(balanceMinor),
    billing_address: {
      line1: address.line1,
      city: address.city,
      state: address.state,
      postal_code: address.postalCode,
      country: address.country,
    },
    created_at: isoTimestamp(row.created_at),
    frozen_at: optionalTimestamp(row.frozen_at),
    terminated_at: optionalTimestamp(row.terminated_at),
  };
}

const declineWords = (code: string | null) =>
  code && code in declineReasons ? declineReasons[code as DeclineReason].words : null;

export function toCardTransaction(row: CardTransactionRow): CardTransaction {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    amount: formatMinorAsDecimal(BigInt(row.amount_minor)),
    authorized_amount:
      row.authorized_minor === null ? null : formatMinorAsDecimal(BigInt(row.authorized_minor)),
    merchant_name: row.merchant_name,
    merchant_city: row.merchant_city,
    merchant_country: row.merchant_country,
    decline_reason: row.status === 'declined' ? declineWords(row.decline_code) : null,
    reference: row.reference,
    created_at: isoTimestamp(row.created_at),
    settled_at: optionalTimestamp(row.settled_at),
  };
}

/** What the naira wallet pays (create, fund) or receives (withdraw) on a quote. */
export const nairaTotalMinor = (quote: CardQuoteRow) =>
  quote.purpose === 'withdraw'
    ? BigInt(quote.ngn_minor) - BigInt(quote.fee_minor)
    : BigInt(quote.ngn_minor) + BigInt(quote.fee_minor);

export function toCardQuote(row: CardQuoteRow): CardQuote {
  return {
    id: row.id,
    purpose: row.purpose,
    card_id: row.card_id,
    amount: formatMinorAsDecimal(BigInt(row.usd_minor)),
    card_fee: formatMinorAsDecimal(BigInt(row.card_fee_minor)),
    rate: row.rate,
    naira_amount: formatMinorAsDecimal(BigInt(row.ngn_minor)),
    naira_fee: formatMinorAsDecimal(BigInt(row.fee_minor)),
    naira_total: formatMinorAsDecimal(nairaTotalMinor(row)),
    expires_at: isoTimestamp(row.expires_at),
  };
}
