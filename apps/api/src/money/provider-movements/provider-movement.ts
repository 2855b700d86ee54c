import type { Transaction } from '@ajo/contracts/wallet';
import type { Outcome } from '../../platform/batcher.ts';
import type { ActivityKind, ActivityRow } from '../activity.ts';

/**
 * The shapes of a provider movement: money set aside (held), handed to an outside party after
 * the user has their answer, and settled exactly once by the party's final word (decision 0016).
 */
export type MovementStatus = 'held' | 'submitted' | 'success' | 'failed' | 'reversed';

/** A provider's final word on a movement. */
export type FinalOutcome = 'success' | 'failed' | 'reversed';

export interface ProviderState {
  status: 'pending' | FinalOutcome;
  /** The provider's own id of the movement, when it gave one. */
  providerReference: string | null;
  /**
   * What the provider handed over with a success, for the user to keep (an electricity token
   * and its units): stored on the activity row's `metadata.delivered` and given to the notice.
   */
  delivered?: Record<string, string>;
}

/** What the core hands a provider: our reference (the same on every retry) and where to. */
export interface MovementToSubmit<Destination> {
  reference: string;
  amountMinor: bigint;
  currency: Transaction['currency'];
  destination: Destination;
  /** When it was placed (fixed): some vendors' idempotency keys carry the date. */
  placedAt: Date;
}

/**
 * An outside party money is handed to, as the core sees it (a bank for withdrawals; later a
 * biller or a card issuer): the product adapts its provider port to this.
 */
export interface MovementProvider<Destination> {
  readonly slug: string;
  /** Hands movements over, several in one call where the party has one; one outcome each. */
  submit(movements: readonly MovementToSubmit<Destination>[]): Promise<Outcome<ProviderState>[]>;
  /**
   * How many `submit` calls may be waiting on the party at once: 1 (the default) where it has a
   * bulk call, so each call carries as many movements as possible; more where every movement is
   * its own request, so one slow answer does not hold back the movements placed after it.
   */
  readonly submitsInFlight?: number;
  /** The party's record of a movement by our reference; undefined when it never received it. */
  fetch(reference: string, placedAt: Date): Promise<ProviderState | undefined>;
  /** Whether a `submit` error is a final refusal (nothing was sent) rather than an unknown outcome. */
  isRefusal(error: unknown): boolean;
}

/** A final status as the activity feed and the notices name it. */
export type SettledStatus = 'successful' | 'failed' | 'reversed';

/**
 * What a product decides about its provider movements; the core does the moving. The wording of
 * everything the user reads is the product's.
 */
export interface MovementPolicy<Destination> {
  /** `provider_movements.product`, e.g. `withdrawal`. */
  product: string;
  kind: ActivityKind;
  channel: Transaction['channel'];
  /** The `transaction_limits` item whose daily limit applies (`daily_totals`). */
  limitedOperation: string;
  /** Reads a stored destination back (it is stored as JSON). */
  parseDestination(stored: unknown): Destination;
  /** The line the activity feed shows. */
  describe(destination: Destination): string;
  /** The notice of a final outcome. */
  notice(
    status: SettledStatus,
    movement: {
      amountMinor: bigint;
      destination: Destination;
      delivered?: Record<string, string> | undefined;
    },
  ): { title: string; body: string };
}

/** One movement asked for, after the product's own checks (its limits, its fee). */
export interface PlacementRequest<Destination> {
  userId: string;
  /** Ours; the same request (the same Idempotency-Key) always names the same reference. */
  reference: string;
  currency: Transaction['currency'];
  amountMinor: bigint;
  feeMinor: bigint;
  destination: Destination;
  /** Today's limit of the product for this user (null: none); checked under a lock. */
  dailyLimitMinor: bigint | null;
}

export interface MovementRow {
  id: string;
  product: string;
  reference: string;
  user_id: string;
  transaction_id: string;
  hold_id: string;
  currency: Transaction['currency'];
  amount_minor: string;
  fee_minor: string;
  destination: unknown;
  status: MovementStatus;
  provider: string;
  provider_reference: string | null;
  attempts: number;
  created_at: string | Date;
  updated_at: string | Date;
}

/**
 * What placing one movement came to: the core's one vocabulary of outcomes. Products turn the
 * refusals into their own words (an exhaustive switch), so no refusal goes unworded.
 */
export type Placement =
  | { outcome: 'placed'; activity: ActivityRow; movement: MovementRow }
  /** The same request again: what it placed then. */
  | { outcome: 'replayed'; activity: ActivityRow; movement: MovementRow }
  /** The same reference with another amount or destination: refused, nothing done. */
  | { outcome: 'different_request' }
  | { outcome: 'insufficient_funds' }
  | { outcome: 'daily_limit'; remainingMinor: bigint };
