/**
 * Bills: airtime, data bundles, electricity and betting through a bills aggregator (VTpass's
 * shape). A purchase is named by our `requestId`, the vendor's idempotency key: the same id twice
 * never buys twice, and `requery` finds a purchase by it. An answer may be `pending` (the biller
 * is slow); a purchase the vendor took can later be `reversed` (the biller failed to deliver and
 * the vendor gave the money back). Amounts are kobo.
 */

export type BillStatus = 'pending' | 'delivered' | 'failed' | 'reversed';

export interface BillPurchase {
  /**
   * VTpass's `request_id`: at least 12 characters, the first 12 the time it was first made in
   * Africa/Lagos (`YYYYMMDDHHmm`). Derived once by `billRequestId` and the same on every retry.
   */
  requestId: string;
  /** The vendor's service id (`mtn`, `mtn-data`, `ikeja-electric`, …). */
  serviceId: string;
  /** The phone (11-digit local form), meter number or betting account (`billersCode`). */
  customerId: string;
  /** A data plan's code, or `prepaid` / `postpaid` for a meter; null for airtime and betting. */
  variationCode: string | null;
  amountMinor: bigint;
  /** The buyer's phone in its 11-digit local form, `08031234567` (VTpass needs one always). */
  phone: string;
}

export interface BillState {
  requestId: string;
  status: BillStatus;
  /** The vendor's own id of the purchase (VTpass's `transactionId`), when it gave one. */
  providerReference: string | null;
  /** Prepaid electricity: the token, once delivered. */
  token: string | null;
  /** Prepaid electricity: the units bought, in words ("14.6 kWh"). */
  units: string | null;
  /** The vendor's words on a failure. */
  message?: string;
}

export interface BillCustomer {
  name: string;
  /** The address on a meter; null for betting accounts. */
  address: string | null;
}

export interface BillPlanOffer {
  code: string;
  name: string;
  amountMinor: bigint;
}

export class BillsProviderError extends Error {
  override name = 'BillsProviderError';
  /**
   * `not_found`: the meter or account does not exist at the biller; `rejected`: the vendor refused
   * the request, nothing was bought; `unavailable`: timeout, 5xx or an unreadable answer (outcome
   * unknown: requery before trying again).
   */
  readonly reason: 'not_found' | 'rejected' | 'unavailable';

  constructor(reason: 'not_found' | 'rejected' | 'unavailable', message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface BillsProvider {
  readonly slug: string;
  /** A meter (`meterType` set) or a betting account, by the biller's records (merchant-verify). */
  verifyCustomer(request: {
    serviceId: string;
    customerId: string;
    meterType: 'prepaid' | 'postpaid' | null;
  }): Promise<BillCustomer>;
  /** The data plans a service sells now (service-variations). */
  listPlans(serviceId: string): Promise<BillPlanOffer[]>;
  /** Buys once per request id; a repeat answers what the first did, never buys again. */
  pay(purchase: BillPurchase): Promise<BillState>;
  /** The purchase by our request id; undefined when the vendor never received it. */
  requery(requestId: string): Promise<BillState | undefined>;
}

const lagosStamp = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The vendor's request id of a purchase: `YYYYMMDDHHmm` in Lagos time of when it was placed,
 * then the letters and digits of our reference. Both are fixed once the purchase is placed, so a
 * retry after a crash sends the same id.
 */
export function billRequestId(reference: string, placedAt: Date): string {
  const parts = Object.fromEntries(
    lagosStamp.formatToParts(placedAt).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const stamp = `${parts.year ?? ''}${parts.month ?? ''}${parts.day ?? ''}${parts.hour ?? ''}${parts.minute ?? ''}`;
  return `${stamp}${reference.replace(/[^A-Za-z0-9]/g, '')}`;
}
