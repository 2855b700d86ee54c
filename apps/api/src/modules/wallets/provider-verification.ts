import { formatMinorAsDecimal } from '@ajo/money/format';
import { AppError } from '../../platform/errors.ts';
import type {
  CheckoutVerification,
  PaymentEvent,
  PaymentKind,
} from '../../providers/payments/payments.port.ts';

type TransferReceived = Extract<PaymentEvent, { type: 'transfer_received' }>;

/** The vendor could not be asked: nothing was charged or credited, and trying later is safe. */
export const providerUnavailable = () =>
  new AppError(
    'provider_unavailable',
    'Our payment partner did not answer; nothing was charged. Try again in a few minutes',
    503,
  );

const kindNames: Record<PaymentKind, string> = {
  checkout: 'a card checkout',
  transfer: 'a bank transfer',
};

const amountText = (currency: string, amountMinor: bigint) =>
  `${currency} ${formatMinorAsDecimal(amountMinor)}`;

/**
 * Why the vendor's record of a card deposit's reference contradicts our pending checkout, or null
 * when it does not. The record must be a checkout: a transfer that happens to carry the reference
 * is another payment and never settles ours, whatever its status. A success must be for the
 * amount plus fee we asked, in naira.
 */
export function checkoutContradiction(
  verification: CheckoutVerification,
  expectedMinor: bigint,
): string | null {
  if (verification.kind !== 'checkout') {
    return `verify answered ${kindNames[verification.kind]} under this reference, not a card checkout`;
  }
  if (
    verification.status === 'success' &&
    (verification.amountMinor !== expectedMinor || verification.currency !== 'NGN')
  ) {
    return `verify answered ${amountText(verification.currency, verification.amountMinor)}; expected ${amountText('NGN', expectedMinor)}`;
  }
  return null;
}

/**
 * Why the vendor's record contradicts a transfer webhook, or null when it agrees: it must be a
 * successful bank transfer into the very account the webhook names, for the same naira amount.
 * A card checkout's reference, or a transfer into someone else's account, is refused.
 */
export function transferContradiction(
  verification: CheckoutVerification,
  event: TransferReceived,
): string | null {
  if (verification.kind !== 'transfer') {
    return `verify answered ${kindNames[verification.kind]} under this reference, not a bank transfer`;
  }
  if (verification.accountNumber !== event.accountNumber) {
    return 'verify answered a transfer into another account';
  }
  if (verification.status !== 'success') return `verify answered ${verification.status}`;
  if (
    verification.amountMinor !== event.amountMinor ||
    verification.currency !== 'NGN' ||
    event.currency !== 'NGN'
  ) {
    return `verify answered ${amountText(verification.currency, verification.amountMinor)}; the webhook said ${amountText(event.currency, event.amountMinor)}`;
  }
  return null;
}
