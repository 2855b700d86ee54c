import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMinorAsDecimal } from '@ajo/money/format';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database, type Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  openOnHoldAccount,
  openWallet,
  postEntry,
  systemAccount,
  transfer,
  type PostingInput,
} from '../../ledger/ledger.service.ts';
import {
  PaymentProviderError,
  type CheckoutVerification,
  type PaymentEvent,
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
import {
  findTransactionByReference,
  insertTransaction,
  type TransactionRow,
} from './transactions.repository.ts';

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

const newReference = (prefix: string) =>
  `${prefix}-${Date.now().toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`;

const providerUnavailable = () =>
  new AppError(
    'provider_unavailable',
    'Our payment partner did not answer; nothing was charged. Try again in a few minutes',
    503,
  );

interface CreditResult {
  creditedMinor: bigint;
  heldMinor: bigint;
}

/**
 * Money arriving for a user: `amountMinor` reaches the wallet up to the tier's caps (single
 * deposit and balance, DOMAIN.md); the rest is kept in the user's on-hold account, not lost.
 * The user's row is locked so two credits cannot both fit under the same cap.
 */
async function creditUser(
  tx: Tx,
  credit: {
    userId: string;
    amountMinor: bigint;
    feeMinor: bigint;
    idempotencyKey: string;
    description: string;
    transactionId: string;
    at: Date;
  },
): Promise<CreditResult> {
  // NO KEY UPDATE, not UPDATE: the caller may already hold the FOR KEY SHARE lock that inserting
  // a row referencing the user takes; upgrading it to FOR UPDATE deadlocks parallel credits.
  const [user] = await rows<{ tier: number }>(
    tx,
    sql`select tier from users where id = ${credit.userId} for no key update`,
  );
  if (!user) throw new Error('the user of a deposit vanished');
  const limits = await limitsFor(tx, 'deposit', user.tier);
  const wallet = await openWallet(tx, credit.userId, 'NGN');
  const room =
    limits.balanceMaxMinor === null
      ? credit.amountMinor
      : limits.balanceMaxMinor - wallet.balanceMinor;
  const single = limits.perTransactionMinor ?? credit.amountMinor;
  let creditedMinor = credit.amountMinor;
  if (room < creditedMinor) creditedMinor = room;
  if (single < creditedMinor) creditedMinor = single;
  if (creditedMinor < 0n) creditedMinor = 0n;
  const heldMinor = credit.amountMinor - creditedMinor;

  const settlement = await systemAccount(tx, 'provider_settlement', 'NGN');
  const postings: PostingInput[] = [
    { accountId: settlement.id, amountMinor: -(credit.amountMinor + credit.feeMinor) },
  ];
  if (creditedMinor > 0n) postings.push({ accountId: wallet.id, amountMinor: creditedMinor });
  if (heldMinor > 0n) {
    const onHold = await openOnHoldAccount(tx, credit.userId, 'NGN');
    postings.push({ accountId: onHold.id, amountMinor: heldMinor });
  }
  if (credit.feeMinor > 0n) {
    const fees = await systemAccount(tx, 'fees_revenue', 'NGN');
    postings.push({ accountId: fees.id, amountMinor: credit.feeMinor });
  }
  await postEntry(tx, {
    idempotencyKey: credit.idempotencyKey,
    kind: 'deposit',
    description: credit.description,
    currency: 'NGN',
    postings,
    metadata: { transactionId: credit.transactionId },
    at: credit.at,
  });
  await tx.execute(sql`update transactions set held_minor = ${heldMinor.toString()}
    where id = ${credit.transactionId}`);
  if (heldMinor > 0n) {
    await insertNotification(tx, {
      userId: credit.userId,
      title: 'Part of a deposit is on hold',
      body: `${naira(heldMinor)} of your ${naira(credit.amountMinor)} deposit is above your account's limits and is on hold. Verify your identity to raise your limits and receive it.`,
      now: credit.at,
    });
  }
  return { creditedMinor, heldMinor };
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
    const reference = newReference('AJO-DEP');
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
        providerReference: null,
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
   * Settles a pending card deposit from the vendor's own verify answer: credited once when the
   * status, amount and currency all agree; marked failed when the vendor says so; flagged for a
   * person when the answer contradicts ours.
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
    if (verification.status === 'success') {
      if (verification.amountMinor !== expectedMinor || verification.currency !== 'NGN') {
        const reason = `verify answered ${verification.currency} ${formatMinorAsDecimal(verification.amountMinor)}; expected NGN ${formatMinorAsDecimal(expectedMinor)}`;
        log.warn(
          { reference, reason },
          'checkout contradicts our record; not credited, held for review',
        );
        await database.db.execute(sql`update transactions set review_reason = ${reason},
            updated_at = ${now.toISOString()} where id = ${found.id} and status = 'pending'`);
        return findTransactionByReference(database.db, reference);
      }
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
            third_party_reference = coalesce(third_party_reference, ${verification.providerTransactionId}),
            updated_at = ${now.toISOString()} where id = ${locked.id}`);
        await insertNotification(tx, {
          userId: locked.user_id,
          title: 'Wallet funded',
          body: `Your card top-up of ${naira(result.creditedMinor + result.heldMinor)} was successful.`,
          now,
        });
      });
    } else if (
      verification.status === 'failed' ||
      now.getTime() - new Date(found.created_at).getTime() > deps.checkoutExpiryMs
    ) {
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
    return findTransactionByReference(database.db, reference);
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

  /**
   * A bank transfer into a user's virtual account. The webhook is only a trigger: the vendor's
   * verify answer must agree before anything is credited, and the provider reference's unique
   * index makes a repeated delivery a no-op.
   */
  async function receiveTransfer(
    event: Extract<PaymentEvent, { type: 'transfer_received' }>,
  ): Promise<'credited' | 'duplicate' | 'unknown_account' | 'review'> {
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
    const existing = await rows<{ id: string }>(
      database.db,
      sql`select id from transactions where provider = ${payments.slug}
           and provider_reference = ${event.reference}`,
    );
    if (existing.length > 0) return 'duplicate';
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
    if (
      verification.status !== 'success' ||
      verification.amountMinor !== event.amountMinor ||
      verification.currency !== 'NGN' ||
      event.currency !== 'NGN'
    ) {
      log.warn(
        { reference: event.reference, verified: verification.status },
        'transfer webhook contradicts the verify answer; not credited, held for review',
      );
      return 'review';
    }
    const now = clock.now();
    return database.unitOfWork(async (tx) => {
      const inserted = await insertTransaction(tx, {
        userId: account.user_id,
        type: 'deposit',
        status: 'successful',
        direction: 'credit',
        channel: 'bank_transfer',
        currency: 'NGN',
        amountMinor: event.amountMinor,
        feeMinor: 0n,
        reference: newReference('AJO-TRF'),
        provider: payments.slug,
        providerReference: event.reference,
        description: `Transfer from ${event.senderName} (${event.senderBank})`,
        metadata: { senderName: event.senderName, senderBank: event.senderBank },
        at: now,
      });
      if (!inserted) return 'duplicate' as const;
      await tx.execute(sql`update transactions set third_party_reference = ${event.reference}
          where id = ${inserted.id}`);
      const result = await creditUser(tx, {
        userId: account.user_id,
        amountMinor: event.amountMinor,
        feeMinor: 0n,
        idempotencyKey: `deposit:transfer:${payments.slug}:${event.reference}`,
        description: inserted.description,
        transactionId: inserted.id,
        at: now,
      });
      await insertNotification(tx, {
        userId: account.user_id,
        title: 'Money received',
        body: `${naira(result.creditedMinor + result.heldMinor)} from ${event.senderName} arrived in your wallet.`,
        now,
      });
      return 'credited' as const;
    });
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
    receiveTransfer,
    reconcilePendingCheckouts,
  };
}

export type DepositsService = ReturnType<typeof depositsService>;
