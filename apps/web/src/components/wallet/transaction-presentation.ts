import type { Transaction } from '@ajo/contracts/wallet';
import { formatLagosDate, lagosToday } from '../../lib/dates.ts';
import { formatMoney } from '@ajo/money/format';
import { formatMoneyText, isPositiveMoneyText, moneyTextToMinor } from '../../lib/money-text.ts';
import { transactionStatusLabels } from './transaction-labels.ts';
import { serverNow } from '../../lib/server-clock.ts';

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
export function formatShortLagosDate(instant: string, now: Date = serverNow()): string {
  const full = formatLagosDate(instant);
  const thisYear = lagosToday(now).slice(0, 4);
  return full.endsWith(` ${thisYear}`) ? full.slice(0, -thisYear.length - 1) : full;
}

/**
 * How a movement's fee was paid: on top of money out (the wallet gave amount + fee), out of money
 * in (the amount is what arrived, the fee was taken before), or by the card on top of a card
 * top-up (the wallet got the amount, the card paid both).
 */
export type FeeWay = 'on_top' | 'deducted' | 'card';

export function feeWayOf(transaction: Pick<Transaction, 'direction' | 'type' | 'channel'>): FeeWay {
  if (transaction.direction === 'debit') return 'on_top';
  return transaction.type === 'deposit' && transaction.channel === 'card' ? 'card' : 'deducted';
}

/**
 * The line under a row's amount that says how its fee was paid: "Plus ₦25.00 fee" (money out),
 * "After ₦9.98 fee" (money in), "Card fee ₦75.00" (a card top-up). Null without a fee.
 */
export function feeLineText(
  transaction: Pick<Transaction, 'direction' | 'type' | 'channel' | 'fee' | 'currency'>,
): string | null {
  if (!isPositiveMoneyText(transaction.fee)) return null;
  const fee = formatMoneyText(transaction.fee, transaction.currency);
  switch (feeWayOf(transaction)) {
    case 'on_top':
      return `Plus ${fee} fee`;
    case 'deducted':
      return `After ${fee} fee`;
    case 'card':
      return `Card fee ${fee}`;
  }
}

export interface OnHoldLine {
  /** `held`: some of it is still kept aside; `released`: all of it reached the wallet. */
  state: 'held' | 'released';
  text: string;
}

/**
 * The part of a credit kept aside above the tier's caps, and what became of it: "₦10,000.00 on
 * hold (above your limit)" while it waits, "₦6,000.00 on hold (above your limit), ₦4,000.00
 * released" when the balance cap let some of it in, "₦10,000.00 released on 24 Nov" once all of
 * it reached the wallet. Null when nothing of it was ever held.
 */
export function onHoldLine(
  transaction: Pick<
    Transaction,
    'on_hold_amount' | 'on_hold_released_amount' | 'on_hold_released_at' | 'currency'
  >,
  now: Date = serverNow(),
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
  const releasedMinor = moneyTextToMinor(transaction.on_hold_released_amount);
  if (releasedMinor > 0n) {
    const stillHeld = moneyTextToMinor(transaction.on_hold_amount) - releasedMinor;
    return {
      state: 'held',
      text: `${formatMoney(stillHeld, transaction.currency)} on hold (above your limit), ${formatMoney(releasedMinor, transaction.currency)} released`,
    };
  }
  return { state: 'held', text: `${amount} on hold (above your limit)` };
}
