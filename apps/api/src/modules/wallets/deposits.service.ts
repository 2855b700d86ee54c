import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMinorAsDecimal } from '@ajo/money/format';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database, type Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { openOnHoldAccount, openWallet, transfer } from '../../money/ledger/ledger.service.ts';
import {
  PaymentProviderError,
  type CheckoutVerification,
  type PaymentsProvider,
} from '../../providers/payments/payments.port.ts';
import { insertNotification } from '../auth/auth.repository.ts';
import {
  amountFromInput,
  checkPerTransactionLimits,
  feeFor,
  limitsFor,
  naira,
  type LimitWording,
} from './limits.ts';
import { creditUser } from './credit-user.ts';
import { checkoutContradiction, providerUnavailable } from './provider-verification.ts';
import {
  findTransactionByReference,
  insertTransaction,
  newTransactionReference,
  type TransactionRow,
} from './transactions.repository.ts';
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

/**
 * Releases held deposits into the wallet as far as the user's (new) caps allow; called when the
 * user's tier goes up.
 */
export async function releaseHeldDeposits(tx: Tx, userId: string, at: Date): Promise<bigint> {
  const [user] = await rows<{ tier: number }>(
    tx,
    sql`select tier from users where id = ${userId} for no key update`,
  );
  if (!user) return 0n;
  const onHold = await openOnHoldAccount(tx, userId, 'NGN');
  if (onHold.balanceMinor <= 0n) return 0n;
  const limits = await limitsFor(tx, 'deposit', user.tier);
  const wallet = await openWallet(tx, userId, 'NGN');
  const room =
    limits.balanceMaxMinor === null
      ? onHold.balanceMinor
      : limits.balanceMaxMinor - wallet.balanceMinor;
  const release = room < onHold.balanceMinor ? room : onHold.balanceMinor;
  if (release <= 0n) return 0n;
  await transfer(tx, {
    idempotencyKey: `release-held:${userId}:${randomBytes(8).toString('hex')}`,
    kind: 'release_held_deposit',
    description: 'Held deposit released after an account upgrade',
    currency: 'NGN',
    fromAccountId: onHold.id,
    toAccountId: wallet.id,
    amountMinor: release,
    at,
  });
  await insertNotification(tx, {
    userId,
    title: 'Held money released',
    body: `${naira(release)} that was on hold is now in your wallet.`,
    now: at,
  });
  return release;
}

const depositWording: LimitWording = {
  notAllowed: {
    code: 'deposits_not_allowed',
    message: 'Verify your BVN to get your account number and start funding your wallet',
  },
  noun: 'deposit',
  aboveMaximum: (maximum) =>
    `Your account can receive at most ${maximum} in one deposit. Verify your identity to raise your limit`,
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
    const reference = newTransactionReference('AJO-DEP');
    const now = clock.now();
    const pending = await database.unitOfWork((tx) =>
      insertTransaction(tx, {
        userId,
        type: 'deposit',
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
      return { pending, priced, authorizationUrl: session.authorizationUrl };
    } catch (error) {
      await database.db.execute(sql`update transactions set status = 'failed',
          updated_at = ${clock.now().toISOString()} where id = ${pending.id}`);
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
  async function completeCardDeposit(reference: string): Promise<TransactionRow | undefined> {
    const found = await findTransactionByReference(database.db, reference);
    if (found?.channel !== 'card' || found.review_reason !== null) return found;
    if (found.status === 'failed') return flagLatePayment(found);
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
      await database.db.execute(sql`update transactions set review_reason = ${contradiction},
          updated_at = ${now.toISOString()} where id = ${found.id} and status = 'pending'`);
    } else if (verification.status === 'success') {
      await creditCardDeposit(reference, verification, now);
    } else if (
      verification.status === 'failed' ||
      now.getTime() - new Date(found.created_at).getTime() > deps.checkoutExpiryMs
    ) {
      await failCardDeposit(reference, now);
    }
    return findTransactionByReference(database.db, reference);
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
      const locked = await findTransactionByReference(tx, reference, { forUpdate: true });
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
      await tx.execute(sql`update transactions set status = 'successful',
          provider_transaction_id = ${verification.providerTransactionId},
          updated_at = ${now.toISOString()} where id = ${locked.id}`);
      await insertNotification(tx, {
        userId: locked.user_id,
        title: 'Wallet funded',
        body: `Your card top-up of ${naira(result.creditedMinor + result.heldMinor)} was successful.`,
        now,
      });
    });
  }

  async function failCardDeposit(reference: string, now: Date): Promise<void> {
    await database.unitOfWork(async (tx) => {
      const locked = await findTransactionByReference(tx, reference, { forUpdate: true });
      if (locked?.status !== 'pending') return;
      await tx.execute(sql`update transactions set status = 'failed',
          updated_at = ${now.toISOString()} where id = ${locked.id}`);
      await insertNotification(tx, {
        userId: locked.user_id,
        title: 'Card top-up failed',
        body: `Your card top-up of ${naira(BigInt(locked.amount_minor))} did not go through. No money was taken from your wallet.`,
        now,
      });
    });
  }

  /**
   * A checkout we marked failed (it expired unpaid) that the vendor now says was paid: the card was
   * charged, so the money must not be silently lost. Not credited on its own (the user was told it
   * failed); flagged for a person, as any contradiction is.
   */
  async function flagLatePayment(found: TransactionRow): Promise<TransactionRow | undefined> {
    let verification: CheckoutVerification;
    try {
      verification = await payments.verifyCheckout(found.reference);
    } catch {
      return found;
    }
    if (verification.status !== 'success') return found;
    const reason = `paid after it was marked failed: verify answered success ${verification.currency} ${formatMinorAsDecimal(verification.amountMinor)}`;
    log.warn({ reference: found.reference, reason }, 'late card payment; held for review');
    await database.db.execute(sql`update transactions set review_reason = ${reason},
        updated_at = ${clock.now().toISOString()}
        where id = ${found.id} and status = 'failed' and review_reason is null`);
    return findTransactionByReference(database.db, found.reference);
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
    receiveTransfer: transfersIn.receiveTransfer,
    reconcilePendingCheckouts,
  };
}

export type DepositsService = ReturnType<typeof depositsService>;
