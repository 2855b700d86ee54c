import type { Currency } from '@ajo/money/currency';
import { formatMoney } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';

/**
 * The API sends amounts as decimal strings in major units ("5000.00"). They are turned into
 * bigint minor units before any comparison or display, so no float ever touches money.
 */
export function moneyTextToMinor(text: string): bigint {
  return parseAmount(text, { allowNegative: true });
}

/** "5075.00" → "₦5,075.00". */
export function formatMoneyText(text: string, currency: Currency = 'NGN'): string {
  return formatMoney(moneyTextToMinor(text), currency);
}

/** "+₦12,500.00" for money in, "−₦500.00" (a true minus sign) for money out. */
export function formatSignedMoneyText(
  text: string,
  direction: 'credit' | 'debit',
  currency: Currency = 'NGN',
): string {
  const magnitudeMinor = moneyTextToMinor(text);
  const absoluteMinor = magnitudeMinor < 0n ? -magnitudeMinor : magnitudeMinor;
  return `${direction === 'credit' ? '+' : '\u2212'}${formatMoney(absoluteMinor, currency)}`;
}

export function isPositiveMoneyText(text: string): boolean {
  return moneyTextToMinor(text) > 0n;
}
