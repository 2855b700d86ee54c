import { FIXED_MINIMUM_MINOR, fixedSavingsMessages } from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';

/** When the amount is checked: as the person types, or when they press Continue. */
export type AmountCheckMoment = 'typing' | 'continue';

/**
 * The spec's rules for a fixed plan's amount (section 5): a number, at least ₦1,000. While typing
 * an empty box is left alone and the minimum reads 'Amount must be at least 1,000'; on Continue
 * an empty box is not a number, and the minimum names the naira. Zero is a number below the
 * minimum, as the server also answers it.
 */
export function fixedAmountError(
  amountText: string,
  moment: AmountCheckMoment,
): string | undefined {
  if (amountText === '' && moment === 'typing') return undefined;
  const amountMinor = currencyInputToMinor(amountText);
  if (amountMinor === null) return fixedSavingsMessages.notANumber;
  if (amountMinor < FIXED_MINIMUM_MINOR) {
    return moment === 'typing'
      ? fixedSavingsMessages.belowMinimum
      : fixedSavingsMessages.belowMinimumOnContinue;
  }
  return undefined;
}

/** The duration select's rule: one of the product's durations must be chosen. */
export function durationError(
  durationId: string,
  durations: readonly { id: string }[],
): string | undefined {
  return durations.some((duration) => duration.id === durationId)
    ? undefined
    : fixedSavingsMessages.noDuration;
}
