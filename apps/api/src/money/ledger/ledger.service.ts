import type { Currency } from '@ajo/money/currency';
import { AppError } from '../../platform/errors.ts';
import type { Executor, Tx } from '../../platform/db.ts';
import {
  onHoldAccountCode,
  productAccountCode,
  systemAccountCode,
  walletAccountCode,
  type SystemAccountName,
} from './account-codes.ts';
import * as repository from './ledger.repository.ts';

export interface PostingInput {
  accountId: string;
  /** Signed minor units: positive raises the account's balance. */
  amountMinor: bigint;
}

export interface EntryInput {
  /** One effect per key: a second entry with the same key is a replay, not a new movement. */
  idempotencyKey: string;
  kind: string;
  description: string;
  currency: Currency;
  postings: readonly PostingInput[];
  metadata?: Record<string, unknown>;
  at: Date;
}

export interface EntryResult {
  entryId: string;
  replayed: boolean;
}

export const insufficientFunds = () =>
  new AppError('insufficient_funds', 'Your available balance is too low for this amount', 422);

export async function openWallet(tx: Executor, userId: string, currency: Currency) {
  return repository.upsertAccount(tx, {
    code: walletAccountCode(userId, currency),
    ownerUserId: userId,
    kind: 'user_wallet',
    currency,
    allowNegative: false,
  });
}

/** The wallets of several users in one currency, opening any that do not exist yet. */
export async function openWallets(
  executor: Executor,
  userIds: readonly string[],
  currency: Currency,
): Promise<Map<string, repository.LedgerAccountRow>> {
  const codes = userIds.map((userId) => walletAccountCode(userId, currency));
  const found = new Map(
    (await repository.findAccountsByCode(executor, codes)).map((account) => [
      account.code,
      account,
    ]),
  );
  const wallets = new Map<string, repository.LedgerAccountRow>();
  for (const [index, userId] of userIds.entries()) {
    wallets.set(
      userId,
      found.get(codes[index] ?? '') ?? (await openWallet(executor, userId, currency)),
    );
  }
  return wallets;
}

/** The wallet ids of several users in one currency, opening any that do not exist yet. */
export async function walletsOf(
  executor: Executor,
  userIds: readonly string[],
  currency: Currency,
): Promise<Map<string, string>> {
  const wallets = await openWallets(executor, userIds, currency);
  return new Map([...wallets].map(([userId, wallet]) => [userId, wallet.id]));
}

/** Where a credit above the user's tier caps is kept (not spendable, not lost). */
export async function openOnHoldAccount(tx: Executor, userId: string, currency: Currency) {
  return repository.upsertAccount(tx, {
    code: onHoldAccountCode(userId, currency),
    ownerUserId: userId,
    kind: 'user_on_hold',
    currency,
    allowNegative: false,
  });
}

/** The account of one savings plan or holding of a user: money in it is the user's, locked. */
export async function openProductAccount(
  tx: Executor,
  account: { userId: string; product: string; productId: string; currency: Currency },
) {
  return repository.upsertAccount(tx, {
    code: productAccountCode(account.userId, account.product, account.productId, account.currency),
    ownerUserId: account.userId,
    kind: `user_${account.product}`,
    currency: account.currency,
    allowNegative: false,
  });
}

/** Which of these users have money in their on-hold account (one look for all of them). */
export async function usersWithMoneyOnHold(
  executor: Executor,
  userIds: readonly string[],
  currency: Currency,
): Promise<Set<string>> {
  const codes = new Map(userIds.map((userId) => [onHoldAccountCode(userId, currency), userId]));
  const accounts = await repository.findAccountsByCode(executor, [...codes.keys()]);
  return new Set(
    accounts.flatMap((account) =>
      account.balanceMinor > 0n ? [codes.get(account.code) ?? ''] : [],
    ),
  );
}

export async function systemAccount(tx: Executor, name: SystemAccountName, currency: Currency) {
  return repository.upsertAccount(tx, {
    code: systemAccountCode(name, currency),
    ownerUserId: null,
    kind: 'system',
    currency,
    allowNegative: true,
  });
}

/** What one entry of a batch came to. */
export type MoveResult =
  | { outcome: 'posted'; entryId: string }
  | { outcome: 'replayed'; entryId: string }
  | { outcome: 'insufficient_funds' };

/**
 * The ledger's one write: a batch of balanced journal entries in one statement, inside the
 * caller's transaction (`writeEntries`). Each entry answers on its own: posted, replayed (its key
 * was used before) or refused for insufficient funds, which writes nothing of it and leaves the
 * others standing. A guarded (user) account may appear in at most one entry of a batch.
 */
export async function move(tx: Tx, entries: readonly EntryInput[]): Promise<MoveResult[]> {
  for (const entry of entries) assertBalanced(entry.postings);
  return repository.writeEntries(
    tx,
    entries.map((entry) => ({
      idempotencyKey: entry.idempotencyKey,
      kind: entry.kind,
      description: entry.description,
      currency: entry.currency,
      metadata: entry.metadata ?? {},
      createdAt: entry.at,
      postings: entry.postings,
    })),
  );
}

/** One entry: a batch of one; a refusal is thrown as the 422 a person sees. */
export async function postEntry(tx: Tx, entry: EntryInput): Promise<EntryResult> {
  const [result] = await move(tx, [entry]);
  if (!result) throw new Error('the ledger answered no result for an entry');
  if (result.outcome === 'insufficient_funds') throw insufficientFunds();
  return { entryId: result.entryId, replayed: result.outcome === 'replayed' };
}

/** A two-legged entry: `amountMinor` leaves `fromAccountId` and arrives in `toAccountId`. */
export async function transfer(
  tx: Tx,
  movement: Omit<EntryInput, 'postings'> & {
    fromAccountId: string;
    toAccountId: string;
    amountMinor: bigint;
  },
): Promise<EntryResult> {
  if (movement.amountMinor <= 0n) throw new RangeError('a transfer moves a positive amount');
  const { fromAccountId, toAccountId, amountMinor, ...entry } = movement;
  return postEntry(tx, {
    ...entry,
    postings: [
      { accountId: fromAccountId, amountMinor: -amountMinor },
      { accountId: toAccountId, amountMinor },
    ],
  });
}

export interface HoldResult {
  holdId: string;
  replayed: boolean;
}

export type HoldPlacement = repository.PlacedHold;

/**
 * Sets money aside while a provider decides: a batch of holds in one statement, at most one per
 * account (the ledger's one hold path). The same key answers the same hold.
 */
export async function placeHolds(
  executor: Executor,
  holds: readonly repository.HoldRequest[],
  at: Date,
): Promise<HoldPlacement[]> {
  if (holds.some((hold) => hold.amountMinor <= 0n)) {
    throw new RangeError('a hold sets aside a positive amount');
  }
  if (new Set(holds.map((hold) => hold.accountId)).size !== holds.length) {
    throw new RangeError('one batch of holds has at most one hold per account');
  }
  return repository.writeHolds(executor, holds, at);
}

/** One hold: a batch of one; a refusal is thrown as the 422 a person sees. */
export async function placeHold(
  tx: Tx,
  hold: { idempotencyKey: string; accountId: string; amountMinor: bigint; at: Date },
): Promise<HoldResult> {
  const [placed] = await placeHolds(tx, [hold], hold.at);
  if (placed?.outcome === 'placed' || placed?.outcome === 'replayed') {
    return { holdId: placed.holdId, replayed: placed.outcome === 'replayed' };
  }
  if (placed?.outcome === 'insufficient_funds') throw insufficientFunds();
  throw new Error(`ledger account ${hold.accountId} does not exist`);
}

export type HoldOutcome =
  { resolved: true; entryId?: string } | { resolved: false; status: 'posted' | 'voided' };

/**
 * What becomes of a pending hold: with `postTo`, the held money becomes a real movement to that
 * account; without it, the hold is voided and the money stays where it was.
 */
export interface HoldResolution {
  holdId: string;
  postTo?: {
    accountId: string;
    kind: string;
    description: string;
    metadata?: Record<string, unknown>;
  };
}

/**
 * Resolves a batch of pending holds exactly once: a hold already final (a duplicate webhook, a
 * retried job) changes nothing and answers its status. The holds are resolved and their accounts
 * released in one statement; the posted ones become journal entries through `move`, as many
 * rounds as the most holds one account has in the batch (usually one).
 */
export async function resolveHolds(
  tx: Tx,
  resolutions: readonly HoldResolution[],
  at: Date,
): Promise<HoldOutcome[]> {
  if (new Set(resolutions.map((resolution) => resolution.holdId)).size !== resolutions.length) {
    throw new RangeError('one batch resolves each hold once');
  }
  const resolved = new Map(
    (
      await repository.resolveHolds(
        tx,
        resolutions.map((resolution) => ({
          holdId: resolution.holdId,
          status: resolution.postTo ? 'posted' : 'voided',
        })),
        at,
      )
    ).map((hold) => [hold.id, hold]),
  );
  const posts = resolutions.flatMap(({ holdId, postTo }) => {
    const hold = resolved.get(holdId);
    return hold && postTo ? [{ hold, postTo }] : [];
  });
  const entryIds = new Map<string, string>();
  for (const round of oncePerAccount(posts)) {
    const results = await move(
      tx,
      round.map(({ hold, postTo }) => ({
        idempotencyKey: `hold:${hold.id}:post`,
        kind: postTo.kind,
        description: postTo.description,
        currency: hold.currency as Currency,
        postings: [
          { accountId: hold.accountId, amountMinor: -hold.amountMinor },
          { accountId: postTo.accountId, amountMinor: hold.amountMinor },
        ],
        metadata: { ...postTo.metadata, holdId: hold.id },
        at,
      })),
    );
    for (const [index, result] of results.entries()) {
      // The hold set the money aside, so its own posting always fits.
      if (result.outcome === 'insufficient_funds') throw new Error('a posted hold did not fit');
      entryIds.set(round[index]?.hold.id ?? '', result.entryId);
    }
  }
  await repository.setHoldResolutionEntries(
    tx,
    [...entryIds].map(([holdId, entryId]) => ({ holdId, entryId })),
  );
  const outcomes: HoldOutcome[] = [];
  for (const { holdId } of resolutions) {
    outcomes.push(
      resolved.has(holdId)
        ? { resolved: true, entryId: entryIds.get(holdId) }
        : await alreadyFinal(tx, holdId),
    );
  }
  return outcomes;
}

/** `move` takes a guarded account once per batch: posts split into rounds that respect it. */
function oncePerAccount<Post extends { hold: { accountId: string } }>(posts: readonly Post[]) {
  const rounds: Post[][] = [];
  const seen = new Map<string, number>();
  for (const post of posts) {
    const round = seen.get(post.hold.accountId) ?? 0;
    seen.set(post.hold.accountId, round + 1);
    (rounds[round] ??= []).push(post);
  }
  return rounds;
}

/** One hold posted: a batch of one. */
export async function postHold(
  tx: Tx,
  settlement: {
    holdId: string;
    toAccountId: string;
    kind: string;
    description: string;
    at: Date;
    metadata?: Record<string, unknown>;
  },
): Promise<HoldOutcome> {
  const { holdId, toAccountId, at, ...entry } = settlement;
  const [outcome] = await resolveHolds(
    tx,
    [{ holdId, postTo: { accountId: toAccountId, ...entry } }],
    at,
  );
  if (!outcome) throw new Error('the ledger answered no outcome for a hold');
  return outcome;
}

/** One hold voided (the money given back to its account): a batch of one. */
export async function voidHold(tx: Tx, holdId: string, at: Date): Promise<HoldOutcome> {
  const [outcome] = await resolveHolds(tx, [{ holdId }], at);
  if (!outcome) throw new Error('the ledger answered no outcome for a hold');
  return outcome;
}

async function alreadyFinal(tx: Tx, holdId: string): Promise<HoldOutcome> {
  const hold = await repository.findHold(tx, holdId);
  if (!hold) throw new AppError('hold_not_found', 'This hold does not exist', 404);
  if (hold.status === 'pending') throw new Error('hold is pending yet could not be resolved');
  return { resolved: false, status: hold.status };
}

/** An account's balance: stored for user accounts, the sum of postings for system accounts. */
export async function accountBalance(executor: Executor, accountId: string) {
  const account = await repository.findAccountById(executor, accountId);
  if (!account) throw new AppError('account_not_found', 'This account does not exist', 404);
  const balanceMinor = account.allowNegative
    ? await repository.sumOfPostings(executor, accountId)
    : account.balanceMinor;
  return {
    balanceMinor,
    heldMinor: account.heldMinor,
    availableMinor: balanceMinor - account.heldMinor,
  };
}

function assertBalanced(postings: readonly PostingInput[]): void {
  if (postings.length < 2) throw new RangeError('a journal entry needs at least two postings');
  let sumMinor = 0n;
  for (const posting of postings) {
    if (posting.amountMinor === 0n) throw new RangeError('a posting moves a non-zero amount');
    sumMinor += posting.amountMinor;
  }
  if (sumMinor !== 0n) throw new RangeError('a journal entry must balance to zero');
}
