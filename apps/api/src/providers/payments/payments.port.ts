/**
 * Money coming in: dedicated virtual accounts (bank transfers arrive by webhook) and card
 * checkout (redirect, then verify server-side). One port because vendors (Paystack, Monnify)
 * offer both behind one key and one webhook endpoint. Amounts are integer minor units (kobo).
 */

export interface DedicatedAccountRequest {
  /** Our customer id; the vendor echoes it back as its customer reference. */
  customerReference: string;
  email: string;
  firstName: string;
  lastName: string;
  /** National number, 10 digits. */
  phone: string;
  bvn: string;
  /** First plus last name, as the spec's create-account call sends it. */
  accountName: string;
}

export interface DedicatedAccount {
  /** 10-digit NUBAN. */
  accountNumber: string;
  accountName: string;
  bankName: string;
  bankCode: string;
  /** The vendor's id for this account (Paystack: the dedicated account id / customer code). */
  providerReference: string;
}

export interface CheckoutRequest {
  /** Our unique reference; the vendor keeps it and the user returns with it. */
  reference: string;
  amountMinor: bigint;
  currency: 'NGN';
  email: string;
  /** Where the vendor sends the user back; gets `?reference=` (and Paystack's `trxref=`). */
  callbackUrl: string;
}

export interface CheckoutSession {
  authorizationUrl: string;
  reference: string;
  /** The vendor's handle for this checkout (Paystack: access_code). */
  providerReference: string;
}

export type CheckoutStatus = 'success' | 'failed' | 'abandoned' | 'pending';

/**
 * What the vendor's record of a reference is: a `checkout` we started (card or any other channel
 * of its payment page), or a `transfer` someone sent into a dedicated account.
 */
export type PaymentKind = 'checkout' | 'transfer';

/**
 * The vendor's own record of a payment, found by its reference (Paystack's
 * `GET /transaction/verify/:reference` answers for both kinds). A credit is checked against it:
 * kind, receiving account, status, amount and currency.
 */
export interface CheckoutVerification {
  reference: string;
  kind: PaymentKind;
  /** For a transfer, the dedicated account (10-digit NUBAN) that received it; null otherwise. */
  accountNumber: string | null;
  status: CheckoutStatus;
  amountMinor: bigint;
  currency: string;
  paidAt: Date | null;
  /** The vendor's own id of the payment (Paystack: the transaction `id`). */
  providerTransactionId: string | null;
}

/** A webhook, after its signature was checked and its body validated. */
export type PaymentEvent =
  | {
      type: 'transfer_received';
      /** The vendor's unique reference for this inbound transfer: the deduplication key. */
      reference: string;
      accountNumber: string;
      amountMinor: bigint;
      currency: string;
      senderName: string;
      senderBank: string;
      paidAt: Date;
    }
  | {
      type: 'checkout_succeeded';
      /** Our checkout reference. */
      reference: string;
      amountMinor: bigint;
      currency: string;
    }
  | {
      /** `transfer.success|failed|reversed`: a payout reached its final state. */
      type: 'payout_settled';
      /** Our payout reference. */
      reference: string;
      status: 'success' | 'failed' | 'reversed';
      amountMinor: bigint;
    }
  | { type: 'ignored'; event: string };

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  /** `rejected`: the vendor said no (bad request); `unavailable`: timeout, 5xx, unreadable answer. */
  readonly reason: 'rejected' | 'unavailable';

  constructor(reason: 'rejected' | 'unavailable', message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface PaymentsProvider {
  /** The slug in `/v1/virtualaccount/verify-bvn-{slug}` and `/v1/webhooks/{slug}`. */
  readonly slug: string;
  createDedicatedAccount(request: DedicatedAccountRequest): Promise<DedicatedAccount>;
  /**
   * Closes a dedicated account (its holder closed theirs): the vendor refuses transfers to it
   * from then on. Closing one already closed succeeds.
   */
  deactivateDedicatedAccount(providerReference: string): Promise<void>;
  initializeCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The vendor's record of any payment by its reference, whatever its kind. */
  verifyCheckout(reference: string): Promise<CheckoutVerification>;
  /** Constant-time check of the vendor's signature over the raw body bytes. */
  verifyWebhookSignature(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): boolean;
  /** Validates a signed body and maps it; throws on a body that does not fit the vendor's shape. */
  parseWebhook(rawBody: Buffer): PaymentEvent;
}
