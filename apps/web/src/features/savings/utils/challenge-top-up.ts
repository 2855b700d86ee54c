import { TARGET_MINIMUM_MINOR } from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMoney } from '@ajo/money/format';

/** The challenge top-up's rule (spec section 5): a number, ₦2,000 at least, in the server's words. */
export const challengeTopUpMessages = {
  empty: 'Enter the amount',
  notANumber: 'Please enter a valid number',
  belowMinimum: `Top up at least ${formatMoney(TARGET_MINIMUM_MINOR, 'NGN')}`,
} as const;

export function challengeTopUpError(amountText: string): string | undefined {
  if (amountText === '') return challengeTopUpMessages.empty;
  const amountMinor = currencyInputToMinor(amountText);
  if (amountMinor === null || amountMinor === 0n) return challengeTopUpMessages.notANumber;
  if (amountMinor < TARGET_MINIMUM_MINOR) return challengeTopUpMessages.belowMinimum;
  return undefined;
}
