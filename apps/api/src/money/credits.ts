import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db.ts';
import {
  openOnHoldAccount,
  openWallet,
  postEntry,
  systemAccount,
  type PostingInput,
} from '../../money/ledger/ledger.service.ts';
import { insertNotification } from '../auth/auth.repository.ts';
import { limitsFor, naira } from './limits.ts';

export interface CreditResult {
  creditedMinor: bigint;
  heldMinor: bigint;
}

/**
 * Money arriving for a user: `amountMinor` reaches the wallet up to the tier's caps (single
 * deposit and balance, DOMAIN.md); the rest is kept in the user's on-hold account, not lost.
 * The user's row is locked so two credits cannot both fit under the same cap.
 */
export async function creditUser(
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
