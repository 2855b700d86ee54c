import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../platform/db.ts';
import { insertNotification } from '../platform/notifications.ts';
import { markOnHoldReleased, recordOnHold } from './activity.ts';
import {
  openOnHoldAccount,
  openWallet,
  postEntry,
  systemAccount,
  transfer,
  usersWithMoneyOnHold,
  type PostingInput,
} from './ledger/ledger.service.ts';
import { limitsFor, naira } from './limits.ts';

export interface CreditResult {
  creditedMinor: bigint;
  onHoldMinor: bigint;
}

/** How far the user's tier caps let money into the wallet now (DOMAIN.md, CBN tiers). */
async function roomInWallet(tx: Tx, userId: string, amountMinor: bigint) {
  // NO KEY UPDATE, not UPDATE: the caller may already hold the FOR KEY SHARE lock that inserting
  // a row referencing the user takes; upgrading it to FOR UPDATE deadlocks parallel credits.
  const [user] = await rows<{ tier: number }>(
    tx,
    sql`select tier from users where id = ${userId} for no key update`,
  );
  if (!user) throw new Error('the user of a credit vanished');
  const limits = await limitsFor(tx, 'deposit', user.tier);
  const wallet = await openWallet(tx, userId, 'NGN');
  let room = amountMinor;
  if (limits.balanceMaxMinor !== null && limits.balanceMaxMinor - wallet.balanceMinor < room) {
    room = limits.balanceMaxMinor - wallet.balanceMinor;
  }
  return {
    tier: user.tier,
    wallet,
    room: room < 0n ? 0n : room,
    perCreditMinor: limits.perTransactionMinor,
  };
}

/**
 * Money arriving from a provider for a user (a bank transfer, a card checkout): `amountMinor`
 * reaches the wallet up to the tier's caps (single deposit and balance); the rest is kept in the
 * user's on-hold account, not lost, and the user is told. The user's row is locked so two credits
 * cannot both fit under the same cap. The activity row `transactionId` records the on-hold part.
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
  const { tier, wallet, room, perCreditMinor } = await roomInWallet(
    tx,
    credit.userId,
    credit.amountMinor,
  );
  let creditedMinor = room;
  if (perCreditMinor !== null && perCreditMinor < creditedMinor) creditedMinor = perCreditMinor;
  if (creditedMinor < 0n) creditedMinor = 0n;
  const onHoldMinor = credit.amountMinor - creditedMinor;

  const settlement = await systemAccount(tx, 'provider_settlement', 'NGN');
  const postings: PostingInput[] = [
    { accountId: settlement.id, amountMinor: -(credit.amountMinor + credit.feeMinor) },
  ];
  if (creditedMinor > 0n) postings.push({ accountId: wallet.id, amountMinor: creditedMinor });
  if (onHoldMinor > 0n) {
    const onHold = await openOnHoldAccount(tx, credit.userId, 'NGN');
    postings.push({ accountId: onHold.id, amountMinor: onHoldMinor });
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
  await recordOnHold(tx, credit.transactionId, onHoldMinor);
  if (onHoldMinor > 0n) {
    await insertNotification(tx, {
      userId: credit.userId,
      transactionId: credit.transactionId,
      title: 'Part of a deposit is on hold',
      body: `${naira(onHoldMinor)} of your ${naira(credit.amountMinor)} deposit is above your account's limits and is on hold. ${
        tier <= 1
          ? 'Verify your identity to raise your limits and receive it.'
          : 'It moves to your wallet as soon as your balance leaves room for it.'
      }`,
      now: credit.at,
    });
  }
  return { creditedMinor, onHoldMinor };
}

/**
 * Moves on-hold money into the wallet as far as the user's caps allow, and marks the credits it
 * came from as released: called when the user's tier goes up, and when money leaves the wallet
 * (a paid withdrawal) and makes room under the balance cap.
 */
export async function releaseOnHold(tx: Tx, userId: string, at: Date): Promise<bigint> {
  const onHold = await openOnHoldAccount(tx, userId, 'NGN');
  if (onHold.balanceMinor <= 0n) return 0n;
  const { wallet, room } = await roomInWallet(tx, userId, onHold.balanceMinor);
  if (room <= 0n) return 0n;
  await transfer(tx, {
    idempotencyKey: `release-on-hold:${userId}:${randomBytes(8).toString('hex')}`,
    kind: 'release_on_hold',
    description: 'On-hold deposit released after an account upgrade',
    currency: 'NGN',
    fromAccountId: onHold.id,
    toAccountId: wallet.id,
    amountMinor: room,
    at,
  });
  await markOnHoldReleased(tx, userId, room, at);
  await insertNotification(tx, {
    userId,
    title: 'On-hold money released',
    body: `${naira(room)} that was on hold is now in your wallet.`,
    now: at,
  });
  return room;
}

/** `releaseOnHold` for those of these users who have money on hold (one look for all of them). */
export async function releaseOnHoldOf(tx: Tx, userIds: readonly string[], at: Date) {
  const holding = await usersWithMoneyOnHold(tx, userIds, 'NGN');
  for (const userId of [...holding].sort()) await releaseOnHold(tx, userId, at);
}
