import type { Transaction } from '@ajo/contracts/wallet';
import { formatLagosDate, lagosToday } from '../../lib/dates.ts';
import { formatMoneyText, isPositiveMoneyText } from '../../lib/money-text.ts';
import { transactionStatusLabels } from './transaction-labels.ts';

/*
 * How a movement reads wherever it is listed (Home, the wallet's history, the receipt), kept apart
 * from the markup so the wording is tested once.
 */

type Presented = Pick<Transaction, 'type' | 'channel' | 'status' | 'direction'>;

/**
 * A card top-up nobody has paid yet: a checkout was opened but the card was never charged (or
 * the page was left). No money is on its way, so it must not read as "+₦3,000.00 · Pending".
 */
export function isAwaitingCardPayment(transaction: Presented): boolean {
  return (
    transaction.type === 'deposit' &&
    transaction.channel === 'card' &&
    transaction.status === 'pending'
  );
}

export const AWAITING_CARD_PAYMENT = 'Awaiting card payment';

/** The status as a person reads it: "Awaiting card payment" for an unpaid checkout. */
export function transactionStatusText(transaction: Presented): string {
  return isAwaitingCardPayment(transaction)
    ? AWAITING_CARD_PAYMENT
    : transactionStatusLabels[transaction.status];
}

/**
 * "24 Nov" for a day of this Lagos year, "24 Nov 2025" for an earlier one: the year only when it
 * is not the obvious one.
 */
export function formatShortLagosDate(instant: string, now: Date = new Date()): string {
  const full = formatLagosDate(instant);
  const thisYear = lagosToday(now).slice(0, 4);
  return full.endsWith(` ${thisYear}`) ? full.slice(0, -thisYear.length - 1) : full;
}

export interface OnHoldLine {
  /** `held`: still kept aside; `released`: it reached the wallet after an upgrade. */
  state: 'held' | 'released';
  text: string;
}

/**
 * The part of a credit kept aside above the tier's caps, and what became of it: "₦10,000.00 on
 * hold (above your limit)" while it waits, "₦10,000.00 released on 24 Nov" once it reached the
 * wallet. Null when nothing of it was ever held.
 */
export function onHoldLine(
  transaction: Pick<Transaction, 'on_hold_amount' | 'on_hold_released_at' | 'currency'>,
  now: Date = new Date(),
): OnHoldLine | null {
  if (!isPositiveMoneyText(transaction.on_hold_amount)) return null;
  const amount = formatMoneyText(transaction.on_hold_amount, transaction.currency);
  const releasedAt = transaction.on_hold_released_at;
  if (releasedAt !== null) {
    const day = formatShortLagosDate(releasedAt, now);
    // An unreadable timestamp still says what happened, without a date.
    return {
      state: 'released',
      text: day === '' ? `${amount} released` : `${amount} released on ${day}`,
    };
  }
  return { state: 'held', text: `${amount} on hold (above your limit)` };
}
