import type { Card, CardTransaction } from '@ajo/contracts/cards';
import { formatMoney } from '@ajo/money/format';
import { moneyTextToMinor } from '../../../lib/money-text.ts';

/** "09", "2029" → "09/29", as printed on a card. */
export function formatCardExpiry(month: string, year: string): string {
  return `${month}/${year.slice(-2)}`;
}

/** "4242424242424242" → "4242 4242 4242 4242"; other lengths (Amex-like 15) grouped by four too. */
export function groupCardNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The billing address on one line, as merchants' forms want it pasted. */
export function billingAddressText(address: Card['billing_address']): string {
  return [address.line1, address.city, address.state, address.postal_code, address.country]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** Dollars held by purchases not yet settled: the balance less what can be spent now. */
export function pendingHoldsMinor(card: Pick<Card, 'balance' | 'available_balance'>): bigint {
  const held = moneyTextToMinor(card.balance) - moneyTextToMinor(card.available_balance);
  return held > 0n ? held : 0n;
}

/** A card still in use (active or frozen); a terminated card is history. */
export function isCardInUse(card: Pick<Card, 'status'>): boolean {
  return card.status !== 'terminated';
}

const transactionTitles: Record<CardTransaction['type'], string> = {
  funding: 'Card funded',
  withdrawal: 'Withdrawn to wallet',
  creation_fee: 'Card creation fee',
  purchase: 'Purchase',
  refund: 'Refund',
  termination: 'Card closed',
};

/** The row's title: the merchant for purchases and refunds, else what happened. */
export function cardTransactionTitle(transaction: CardTransaction): string {
  if (
    (transaction.type === 'purchase' || transaction.type === 'refund') &&
    transaction.merchant_name
  ) {
    return transaction.merchant_name;
  }
  return transactionTitles[transaction.type];
}

/**
 * What goes before the date under a merchant row: "Purchase · Los Gatos, US". Other rows say
 * what happened in their title already, so nothing goes here for them.
 */
export function cardTransactionSubtitle(transaction: CardTransaction): string {
  if (transaction.type !== 'purchase' && transaction.type !== 'refund') return '';
  const place = [transaction.merchant_city, transaction.merchant_country]
    .filter((part): part is string => part !== null && part !== '')
    .join(', ');
  const kind = transactionTitles[transaction.type];
  return place === '' ? kind : `${kind} · ${place}`;
}

export type BadgeTone = 'amber' | 'green' | 'red' | 'slate';

const statusBadges: Record<CardTransaction['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  settled: { label: 'Settled', tone: 'green' },
  completed: { label: 'Completed', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
  reversed: { label: 'Reversed', tone: 'slate' },
};

export function cardTransactionBadge(status: CardTransaction['status']) {
  return statusBadges[status];
}

/**
 * The amount with its sign: "+$25.00" in, "−$12.50" out (a true minus sign). A declined attempt
 * moved nothing, so it shows what the merchant asked for without a sign.
 */
export function formatCardTransactionAmount(transaction: CardTransaction): string {
  const amountMinor = moneyTextToMinor(transaction.amount);
  const magnitude = amountMinor < 0n ? -amountMinor : amountMinor;
  if (transaction.status === 'declined') {
    const asked =
      transaction.authorized_amount === null
        ? magnitude
        : moneyTextToMinor(transaction.authorized_amount);
    return formatMoney(asked < 0n ? -asked : asked, 'USD');
  }
  return `${amountMinor < 0n ? '\u2212' : '+'}${formatMoney(magnitude, 'USD')}`;
}
