import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Transaction } from '@ajo/contracts/wallet';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { batchInput, rows, type Executor } from '../platform/db.ts';
import { isoTimestamp } from '../platform/timestamps.ts';

/**
 * The activity feed: one row per money movement a user sees (`transactions`), whatever product
 * moved it, with its status history beside it (`transaction_events`). Only the money core writes
 * it; products describe their movements through `kind`, `channel` and `metadata` (the product's
 * own details, such as a withdrawal's bank or a card checkout's page), so history, statements and
 * the portfolio read one place (decision 0016).
 */
export type ActivityKind = Transaction['type'];
export type ActivityStatus = Transaction['status'];

export interface ActivityRow {
  id: string;
  user_id: string;
  type: ActivityKind;
  status: ActivityStatus;
  direction: Transaction['direction'];
  channel: Transaction['channel'];
  currency: Transaction['currency'];
  amount_minor: string;
  fee_minor: string;
  on_hold_minor: string;
  on_hold_released_minor: string;
  on_hold_released_at: string | Date | null;
  reference: string;
  provider: string | null;
  provider_reference: string | null;
  provider_transaction_id: string | null;
  client_reference: string | null;
  description: string;
  review_reason: string | null;
  metadata: Record<string, unknown>;
  created_at: string | Date;
  updated_at: string | Date;
}

export interface NewActivity {
  userId: string;
  kind: ActivityKind;
  status: ActivityStatus;
  direction: Transaction['direction'];
  channel: Transaction['channel'];
  currency: Transaction['currency'];
  amountMinor: bigint;
  feeMinor: bigint;
  reference: string;
  provider: string | null;
  /** The vendor's reference of the payment; a credit from a provider must name it (0008). */
  providerReference: string | null;
  /** The vendor's own id of the payment, from its verify answer, when already known. */
  providerTransactionId?: string | null;
  description: string;
  /** The product's own details of this movement. */
  metadata?: Record<string, unknown>;
  at: Date;
}

/** Our own reference of a new movement, e.g. `AJO-DEP-M1X2Y3-0A1B2C3D4E`. */
export const newActivityReference = (prefix: string) =>
  `${prefix}-${Date.now().toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * Records a batch of movements in one statement, each with the first event of its history. A row
 * whose provider reference is already recorded is not written: it answers undefined.
 */
export async function insertActivities(
  executor: Executor,
  activities: readonly NewActivity[],
): Promise<(ActivityRow | undefined)[]> {
  if (activities.length === 0) return [];
  const column = (pick: (activity: NewActivity) => unknown) => activities.map(pick);
  const input = batchInput('input', {
    user_id: ['uuid', column((activity) => activity.userId)],
    type: ['text', column((activity) => activity.kind)],
    status: ['text', column((activity) => activity.status)],
    direction: ['text', column((activity) => activity.direction)],
    channel: ['text', column((activity) => activity.channel)],
    currency: ['text', column((activity) => activity.currency)],
    amount_minor: ['bigint', column((activity) => activity.amountMinor)],
    fee_minor: ['bigint', column((activity) => activity.feeMinor)],
    reference: ['text', column((activity) => activity.reference)],
    provider: ['text', column((activity) => activity.provider)],
    provider_reference: ['text', column((activity) => activity.providerReference)],
    provider_transaction_id: ['text', column((activity) => activity.providerTransactionId ?? null)],
    description: ['text', column((activity) => activity.description)],
    metadata: ['jsonb', column((activity) => activity.metadata ?? {})],
    at: ['timestamptz', column((activity) => activity.at)],
  });
  const inserted = await rows<ActivityRow>(
    executor,
    sql`with input as (select * from ${input}),
        inserted as (
          insert into transactions (user_id, type, status, direction, channel, currency,
            amount_minor, fee_minor, reference, provider, provider_reference,
            provider_transaction_id, description, metadata, created_at, updated_at)
          select user_id, type, status, direction, channel, currency, amount_minor, fee_minor,
                 reference, provider, provider_reference, provider_transaction_id, description,
                 metadata, at, at
            from input
          on conflict (provider, provider_reference) where provider_reference is not null
          do nothing
          returning *
        ), first_event as (
          insert into transaction_events (transaction_id, status, at)
          select id, status, created_at from inserted
        )
        select * from inserted`,
  );
  const byReference = new Map(inserted.map((row) => [row.reference, row]));
  return activities.map((activity) => byReference.get(activity.reference));
}

/** One movement: a batch of one. */
export async function insertActivity(executor: Executor, activity: NewActivity) {
  const [inserted] = await insertActivities(executor, [activity]);
  return inserted;
}

export interface ActivityStatusChange {
  id: string;
  to: ActivityStatus;
  from: readonly ActivityStatus[];
  at: Date;
  providerTransactionId?: string | null;
}

/**
 * Moves a batch of movements to new statuses and adds each to its history, once, in one
 * statement: a movement not in one of its `from` statuses (a duplicate webhook, a retried job)
 * is left alone. Answers the ids that moved.
 */
export async function changeActivityStatuses(
  executor: Executor,
  changes: readonly ActivityStatusChange[],
): Promise<Set<string>> {
  if (changes.length === 0) return new Set();
  const input = batchInput('change_input', {
    id: ['uuid', changes.map((change) => change.id)],
    status: ['text', changes.map((change) => change.to)],
    from_statuses: ['text', changes.map((change) => change.from.join(','))],
    at: ['timestamptz', changes.map((change) => change.at)],
    provider_transaction_id: [
      'text',
      changes.map((change) => change.providerTransactionId ?? null),
    ],
  });
  const moved = await rows<{ id: string }>(
    executor,
    sql`with change_input as (select * from ${input}),
        moved as (
          update transactions t set status = change_input.status, updated_at = change_input.at,
                 provider_transaction_id = coalesce(change_input.provider_transaction_id,
                                                    t.provider_transaction_id)
            from change_input
           where t.id = change_input.id
             and t.status = any(string_to_array(change_input.from_statuses, ','))
          returning t.id, t.status, change_input.at
        ), event as (
          insert into transaction_events (transaction_id, status, at)
          select id, status, at from moved
        )
        select id from moved`,
  );
  return new Set(moved.map((row) => row.id));
}

/** One movement's status changed (a batch of one): answers whether it moved. */
export async function changeActivityStatus(executor: Executor, change: ActivityStatusChange) {
  const moved = await changeActivityStatuses(executor, [change]);
  return moved.has(change.id);
}

/** A provider's answer contradicts ours: the row waits for a person, not a job. */
export async function flagForReview(
  executor: Executor,
  flag: { id: string; reason: string; status: ActivityStatus; at: Date },
) {
  await executor.execute(sql`update transactions set review_reason = ${flag.reason},
      updated_at = ${flag.at.toISOString()}
      where id = ${flag.id} and status = ${flag.status} and review_reason is null`);
}

/** Records how much of a credit was kept on hold above the tier's caps. */
export async function recordOnHold(executor: Executor, id: string, onHoldMinor: bigint) {
  await executor.execute(sql`update transactions set on_hold_minor = ${onHoldMinor.toString()}
    where id = ${id}`);
}

/** A credit whose held part has not all reached the wallet yet. */
export interface HeldCredit {
  id: string;
  amountMinor: bigint;
  onHoldMinor: bigint;
  onHoldReleasedMinor: bigint;
}

/** The user's credits with held money still on hold, oldest first, their rows locked. */
export async function heldCredits(executor: Executor, userId: string): Promise<HeldCredit[]> {
  const found = await rows<{
    id: string;
    amount_minor: string;
    on_hold_minor: string;
    on_hold_released_minor: string;
  }>(
    executor,
    sql`select id, amount_minor::text, on_hold_minor::text, on_hold_released_minor::text
          from transactions
         where user_id = ${userId} and on_hold_released_minor < on_hold_minor
         order by created_at, id
           for update`,
  );
  return found.map((row) => ({
    id: row.id,
    amountMinor: BigInt(row.amount_minor),
    onHoldMinor: BigInt(row.on_hold_minor),
    onHoldReleasedMinor: BigInt(row.on_hold_released_minor),
  }));
}

/**
 * Adds what a release moved to the wallet to each credit's released part, and dates the credits
 * whose held part has now all reached it.
 */
export async function recordOnHoldReleases(
  executor: Executor,
  releases: readonly { id: string; minor: bigint }[],
  at: Date,
) {
  if (releases.length === 0) return;
  const input = batchInput('r', {
    id: ['uuid', releases.map((release) => release.id)],
    minor: ['bigint', releases.map((release) => release.minor.toString())],
  });
  await executor.execute(
    sql`update transactions t
           set on_hold_released_minor = t.on_hold_released_minor + r.minor,
               on_hold_released_at = case when t.on_hold_released_minor + r.minor = t.on_hold_minor
                                          then ${at.toISOString()}::timestamptz end
          from ${input}
         where t.id = r.id`,
  );
}

/**
 * The user's own reference on their movement, set once: never used to find or verify anything.
 * Answers the row, or undefined when it already had one.
 */
export async function attachClientReference(
  executor: Executor,
  change: { id: string; userId: string; clientReference: string; at: Date },
) {
  const [updated] = await rows<ActivityRow>(
    executor,
    sql`update transactions set client_reference = ${change.clientReference},
          updated_at = ${change.at.toISOString()}
         where id = ${change.id} and user_id = ${change.userId} and client_reference is null
        returning *`,
  );
  return updated;
}

/**
 * Adds to movements' product details (a card checkout's page once the vendor gave it, a bill's
 * token once delivered), in one statement for a whole batch.
 */
export async function addActivityDetails(
  executor: Executor,
  additions: readonly { id: string; details: Record<string, unknown> }[],
) {
  if (additions.length === 0) return;
  const input = batchInput('addition', {
    id: ['uuid', additions.map((addition) => addition.id)],
    details: ['jsonb', additions.map((addition) => addition.details)],
  });
  await executor.execute(sql`update transactions t set metadata = t.metadata || addition.details
      from ${input} where t.id = addition.id`);
}

/** What already holds a provider's reference: its kind of movement, enough to tell a redelivery. */
export interface ProviderReferenceClaim {
  channel: string;
  direction: string;
}

export async function findProviderReferenceClaim(
  executor: Executor,
  provider: string,
  providerReference: string,
): Promise<ProviderReferenceClaim | undefined> {
  const [claimed] = await rows<ProviderReferenceClaim>(
    executor,
    sql`select channel, direction from transactions
         where provider = ${provider} and provider_reference = ${providerReference}`,
  );
  return claimed;
}

export async function findActivityByReference(
  executor: Executor,
  reference: string,
  options: { forUpdate?: boolean } = {},
) {
  const [found] = await rows<ActivityRow>(
    executor,
    options.forUpdate === true
      ? sql`select * from transactions where reference = ${reference} for update`
      : sql`select * from transactions where reference = ${reference}`,
  );
  return found;
}

export async function findActivityById(executor: Executor, id: string) {
  const [found] = await rows<ActivityRow>(
    executor,
    sql`select * from transactions where id = ${id}`,
  );
  return found;
}

export async function findUserActivity(executor: Executor, userId: string, id: string) {
  const [found] = await rows<ActivityRow>(
    executor,
    sql`select * from transactions where id = ${id} and user_id = ${userId}`,
  );
  return found;
}

/** Each status a movement took, oldest first. */
export async function statusHistory(executor: Executor, transactionId: string) {
  return rows<{ status: ActivityStatus; at: string | Date }>(
    executor,
    sql`select status, at from transaction_events where transaction_id = ${transactionId}
         order by id`,
  );
}

/** The columns of a movement that its answer shows (see `toTransaction`). */
export type ActivityViewRow = Pick<
  ActivityRow,
  | 'id'
  | 'type'
  | 'status'
  | 'direction'
  | 'channel'
  | 'currency'
  | 'amount_minor'
  | 'fee_minor'
  | 'on_hold_minor'
  | 'on_hold_released_minor'
  | 'on_hold_released_at'
  | 'reference'
  | 'provider_reference'
  | 'provider_transaction_id'
  | 'client_reference'
  | 'description'
  | 'created_at'
  | 'updated_at'
>;

/** `ActivityViewRow`'s columns, for a list that reads no more than it shows. */
export const activityViewColumns = sql`id, type, status, direction, channel, currency,
  amount_minor, fee_minor, on_hold_minor, on_hold_released_minor, on_hold_released_at, reference,
  provider_reference, provider_transaction_id, client_reference, description, created_at,
  updated_at`;

export function toTransaction(row: ActivityViewRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    direction: row.direction,
    channel: row.channel,
    currency: row.currency,
    amount: formatMinorAsDecimal(BigInt(row.amount_minor)),
    fee: formatMinorAsDecimal(BigInt(row.fee_minor)),
    on_hold_amount: formatMinorAsDecimal(BigInt(row.on_hold_minor)),
    on_hold_released_amount: formatMinorAsDecimal(BigInt(row.on_hold_released_minor)),
    on_hold_released_at:
      row.on_hold_released_at === null ? null : isoTimestamp(row.on_hold_released_at),
    reference: row.reference,
    provider_reference: row.provider_reference,
    provider_transaction_id: row.provider_transaction_id,
    client_reference: row.client_reference,
    description: row.description,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}
