import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { batchInput, rows, type Tx } from '../platform/db.ts';
import { insertNotifications, type NewNotification } from '../platform/notifications.ts';
import { markOnHoldReleased, recordOnHold } from './activity.ts';
import {
  move,
  openOnHoldAccount,
  openWallet,
  openWallets,
  systemAccount,
  transfer,
  usersWithMoneyOnHold,
  type PostingInput,
} from './ledger/ledger.service.ts';
import { limitsFor, naira, type TierLimits } from './limits.ts';

export interface CreditResult {
  creditedMinor: bigint;
  onHoldMinor: bigint;
}

/** Money arriving from a provider for one user. */
export interface Credit {
  userId: string;
  amountMinor: bigint;
  feeMinor: bigint;
  idempotencyKey: string;
  description: string;
  /** The activity row of the credit: it records the on-hold part. */
  transactionId: string;
  at: Date;
}

/**
 * How far the tier's caps (single deposit and balance) let `amountMinor` into a wallet holding
 * `balanceMinor` now (DOMAIN.md, CBN tiers).
 */
function roomUnderCaps(limits: TierLimits, balanceMinor: bigint, amountMinor: bigint): bigint {
  let room = amountMinor;
  if (limits.balanceMaxMinor !== null && limits.balanceMaxMinor - balanceMinor < room) {
    room = limits.balanceMaxMinor - balanceMinor;
  }
  return room < 0n ? 0n : room;
}

/**
 * The users' tiers, their rows locked in id order so two credits of one user cannot both fit
 * under the same cap. NO KEY UPDATE, not UPDATE: the caller may already hold the FOR KEY SHARE
 * lock that inserting a row referencing the user takes; upgrading it to FOR UPDATE deadlocks
 * parallel credits.
 */
async function lockUsers(tx: Tx, userIds: readonly string[]) {
  const input = batchInput('x', { id: ['uuid', userIds] });
  const found = await rows<{ id: string; tier: number }>(
    tx,
    sql`select id, tier from users where id in (select id from ${input})
         order by id
           for no key update`,
  );
  return new Map(found.map((user) => [user.id, user.tier]));
}

/**
 * Money arriving from a provider for users (bank transfers, card checkouts), each user once per
 * batch: each amount reaches the wallet up to the tier's caps; the rest is kept in the user's
 * on-hold account, not lost, and the user is told. One entry per credit, all in one `move`.
 */
export async function creditUsers(tx: Tx, credits: readonly Credit[]): Promise<CreditResult[]> {
  if (credits.length === 0) return [];
  const userIds = credits.map((credit) => credit.userId);
  if (new Set(userIds).size !== userIds.length) {
    throw new RangeError('one batch credits each user once');
  }
  const tiers = await lockUsers(tx, userIds);
  const wallets = await openWallets(tx, userIds, 'NGN');
  const settlement = await systemAccount(tx, 'provider_settlement', 'NGN');
  const fees = credits.some((credit) => credit.feeMinor > 0n)
    ? await systemAccount(tx, 'fees_revenue', 'NGN')
    : undefined;

  const results: CreditResult[] = [];
  const entries = [];
  const notices: NewNotification[] = [];
  for (const credit of credits) {
    const tier = tiers.get(credit.userId);
    const wallet = wallets.get(credit.userId);
    if (tier === undefined || !wallet) throw new Error('the user of a credit vanished');
    const limits = await limitsFor(tx, 'deposit', tier);
    let creditedMinor = roomUnderCaps(limits, wallet.balanceMinor, credit.amountMinor);
    if (limits.perTransactionMinor !== null && limits.perTransactionMinor < creditedMinor) {
      creditedMinor = limits.perTransactionMinor;
    }
    const onHoldMinor = credit.amountMinor - creditedMinor;
    results.push({ creditedMinor, onHoldMinor });

    const postings: PostingInput[] = [
      { accountId: settlement.id, amountMinor: -(credit.amountMinor + credit.feeMinor) },
    ];
    if (creditedMinor > 0n) postings.push({ accountId: wallet.id, amountMinor: creditedMinor });
    if (onHoldMinor > 0n) {
      const onHold = await openOnHoldAccount(tx, credit.userId, 'NGN');
      postings.push({ accountId: onHold.id, amountMinor: onHoldMinor });
      await recordOnHold(tx, credit.transactionId, onHoldMinor);
      notices.push({
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
    if (fees && credit.feeMinor > 0n) {
      postings.push({ accountId: fees.id, amountMinor: credit.feeMinor });
    }
    entries.push({
      idempotencyKey: credit.idempotencyKey,
      kind: 'deposit',
      description: credit.description,
      currency: 'NGN' as const,
      postings,
      metadata: { transactionId: credit.transactionId },
      at: credit.at,
    });
  }
  const moved = await move(tx, entries);
  // Credits only add to guarded accounts: nothing can refuse them.
  if (moved.some((result) => result.outcome === 'insufficient_funds')) {
    throw new Error('a credit was refused for insufficient funds');
  }
  await insertNotifications(tx, notices);
  return results;
}

/** One credit: a batch of one. */
export async function creditUser(tx: Tx, credit: Credit): Promise<CreditResult> {
  const [result] = await creditUsers(tx, [credit]);
  if (!result) throw new Error('a credit got no result');
  return result;
}

/**
 * Moves on-hold money into the wallet as far as the user's caps allow, and marks the credits it
 * came from as released: called when the user's tier goes up, and when money leaves the wallet
 * (a paid withdrawal) and makes room under the balance cap.
 */
export async function releaseOnHold(
  tx: Tx,
  userId: string,
  at: Date,
  why: 'upgrade' | 'room' = 'upgrade',
): Promise<bigint> {
  const onHold = await openOnHoldAccount(tx, userId, 'NGN');
  if (onHold.balanceMinor <= 0n) return 0n;
  const tier = (await lockUsers(tx, [userId])).get(userId);
  if (tier === undefined) throw new Error('the user of a release vanished');
  const wallet = await openWallet(tx, userId, 'NGN');
  const room = roomUnderCaps(
    await limitsFor(tx, 'deposit', tier),
    wallet.balanceMinor,
    onHold.balanceMinor,
  );
  if (room <= 0n) return 0n;
  await transfer(tx, {
    idempotencyKey: `release-on-hold:${userId}:${randomBytes(8).toString('hex')}`,
    kind: 'release_on_hold',
    description:
      why === 'upgrade'
        ? 'On-hold deposit released after an account upgrade'
        : 'On-hold deposit released: your balance is under its limit again',
    currency: 'NGN',
    fromAccountId: onHold.id,
    toAccountId: wallet.id,
    amountMinor: room,
    at,
  });
  const [oldestReleased] = await markOnHoldReleased(tx, userId, room, at);
  await insertNotifications(tx, [
    {
      userId,
      // The receipt it opens is the deposit whose held part this was.
      transactionId: oldestReleased,
      title: 'On-hold money released',
      body: `${naira(room)} that was on hold is now in your wallet.`,
      now: at,
    },
  ]);
  return room;
}

/**
 * `releaseOnHold` for those of these users who have money on hold (one look for all of them),
 * after money left their wallets.
 */
export async function releaseOnHoldOf(tx: Tx, userIds: readonly string[], at: Date) {
  const holding = await usersWithMoneyOnHold(tx, userIds, 'NGN');
  for (const userId of [...holding].sort()) await releaseOnHold(tx, userId, at, 'room');
}
