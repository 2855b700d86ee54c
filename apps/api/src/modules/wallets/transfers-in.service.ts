import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import {
  PaymentProviderError,
  type CheckoutVerification,
  type PaymentEvent,
  type PaymentsProvider,
} from '../../providers/payments/payments.port.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { creditUser } from '../../money/credits.ts';
import { naira } from '../../money/limits.ts';
import { providerUnavailable, transferContradiction } from './provider-verification.ts';
import {
  findProviderReferenceClaim,
  insertActivity,
  newActivityReference,
  type ProviderReferenceClaim,
} from '../../money/activity.ts';

export type TransferReceived = Extract<PaymentEvent, { type: 'transfer_received' }>;

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
    const [account] = await rows<{ user_id: string }>(
      database.db,
      sql`select user_id from virtual_accounts
           where account_number = ${event.accountNumber} and provider = ${payments.slug}`,
    );
    if (!account) {
      log.warn(
        { reference: event.reference },
        'transfer to an account we do not know; held for review',
      );
      return 'unknown_account';
    }
    const claimed = await findProviderReferenceClaim(database.db, payments.slug, event.reference);
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
    return creditTransfer(event, account.user_id, verification);
  }

  async function creditTransfer(
    event: TransferReceived,
    userId: string,
    verification: CheckoutVerification,
  ): Promise<TransferOutcome> {
    const now = clock.now();
    return database.unitOfWork(async (tx) => {
      const inserted = await insertActivity(tx, {
        userId,
        kind: 'deposit',
        status: 'successful',
        direction: 'credit',
        channel: 'bank_transfer',
        currency: 'NGN',
        amountMinor: event.amountMinor,
        feeMinor: 0n,
        reference: newActivityReference('AJO-TRF'),
        provider: payments.slug,
        providerReference: event.reference,
        providerTransactionId: verification.providerTransactionId,
        description: `Transfer from ${event.senderName} (${event.senderBank})`,
        metadata: { senderName: event.senderName, senderBank: event.senderBank },
        at: now,
      });
      if (!inserted) {
        const claimed = await findProviderReferenceClaim(tx, payments.slug, event.reference);
        return claimed ? outcomeOfClaimed(claimed, event) : 'duplicate';
      }
      const result = await creditUser(tx, {
        userId,
        amountMinor: event.amountMinor,
        feeMinor: 0n,
        idempotencyKey: `deposit:transfer:${payments.slug}:${event.reference}`,
        description: inserted.description,
        transactionId: inserted.id,
        at: now,
      });
      await insertNotification(tx, {
        userId,
        transactionId: inserted.id,
        title: 'Money received',
        body: `${naira(result.creditedMinor + result.onHoldMinor)} from ${event.senderName} arrived in your wallet.`,
        now,
      });
      return 'credited' as const;
    });
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
