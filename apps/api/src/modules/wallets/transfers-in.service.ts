import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { batcher, succeeded, type Outcome } from '../../platform/batcher.ts';
import { rows, type Database, type Tx } from '../../platform/db.ts';
import {
  PaymentProviderError,
  type CheckoutVerification,
  type PaymentEvent,
  type PaymentsProvider,
} from '../../providers/payments/payments.port.ts';
import { insertNotifications } from '../../platform/notifications.ts';
import { creditUsers } from '../../money/credits.ts';
import { naira } from '../../money/limits.ts';
import { providerUnavailable, transferContradiction } from './provider-verification.ts';
import {
  findProviderReferenceClaim,
  flagForReview,
  insertActivities,
  newActivityReference,
  type ActivityRow,
  type ProviderReferenceClaim,
} from '../../money/activity.ts';

export type TransferReceived = Extract<PaymentEvent, { type: 'transfer_received' }>;

/** What an operator reads on a transfer that reached a closed account, and what to do. */
export const closedAccountReason =
  'Arrived in the funding account of a closed Ajo account and was not credited: return it to the sender, then dismiss this with the return reference.';

export type TransferOutcome = 'credited' | 'duplicate' | 'unknown_account' | 'review';

/** Bank transfers into users' virtual accounts, as the vendor's webhooks announce them. */
export function transfersInService(deps: {
  database: Database;
  clock: Clock;
  payments: PaymentsProvider;
  log: FastifyBaseLogger;
}) {
  const { database, clock, payments, log } = deps;

  /**
   * A bank transfer into a user's virtual account. The webhook is only a trigger: the vendor's
   * record must be a successful transfer into that very account, for that amount, before anything
   * is credited. The provider reference's unique index makes a repeated delivery a no-op, and
   * refuses a reference another kind of payment (a card checkout) already holds.
   */
  async function receiveTransfer(event: TransferReceived): Promise<TransferOutcome> {
    // The account and any earlier claim of the reference, read side by side.
    const [[account], claimed] = await Promise.all([
      rows<{ user_id: string; closed: boolean }>(
        database.db,
        sql`select va.user_id, u.status = 'CLOSED' as closed
              from virtual_accounts va join users u on u.id = va.user_id
             where va.account_number = ${event.accountNumber} and va.provider = ${payments.slug}`,
      ),
      findProviderReferenceClaim(database.db, payments.slug, event.reference),
    ]);
    if (!account) {
      log.warn(
        { reference: event.reference },
        'transfer to an account we do not know; held for review',
      );
      return 'unknown_account';
    }
    if (claimed) return outcomeOfClaimed(claimed, event);
    let verification: CheckoutVerification;
    try {
      verification = await payments.verifyCheckout(event.reference);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.reason === 'unavailable') {
        throw providerUnavailable();
      }
      log.warn(
        { err: error, reference: event.reference },
        'transfer verify refused; held for review',
      );
      return 'review';
    }
    const contradiction = transferContradiction(verification, event);
    if (contradiction !== null) {
      log.warn(
        { reference: event.reference, reason: contradiction },
        'transfer webhook contradicts the verify answer; not credited, held for review',
      );
      return 'review';
    }
    // The provider closes a closed account's number (decision 0027); one that arrives before it
    // has is not credited to a wallet nobody can use: it is recorded, uncredited, in the flagged
    // deposits an operator works through, to be returned to the sender.
    if (account.closed) return holdForReturn(event, account.user_id, verification);
    return creditTransfer(event, account.user_id, verification);
  }

  async function holdForReturn(
    event: TransferReceived,
    userId: string,
    verification: CheckoutVerification,
  ): Promise<TransferOutcome> {
    log.warn(
      { reference: event.reference },
      'transfer to a closed account; not credited, held for review',
    );
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      const [activity] = await insertActivities(tx, [
        transferActivity({ event, userId, verification }, 'failed', now, ' into a closed account'),
      ]);
      // Already recorded (a repeated delivery): nothing more to flag.
      if (!activity) return;
      await flagForReview(tx, {
        id: activity.id,
        reason: closedAccountReason,
        status: 'failed',
        at: now,
      });
    });
    return 'review';
  }

  /** A verified transfer waiting to be credited. */
  interface VerifiedTransfer {
    event: TransferReceived;
    userId: string;
    verification: CheckoutVerification;
  }

  /** The activity row of a verified transfer: credited (`successful`) or held back (`failed`). */
  function transferActivity(
    { event, userId, verification }: VerifiedTransfer,
    status: 'successful' | 'failed',
    at: Date,
    descriptionTail = '',
  ) {
    return {
      userId,
      kind: 'deposit' as const,
      status,
      direction: 'credit' as const,
      channel: 'bank_transfer' as const,
      currency: 'NGN' as const,
      amountMinor: event.amountMinor,
      feeMinor: 0n,
      reference: newActivityReference('AJO-TRF'),
      provider: payments.slug,
      providerReference: event.reference,
      providerTransactionId: verification.providerTransactionId,
      description: `Transfer from ${event.senderName} (${event.senderBank})${descriptionTail}`,
      metadata: { senderName: event.senderName, senderBank: event.senderBank },
      at,
    };
  }

  /**
   * Transfers that arrive together are credited in one transaction (group commit, decision
   * 0013), each user once per batch.
   */
  const credits = batcher<VerifiedTransfer, TransferOutcome>({
    maxBatch: 64,
    conflictKey: (transfer) => transfer.userId,
    run: (transfers) => database.unitOfWork((tx) => creditTransfers(tx, transfers)),
  });

  const creditTransfer = (
    event: TransferReceived,
    userId: string,
    verification: CheckoutVerification,
  ) => credits({ event, userId, verification });

  /**
   * The activity rows (the provider reference's unique index makes a repeated delivery write
   * nothing), the credits through the money core, and the notices.
   */
  async function creditTransfers(
    tx: Tx,
    transfers: readonly VerifiedTransfer[],
  ): Promise<Outcome<TransferOutcome>[]> {
    const now = clock.now();
    const activities = await insertActivities(
      tx,
      transfers.map((transfer) => transferActivity(transfer, 'successful', now)),
    );
    const outcomes: Outcome<TransferOutcome>[] = [];
    const credited: { transfer: VerifiedTransfer; activity: ActivityRow }[] = [];
    for (const [index, transfer] of transfers.entries()) {
      const activity = activities[index];
      if (activity) {
        credited.push({ transfer, activity });
        outcomes.push(succeeded('credited'));
        continue;
      }
      const claimed = await findProviderReferenceClaim(tx, payments.slug, transfer.event.reference);
      outcomes.push(succeeded(claimed ? outcomeOfClaimed(claimed, transfer.event) : 'duplicate'));
    }
    const sized = await creditUsers(
      tx,
      credited.map(({ transfer, activity }) => ({
        userId: transfer.userId,
        amountMinor: transfer.event.amountMinor,
        feeMinor: 0n,
        idempotencyKey: `deposit:transfer:${payments.slug}:${transfer.event.reference}`,
        description: activity.description,
        transactionId: activity.id,
        at: now,
      })),
    );
    await insertNotifications(
      tx,
      credited.map(({ transfer, activity }, index) => {
        const onHoldMinor = sized[index]?.onHoldMinor ?? 0n;
        const from = `${naira(transfer.event.amountMinor)} from ${transfer.event.senderName}`;
        return {
          userId: transfer.userId,
          transactionId: activity.id,
          title: 'Money received',
          // Only what reached the wallet is said to have: the held part has its own notice.
          body:
            onHoldMinor === 0n
              ? `${from} arrived in your wallet.`
              : onHoldMinor === transfer.event.amountMinor
                ? `${from} arrived and is on hold.`
                : `${from} arrived: ${naira(transfer.event.amountMinor - onHoldMinor)} is in your wallet and ${naira(onHoldMinor)} is on hold.`,
          now,
        };
      }),
    );
    return outcomes;
  }

  /**
   * A transfer's reference is already recorded: by this transfer (the vendor delivering it again)
   * or by another kind of payment, which a transfer can never be credited under.
   */
  function outcomeOfClaimed(
    claimed: ProviderReferenceClaim,
    event: TransferReceived,
  ): TransferOutcome {
    if (claimed.channel === 'bank_transfer' && claimed.direction === 'credit') return 'duplicate';
    log.warn(
      { reference: event.reference, claimedBy: claimed.channel },
      'transfer reuses the provider reference of another payment; not credited, held for review',
    );
    return 'review';
  }

  return { receiveTransfer };
}
