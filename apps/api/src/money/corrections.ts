import { formatMoney } from '@ajo/money/format';
import type { Currency } from '@ajo/money/currency';
import { AppError } from '../platform/errors.ts';
import type { Tx } from '../platform/db.ts';
import { insertNotification } from '../platform/notifications.ts';
import { findActivityByReference, insertActivity, type ActivityRow } from './activity.ts';
import { accountBalance, openWallet, systemAccount, transfer } from './ledger/ledger.service.ts';

/**
 * Money corrections: the one way an operator's decision moves a customer's money. A correction
 * is proposed by one operator and approved by another (maker-checker, `money_corrections`); only
 * the approval reaches this file, which posts it like every other movement: one balanced ledger
 * entry between the customer's wallet and `suspense`, one activity row the customer sees
 * (`adjustment`) and a notice, all in the caller's transaction.
 *
 * A credit moves suspense → wallet; it is not subject to the tier's caps, because it puts right
 * what the customer was owed. A debit moves wallet → suspense and is refused when the wallet's
 * available balance (less money held for payments in flight) is short: the wallet never goes
 * below zero. Posting is idempotent on the correction's id: a second approval posts nothing.
 */
export interface ApprovedCorrection {
  id: string;
  userId: string;
  currency: Currency;
  direction: 'credit' | 'debit';
  amountMinor: bigint;
  /** The maker's reason: the customer reads it on the movement ("Correction: …"). */
  reason: string;
  at: Date;
}

export interface PostedCorrection {
  transaction: ActivityRow;
  /** True when this correction had already posted (nothing was moved again). */
  replayed: boolean;
}

/** The activity reference of a correction: fixed by its id, so it can post only once. */
export const correctionReference = (correctionId: string) =>
  `AJO-ADJ-${correctionId.replaceAll('-', '').slice(0, 24).toUpperCase()}`;

/** The line the customer's history shows. */
export const correctionDescription = (reason: string) => `Correction: ${reason}`;

export const correctionExceedsBalance = (availableMinor: bigint, currency: Currency) =>
  new AppError(
    'correction_exceeds_balance',
    `The customer's available balance is ${formatMoney(availableMinor < 0n ? 0n : availableMinor, currency)}: a debit cannot take more than that`,
    422,
    [{ path: 'amount', message: 'Above the available balance' }],
  );

export async function postCorrection(
  tx: Tx,
  correction: ApprovedCorrection,
): Promise<PostedCorrection> {
  if (correction.amountMinor <= 0n) throw new RangeError('a correction moves a positive amount');
  const reference = correctionReference(correction.id);
  const already = await findActivityByReference(tx, reference);
  if (already) return { transaction: already, replayed: true };

  const { currency, amountMinor } = correction;
  const wallet = await openWallet(tx, correction.userId, currency);
  const suspense = await systemAccount(tx, 'suspense', currency);
  if (correction.direction === 'debit') {
    const { availableMinor } = await accountBalance(tx, wallet.id);
    if (availableMinor < amountMinor) throw correctionExceedsBalance(availableMinor, currency);
  }
  const description = correctionDescription(correction.reason);
  try {
    await transfer(tx, {
      idempotencyKey: `correction:${correction.id}`,
      kind: 'correction',
      description,
      currency,
      fromAccountId: correction.direction === 'credit' ? suspense.id : wallet.id,
      toAccountId: correction.direction === 'credit' ? wallet.id : suspense.id,
      amountMinor,
      metadata: { correctionId: correction.id },
      at: correction.at,
    });
  } catch (error) {
    // The wallet's guard is the backstop of the check above (a payment placed in between).
    if (error instanceof AppError && error.code === 'insufficient_funds') {
      const { availableMinor } = await accountBalance(tx, wallet.id);
      throw correctionExceedsBalance(availableMinor, currency);
    }
    throw error;
  }
  const transaction = await insertActivity(tx, {
    userId: correction.userId,
    kind: 'adjustment',
    status: 'successful',
    direction: correction.direction,
    channel: 'wallet',
    currency,
    amountMinor,
    feeMinor: 0n,
    reference,
    provider: null,
    providerReference: null,
    description,
    metadata: { correction_id: correction.id },
    at: correction.at,
  });
  if (!transaction) throw new Error('a correction lost its activity row');
  const amount = formatMoney(amountMinor, currency);
  const sentence = `${description.replace(/[.!?]+$/, '')}.`;
  await insertNotification(tx, {
    userId: correction.userId,
    transactionId: transaction.id,
    title: correction.direction === 'credit' ? 'Wallet credited' : 'Wallet debited',
    body:
      correction.direction === 'credit'
        ? `${amount} was added to your ${currency} wallet. ${sentence}`
        : `${amount} was taken from your ${currency} wallet. ${sentence}`,
    now: correction.at,
  });
  return { transaction, replayed: false };
}
