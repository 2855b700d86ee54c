import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { batchInput, rows, type Database, type Tx } from '../platform/db.ts';
import { insertNotifications, type NewNotification } from '../platform/notifications.ts';
import { heldCredits, recordOnHold, recordOnHoldReleases, type HeldCredit } from './activity.ts';
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
 * How far the tier's balance cap lets `amountMinor` into a wallet holding `balanceMinor` now
 * (DOMAIN.md, CBN tiers). The single-deposit cap is the caller's: it binds one credit, not the
 * wallet.
 */
function roomUnderCaps(limits: TierLimits, balanceMinor: bigint, amountMinor: bigint): bigint {
  let room = amountMinor;
  if (limits.balanceMaxMinor !== null && limits.balanceMaxMinor - balanceMinor < room) {
    room = limits.balanceMaxMinor - balanceMinor;
  }
  return room < 0n ? 0n : room;
}

/** The part of a credit above the tier's single-deposit cap: only an upgrade releases it. */
function aboveDepositCap(limits: TierLimits, amountMinor: bigint): bigint {
  if (limits.perTransactionMinor === null || amountMinor <= limits.perTransactionMinor) return 0n;
  return amountMinor - limits.perTransactionMinor;
}

/** What releases a held part, in the notice's words. */
function heldUntil(tier: number, aboveCap: boolean): string {
  if (aboveCap) {
    return tier <= 1
      ? 'Verify your identity to raise your limits and receive it.'
      : 'It is released when your account moves to a higher level.';
  }
  return tier <= 1
    ? 'It moves to your wallet when your balance has room for it, or as soon as you verify your identity.'
    : 'It moves to your wallet when your balance has room for it.';
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
    const underDepositCap = credit.amountMinor - aboveDepositCap(limits, credit.amountMinor);
    const creditedMinor = roomUnderCaps(limits, wallet.balanceMinor, underDepositCap);
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
        title: creditedMinor === 0n ? 'A deposit is on hold' : 'Part of a deposit is on hold',
        body: `${
          creditedMinor === 0n
            ? `Your ${naira(credit.amountMinor)} deposit is above your account's limits and is on hold.`
            : `${naira(onHoldMinor)} of your ${naira(credit.amountMinor)} deposit is above your account's limits and is on hold.`
        } ${heldUntil(tier, aboveDepositCap(limits, credit.amountMinor) > 0n)}`,
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
 * How much of a credit's money still on hold the tier lets into the wallet: what the tier's single
 * deposit cap allows that one credit to have brought in, less what it already brought.
 */
function releasableOf(credit: HeldCredit, limits: TierLimits): bigint {
  const stillHeld = credit.onHoldMinor - credit.onHoldReleasedMinor;
  if (limits.perTransactionMinor === null) return stillHeld;
  const broughtIn = credit.amountMinor - credit.onHoldMinor + credit.onHoldReleasedMinor;
  const allowed = limits.perTransactionMinor - broughtIn;
  if (allowed <= 0n) return 0n;
  return allowed < stillHeld ? allowed : stillHeld;
}

/**
 * Moves on-hold money into the wallet as far as the user's tier lets it, oldest credit first, and
 * records on each credit how much of its held part has been released. Both caps bind a release
 * as they bound the credit: the balance cap (room in the wallet) and the single-deposit cap (a
 * credit never brings in more than it would have at this tier). So room made by spending releases
 * what was held for the balance cap only; what was held above the single-deposit cap waits for an
 * upgrade. Called when the user's tier goes up, and when money leaves the wallet (a paid
 * withdrawal) and makes room under the balance cap.
 */
export async function releaseOnHold(
  tx: Tx,
  userId: string,
  at: Date,
  why: 'upgrade' | 'room' = 'upgrade',
): Promise<bigint> {
  // The user first, as a credit locks them: a release and a credit of one user take turns.
  const tier = (await lockUsers(tx, [userId])).get(userId);
  if (tier === undefined) throw new Error('the user of a release vanished');
  const onHold = await openOnHoldAccount(tx, userId, 'NGN');
  if (onHold.balanceMinor <= 0n) return 0n;
  const limits = await limitsFor(tx, 'deposit', tier);
  const wallet = await openWallet(tx, userId, 'NGN');
  let room = roomUnderCaps(limits, wallet.balanceMinor, onHold.balanceMinor);
  const releases: { id: string; minor: bigint }[] = [];
  for (const credit of await heldCredits(tx, userId)) {
    if (room <= 0n) break;
    const releasable = releasableOf(credit, limits);
    const minor = releasable < room ? releasable : room;
    if (minor <= 0n) continue;
    releases.push({ id: credit.id, minor });
    room -= minor;
  }
  const [first] = releases;
  if (!first) return 0n;
  const releasedMinor = releases.reduce((sum, release) => sum + release.minor, 0n);
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
    amountMinor: releasedMinor,
    at,
  });
  await recordOnHoldReleases(tx, releases, at);
  await insertNotifications(tx, [
    {
      userId,
      // The receipt it opens is the oldest deposit whose held part this was.
      transactionId: first.id,
      title: 'On-hold money released',
      body: `${naira(releasedMinor)} that was on hold is now in your wallet.`,
      now: at,
    },
  ]);
  return releasedMinor;
}

/**
 * `releaseOnHold` for those of these users who have money on hold (one look for all of them),
 * after money left their wallets.
 */
export async function releaseOnHoldOf(tx: Tx, userIds: readonly string[], at: Date) {
  const holding = await usersWithMoneyOnHold(tx, userIds, 'NGN');
  for (const userId of [...holding].sort()) await releaseOnHold(tx, userId, at, 'room');
}

/**
 * `releaseOnHold` for every user with money still on hold, each in their own transaction: room
 * made by any payment (a bill, a saving, an investment), not only a withdrawal, reaches the held
 * money without waiting for the next withdrawal. Answers how many users got money.
 */
export async function releaseOnHoldWhereRoom(database: Database, at: Date): Promise<number> {
  const holding = await rows<{ user_id: string }>(
    database.db,
    sql`select distinct user_id from transactions where on_hold_released_minor < on_hold_minor`,
  );
  let released = 0;
  for (const { user_id: userId } of holding) {
    const minor = await database.unitOfWork((tx) => releaseOnHold(tx, userId, at, 'room'));
    if (minor > 0n) released += 1;
  }
  return released;
}
