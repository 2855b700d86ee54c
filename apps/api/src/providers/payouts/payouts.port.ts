/**
 * Money going out: the bank list, name enquiry and bank transfers (payouts). Transfers are
 * asynchronous: `createTransfer` usually answers `pending`, and the final status arrives as a
 * signed webhook (`transfer.success|failed|reversed`, parsed by the payments provider of the
 * same vendor into a `payout_settled` event) or from `fetchTransfer`. Amounts are kobo.
 */

import type { Outcome } from '../../platform/batcher.ts';

export interface Bank {
  name: string;
  /** CBN bank code, e.g. "058". */
  code: string;
  slug: string;
}

export interface ResolvedAccount {
  accountNumber: string;
  accountName: string;
  bankCode: string;
}

export type PayoutStatus = 'pending' | 'success' | 'failed' | 'reversed';

export interface TransferRequest {
  /** Ours and unique: a retry after a crash reuses it, so the vendor never pays twice. */
  reference: string;
  amountMinor: bigint;
  accountNumber: string;
  bankCode: string;
  accountName: string;
  reason: string;
}

export interface TransferState {
  reference: string;
  status: PayoutStatus;
  amountMinor: bigint;
  /** The vendor's id for the transfer (Paystack: transfer_code). */
  providerReference: string | null;
  failureReason?: string;
}

export class PayoutProviderError extends Error {
  override name = 'PayoutProviderError';
  /**
   * `not_found`: name enquiry found no such account; `rejected`: the vendor refused the request
   * (nothing was sent); `unavailable`: timeout, 5xx or an unreadable answer (outcome unknown).
   */
  readonly reason: 'not_found' | 'rejected' | 'unavailable';

  constructor(reason: 'not_found' | 'rejected' | 'unavailable', message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface PayoutsProvider {
  readonly slug: string;
  listBanks(): Promise<Bank[]>;
  resolveAccount(request: { accountNumber: string; bankCode: string }): Promise<ResolvedAccount>;
  /**
   * Sends money. The same reference twice must not pay twice: the vendor refuses a duplicate
   * reference, and callers look the transfer up with `fetchTransfer` when unsure.
   */
  createTransfer(request: TransferRequest): Promise<TransferState>;
  /**
   * Several transfers in one call, where the vendor has a bulk call (a batch of withdrawals):
   * one outcome per request, in order, each what `createTransfer` would have answered or thrown.
   * Optional: without it, `createTransfer` is called for each.
   */
  createTransfers?(requests: readonly TransferRequest[]): Promise<Outcome<TransferState>[]>;
  /** The transfer's state at the vendor, or undefined when the vendor never received it. */
  fetchTransfer(reference: string): Promise<TransferState | undefined>;
}
