import type { SQL } from 'drizzle-orm';
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

/**
 * Records one balanced journal entry and moves the balances it touches, inside the caller's
 * transaction. Accounts are updated in id order so concurrent entries lock rows in the same
 * order and cannot deadlock; a guarded account that would go below zero refuses the entry.
 */
export async function postEntry(tx: Tx, entry: EntryInput): Promise<EntryResult> {
  assertBalanced(entry.postings);
  const entryId = await repository.insertEntry(tx, {
    idempotencyKey: entry.idempotencyKey,
    kind: entry.kind,
    description: entry.description,
    metadata: entry.metadata ?? {},
    createdAt: entry.at,
  });
  if (!entryId) {
    const existing = await repository.findEntryIdByKey(tx, entry.idempotencyKey);
    if (!existing) throw new Error('journal entry vanished after a key conflict');
    return { entryId: existing, replayed: true };
  }
  const byAccount = netByAccount(entry.postings);
  for (const [accountId, amountMinor] of byAccount) {
    const applied = await repository.applyToBalance(tx, accountId, entry.currency, amountMinor);
    if (!applied) throw insufficientFunds();
  }
  await repository.insertPostings(tx, entryId, entry.currency, entry.postings, entry.at);
  return { entryId, replayed: false };
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

/** Sets money aside while a provider decides. The same key answers the same hold. */
export async function placeHold(
  tx: Tx,
  hold: { idempotencyKey: string; accountId: string; amountMinor: bigint; at: Date },
): Promise<HoldResult> {
  if (hold.amountMinor <= 0n) throw new RangeError('a hold sets aside a positive amount');
  // One round trip: insert the hold and reserve it; a refused reservation rolls the hold back.
  const placed = await repository.insertAndReserveHold(tx, hold, hold.at);
  if (!placed.accountFound) throw new Error(`ledger account ${hold.accountId} does not exist`);
  if (!placed.holdId) {
    const existing = await repository.findHoldByKey(tx, hold.idempotencyKey);
    if (!existing) throw new Error('hold vanished after a key conflict');
    return { holdId: existing.id, replayed: true };
  }
  if (!placed.reserved) throw insufficientFunds();
  return { holdId: placed.holdId, replayed: false };
}

/**
 * Many holds, each on its own account, as SQL for a statement that writes more with them (see
 * `holdPlacementCtes` in the repository): a batch of withdrawals places its holds and writes its
 * rows at once.
 */
export function holdPlacementCtes(holds: readonly repository.HoldRequest[], at: Date, only?: SQL) {
  assertHoldBatch(holds);
  return repository.holdPlacementCtes(holds, at, only);
}

/** Holds of one batch: positive amounts, at most one per account (one guarded update each). */
function assertHoldBatch(holds: readonly repository.HoldRequest[]): void {
  if (holds.some((hold) => hold.amountMinor <= 0n)) {
    throw new RangeError('a hold sets aside a positive amount');
  }
  if (new Set(holds.map((hold) => hold.accountId)).size !== holds.length) {
    throw new RangeError('one batch of holds has at most one hold per account');
  }
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

export async function accountBalance(executor: Executor, accountId: string) {
  const account = await repository.findAccountById(executor, accountId);
  if (!account) throw new AppError('account_not_found', 'This account does not exist', 404);
  return {
    balanceMinor: account.balanceMinor,
    heldMinor: account.heldMinor,
    availableMinor: account.balanceMinor - account.heldMinor,
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

/** Net movement per account, in ascending account id order (the lock order). */
function netByAccount(postings: readonly PostingInput[]): [string, bigint][] {
  const net = new Map<string, bigint>();
  for (const posting of postings) {
    net.set(posting.accountId, (net.get(posting.accountId) ?? 0n) + posting.amountMinor);
  }
  return [...net.entries()]
    .filter(([, amountMinor]) => amountMinor !== 0n)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
}
