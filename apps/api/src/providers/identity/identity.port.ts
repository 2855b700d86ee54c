/** What the BVN registry holds for a person (the primary identity record, CBN). */
export interface BvnRecord {
  bvn: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** National number, 10 digits. */
  phone: string;
}

/**
 * What a face match decided: the same person, not the same person, or too close to call, in
 * which case a person compares the selfie with the BVN record (the console's KYC review queue).
 */
export type FaceMatchOutcome = 'match' | 'no_match' | 'inconclusive';

export interface FaceMatch {
  outcome: FaceMatchOutcome;
  /** True exactly when `outcome` is 'match'. */
  matched: boolean;
  /** 0–100, as vendors report it. */
  confidencePercent: number;
}

/** A vendor refusal or outage, told apart so the caller can answer the user helpfully. */
export class IdentityProviderError extends Error {
  override name = 'IdentityProviderError';
  readonly reason: 'not_found' | 'unavailable';

  constructor(reason: 'not_found' | 'unavailable', message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * BVN lookup and face match. Vendors take the customer's details with the BVN (as Paystack's
 * customer identification does) and answer the record they hold.
 */
export interface IdentityProvider {
  lookupBvn(request: {
    bvn: string;
    customer: { firstName: string; lastName: string };
  }): Promise<BvnRecord>;
  matchFace(request: { bvn: string; selfieJpeg: Buffer }): Promise<FaceMatch>;
}
