import { cardMessages } from '@ajo/contracts/cards';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMoney } from '@ajo/money/format';

/** When the amount is checked: as the person types, or when they ask for the quote. */
export type AmountMoment = 'typing' | 'submit';

export interface AmountBounds {
  /** The least one movement may be (create and fund); 0 when there is no floor (withdraw). */
  minimumMinor: bigint;
  /** The most this movement may be: room left on the card, or what it holds. */
  maximumMinor: bigint;
  /** The sentence for an amount above the maximum. */
  aboveMaximum: string;
}

/** The dollars typed into the create, fund or withdraw form, checked against its bounds. */
export function cardAmountError(
  amountText: string,
  moment: AmountMoment,
  bounds: AmountBounds,
): string | undefined {
  if (amountText === '') return moment === 'typing' ? undefined : cardMessages.noAmount;
  const amountMinor = currencyInputToMinor(amountText);
  if (amountMinor === null || amountMinor === 0n) return cardMessages.notANumber;
  if (amountMinor < bounds.minimumMinor) {
    return `The minimum is ${formatMoney(bounds.minimumMinor, 'USD')}`;
  }
  if (amountMinor > bounds.maximumMinor) return bounds.aboveMaximum;
  return undefined;
}

/** What a card may still take before it holds its maximum balance, never below 0. */
export function roomOnCardMinor(maximumBalanceMinor: bigint, balanceMinor: bigint): bigint {
  const room = maximumBalanceMinor - balanceMinor;
  return room > 0n ? room : 0n;
}
