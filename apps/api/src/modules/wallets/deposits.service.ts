import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMinorAsDecimal } from '@ajo/money/format';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  PaymentProviderError,
  type CheckoutVerification,
  type PaymentsProvider,
} from '../../providers/payments/payments.port.ts';
import { insertNotification } from '../../platform/notifications.ts';
import {
  amountFromInput,
  checkPerTransactionLimits,
  feeFor,
  limitsFor,
  naira,
  raiseLimitHint,
  type LimitWording,
} from '../../money/limits.ts';
import { creditUser } from '../../money/credits.ts';
import { checkoutContradiction, providerUnavailable } from './provider-verification.ts';
import {
  addActivityDetails,
  changeActivityStatus,
  findActivityByReference,
  flagForReview,
  insertActivity,
  newActivityReference,
  type ActivityRow,
} from '../../money/activity.ts';
import { transfersInService } from './transfers-in.service.ts';

export interface DepositsDependencies {
  database: Database;
  clock: Clock;
  payments: PaymentsProvider;
  log: FastifyBaseLogger;
  checkoutExpiryMs: number;
}

export interface DepositQuote {
  amountMinor: bigint;
  feeMinor: bigint;
  totalMinor: bigint;
  minimumMinor: bigint;
  maximumMinor: bigint | null;
}

const depositWording: LimitWording = {
  notAllowed: {
    code: 'deposits_not_allowed',
    message: 'Verify your BVN to get your account number and start funding your wallet',
  },
  noun: 'deposit',
  aboveMaximum: (maximum, tier) =>
    `Your account can receive at most ${maximum} in one deposit.${raiseLimitHint(tier)}`,
};

export function depositsService(deps: DepositsDependencies) {
  const { database, clock, payments, log } = deps;
  const transfersIn = transfersInService(deps);

  async function quote(userId: string, amountInput: string | number): Promise<DepositQuote> {
    const amountMinor = amountFromInput(amountInput);
    const [user] = await rows<{ tier: number }>(
      database.db,
      sql`select tier from users where id = ${userId}`,
    );
    const tier = user?.tier ?? 0;
    const limits = await limitsFor(database.db, 'deposit', tier);
    checkPerTransactionLimits(amountMinor, limits, tier, depositWording);
    const feeMinor = await feeFor(database.db, 'deposit', amountMinor);
    return {
      amountMinor,
      feeMinor,
      totalMinor: amountMinor + feeMinor,
      minimumMinor: limits.minimumMinor,
      maximumMinor: limits.perTransactionMinor,
    };
  }

  /** Starts a card checkout: a pending transaction, then the vendor's payment page. */
  async function startCardDeposit(userId: string, amountInput: string | number, baseUrl: string) {
    const priced = await quote(userId, amountInput);
    const [user] = await rows<{ email: string }>(
      database.db,
      sql`select email from users where id = ${userId}`,
    );
    if (!user) throw notFound('Unknown user');
    const reference = newActivityReference('AJO-DEP');
    const now = clock.now();
    const pending = await database.unitOfWork((tx) =>
      insertActivity(tx, {
        userId,
        kind: 'deposit',
        status: 'pending',
        direction: 'credit',
        channel: 'card',
        currency: 'NGN',
        amountMinor: priced.amountMinor,
        feeMinor: priced.feeMinor,
        reference,
        provider: payments.slug,
        // Our reference is the vendor's reference of this payment: claiming it here means no other
        // kind of credit (a transfer webhook reusing it) can be recorded under it.
        providerReference: reference,
        description: 'Card top-up',
        at: now,
      }),
    );
    if (!pending) throw new Error('a new deposit row was not written');
    try {
      const session = await payments.initializeCheckout({
        reference,
        amountMinor: priced.totalMinor,
        currency: 'NGN',
        email: user.email,
        callbackUrl: `${baseUrl}/payments/status`,
      });
      // Kept so the user can come back to an unfinished checkout from its transaction.
      await addActivityDetails(database.db, [
        { id: pending.id, details: { checkoutUrl: session.authorizationUrl } },
      ]);
      return { pending, priced, authorizationUrl: session.authorizationUrl };
    } catch (error) {
      await changeActivityStatus(database.db, {
        id: pending.id,
        to: 'failed',
        from: ['pending'],
        at: clock.now(),
      });
      if (error instanceof PaymentProviderError) {
        log.warn({ err: error, reference }, 'checkout could not be started');
        throw providerUnavailable();
      }
      throw error;
    }
  }

  /**
   * Settles a pending card deposit from the vendor's own verify answer: credited once when it is
   * a checkout whose status, amount and currency all agree; marked failed when the vendor says so
   * or it expired; flagged for a person when the answer contradicts ours.
   */
  async function completeCardDeposit(reference: string): Promise<ActivityRow | undefined> {
    const found = await findActivityByReference(database.db, reference);
    if (found?.channel !== 'card' || found.review_reason !== null) return found;
    if (found.status === 'failed' || found.status === 'cancelled') return flagLatePayment(found);
    if (found.status !== 'pending') return found;
    let verification: CheckoutVerification;
    try {
      verification = await payments.verifyCheckout(reference);
    } catch (error) {
      log.warn({ err: error, reference }, 'checkout verify failed; left pending');
      return found;
    }
    const now = clock.now();
    const expectedMinor = BigInt(found.amount_minor) + BigInt(found.fee_minor);
    const contradiction = checkoutContradiction(verification, expectedMinor);
    if (contradiction !== null) {
      log.warn(
        { reference, reason: contradiction },
        'checkout contradicts our record; not credited, held for review',
      );
      await flagForReview(database.db, {
        id: found.id,
        reason: contradiction,
        status: 'pending',
        at: now,
      });
    } else if (verification.status === 'success') {
      await creditCardDeposit(reference, verification, now);
    } else if (
      verification.status === 'failed' ||
      now.getTime() - new Date(found.created_at).getTime() > deps.checkoutExpiryMs
    ) {
      await failCardDeposit(reference, now);
    }
    return findActivityByReference(database.db, reference);
  }

  /**
   * Credits a verified checkout once and records the vendor's id of the payment from its own
   * answer. A reference the user attached is theirs alone: it neither fills nor blocks this.
   */
  async function creditCardDeposit(
    reference: string,
    verification: CheckoutVerification,
    now: Date,
  ): Promise<void> {
    await database.unitOfWork(async (tx) => {
      const locked = await findActivityByReference(tx, reference, { forUpdate: true });
      if (locked?.status !== 'pending') return;
      const result = await creditUser(tx, {
        userId: locked.user_id,
        amountMinor: BigInt(locked.amount_minor),
        feeMinor: BigInt(locked.fee_minor),
        idempotencyKey: `deposit:card:${reference}`,
        description: 'Card top-up',
        transactionId: locked.id,
        at: now,
      });
      await changeActivityStatus(tx, {
        id: locked.id,
        to: 'successful',
        from: ['pending'],
        at: now,
        providerTransactionId: verification.providerTransactionId,
      });
      await insertNotification(tx, {
        userId: locked.user_id,
        transactionId: locked.id,
        title: 'Wallet funded',
        body: `Your card top-up of ${naira(result.creditedMinor + result.onHoldMinor)} was successful.`,
        now,
      });
    });
  }

  async function failCardDeposit(reference: string, now: Date): Promise<void> {
    await database.unitOfWork(async (tx) => {
      const locked = await findActivityByReference(tx, reference, { forUpdate: true });
      if (locked?.status !== 'pending') return;
      await changeActivityStatus(tx, { id: locked.id, to: 'failed', from: ['pending'], at: now });
      await insertNotification(tx, {
        userId: locked.user_id,
        transactionId: locked.id,
        title: 'Card top-up failed',
        body: `Your card top-up of ${naira(BigInt(locked.amount_minor))} did not go through. No money was taken from your wallet.`,
        now,
      });
    });
  }

  /**
   * A checkout we marked failed or cancelled (it expired, or the user gave up on it) that the vendor
   * now says was paid: the card was
   * charged, so the money must not be silently lost. Not credited on its own (the user was told it
   * failed); flagged for a person, as any contradiction is.
   */
  async function flagLatePayment(found: ActivityRow): Promise<ActivityRow | undefined> {
    let verification: CheckoutVerification;
    try {
      verification = await payments.verifyCheckout(found.reference);
    } catch {
      return found;
    }
    if (verification.status !== 'success') return found;
    const reason = `paid after it was marked ${found.status}: verify answered success ${verification.currency} ${formatMinorAsDecimal(verification.amountMinor)}`;
    log.warn({ reference: found.reference, reason }, 'late card payment; held for review');
    await flagForReview(database.db, {
      id: found.id,
      reason,
      status: found.status,
      at: clock.now(),
    });
    return findActivityByReference(database.db, found.reference);
  }

  /**
   * The user gives up on an unfinished card top-up. The vendor is asked first: a checkout paid in
   * the meantime is credited, not cancelled. Answers the movement as it now stands.
   */
  async function cancelCardDeposit(userId: string, reference: string) {
    const found = await findActivityByReference(database.db, reference);
    if (found?.user_id !== userId || found.channel !== 'card') {
      throw notFound('We could not find a payment with this reference');
    }
    const settled = (await completeCardDeposit(reference)) ?? found;
    if (settled.status !== 'pending') {
      if (settled.status === 'cancelled') return settled;
      throw new AppError(
        'payment_not_pending',
        settled.status === 'successful'
          ? 'This top-up was already paid and is in your wallet'
          : 'This top-up is no longer waiting for payment',
        409,
      );
    }
    await changeActivityStatus(database.db, {
      id: settled.id,
      to: 'cancelled',
      from: ['pending'],
      at: clock.now(),
    });
    return (await findActivityByReference(database.db, reference)) ?? settled;
  }

  /** Card checkouts still pending after a couple of minutes: ask the vendor again. */
  async function reconcilePendingCheckouts(now: Date): Promise<number> {
    const before = new Date(now.getTime() - 2 * 60_000).toISOString();
    const pending = await rows<{ reference: string }>(
      database.db,
      sql`select reference from transactions
           where status = 'pending' and channel = 'card' and review_reason is null
             and created_at < ${before}
           order by created_at limit 200`,
    );
    for (const { reference } of pending) await completeCardDeposit(reference);
    return pending.length;
  }

  return {
    quote,
    startCardDeposit,
    completeCardDeposit,
    cancelCardDeposit,
    receiveTransfer: transfersIn.receiveTransfer,
    reconcilePendingCheckouts,
  };
}

export type DepositsService = ReturnType<typeof depositsService>;
