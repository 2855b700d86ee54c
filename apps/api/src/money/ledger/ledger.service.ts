import type { Currency } from '@ajo/money/currency';
import { AppError } from '../../platform/errors.ts';
import type { Executor, Tx } from '../../platform/db.ts';
import {
  onHoldAccountCode,
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
export async function walletsOf(
  executor: Executor,
  userIds: readonly string[],
  currency: Currency,
): Promise<Map<string, string>> {
  const codes = userIds.map((userId) => walletAccountCode(userId, currency));
  const found = await repository.findAccountIdsByCode(executor, codes);
  const wallets = new Map<string, string>();
  for (const [index, userId] of userIds.entries()) {
    const id = found.get(codes[index] ?? '') ?? (await openWallet(executor, userId, currency)).id;
    wallets.set(userId, id);
  }
  return wallets;
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
 * Turns a pending hold into a real movement to `toAccountId`, exactly once: a second call
 * (a duplicate webhook, a retried job) finds the hold final and changes nothing.
 */
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
  const hold = await repository.resolveHold(tx, settlement.holdId, 'posted', settlement.at);
  if (!hold) return alreadyFinal(tx, settlement.holdId);
  await repository.release(tx, hold.accountId, hold.amountMinor);
  const { entryId } = await transfer(tx, {
    idempotencyKey: `hold:${hold.id}:post`,
    kind: settlement.kind,
    description: settlement.description,
    currency: hold.currency as Currency,
    fromAccountId: hold.accountId,
    toAccountId: settlement.toAccountId,
    amountMinor: hold.amountMinor,
    at: settlement.at,
    metadata: { ...settlement.metadata, holdId: hold.id },
  });
  await repository.setHoldResolutionEntry(tx, hold.id, entryId);
  return { resolved: true, entryId };
}

/** Gives held money back to its account, exactly once. */
export async function voidHold(tx: Tx, holdId: string, at: Date): Promise<HoldOutcome> {
  const hold = await repository.resolveHold(tx, holdId, 'voided', at);
  if (!hold) return alreadyFinal(tx, holdId);
  await repository.release(tx, hold.accountId, hold.amountMinor);
  return { resolved: true };
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
