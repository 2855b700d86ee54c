import { sql } from 'drizzle-orm';
import { batchInput, rows, type Executor } from '../../platform/db.ts';
import type { MovementRow, MovementStatus } from './provider-movement.ts';

const movementColumns = sql`id, product, reference, user_id, transaction_id, hold_id, currency,
  amount_minor::text, fee_minor::text, destination, status, provider, provider_reference,
  attempts, created_at, updated_at`;

export async function findMovement(executor: Executor, reference: string) {
  const [found] = await rows<MovementRow>(
    executor,
    sql`select ${movementColumns} from provider_movements where reference = ${reference}`,
  );
  return found;
}

export async function findMovements(executor: Executor, references: readonly string[]) {
  const input = batchInput('x', { reference: ['text', references] });
  const found = await rows<MovementRow>(
    executor,
    sql`select ${movementColumns} from provider_movements
         where reference in (select reference from ${input})`,
  );
  return new Map(found.map((row) => [row.reference, row]));
}

/** Movements locked for settling, in id order (two settling batches never wait in a circle). */
export async function lockMovements(executor: Executor, references: readonly string[]) {
  const input = batchInput('x', { reference: ['text', references] });
  const found = await rows<MovementRow>(
    executor,
    sql`select ${movementColumns} from provider_movements
         where reference in (select reference from ${input})
         order by id
           for update`,
  );
  return new Map(found.map((row) => [row.reference, row]));
}

export interface NewMovement {
  product: string;
  reference: string;
  userId: string;
  transactionId: string;
  holdId: string;
  currency: string;
  amountMinor: bigint;
  feeMinor: bigint;
  destination: unknown;
  provider: string;
}

/** A batch of movements, `held`, in one statement. */
export async function insertMovements(
  executor: Executor,
  movements: readonly NewMovement[],
  at: Date,
): Promise<MovementRow[]> {
  if (movements.length === 0) return [];
  const column = (pick: (movement: NewMovement) => unknown) => movements.map(pick);
  const input = batchInput('input', {
    product: ['text', column((movement) => movement.product)],
    reference: ['text', column((movement) => movement.reference)],
    user_id: ['uuid', column((movement) => movement.userId)],
    transaction_id: ['uuid', column((movement) => movement.transactionId)],
    hold_id: ['uuid', column((movement) => movement.holdId)],
    currency: ['text', column((movement) => movement.currency)],
    amount_minor: ['bigint', column((movement) => movement.amountMinor)],
    fee_minor: ['bigint', column((movement) => movement.feeMinor)],
    destination: ['jsonb', column((movement) => movement.destination)],
    provider: ['text', column((movement) => movement.provider)],
  });
  const inserted = await rows<MovementRow>(
    executor,
    sql`insert into provider_movements (product, reference, user_id, transaction_id, hold_id,
          currency, amount_minor, fee_minor, destination, status, provider, created_at,
          updated_at)
        select product, reference, user_id, transaction_id, hold_id, currency, amount_minor,
               fee_minor, destination, 'held', provider, ${at.toISOString()}::timestamptz,
               ${at.toISOString()}::timestamptz
          from ${input}
        returning ${movementColumns}`,
  );
  const byReference = new Map(inserted.map((row) => [row.reference, row]));
  return movements.map((movement) => {
    const row = byReference.get(movement.reference);
    if (!row) throw new Error('a provider movement of the batch was not written');
    return row;
  });
}

/** The provider took these movements: one statement for a batch of answers. */
export async function markSubmitted(
  executor: Executor,
  submitted: readonly { movementId: string; providerReference: string | null }[],
  at: Date,
): Promise<void> {
  const input = batchInput('x', {
    id: ['uuid', submitted.map((item) => item.movementId)],
    provider_reference: ['text', submitted.map((item) => item.providerReference)],
  });
  await executor.execute(
    sql`update provider_movements m
           set status = 'submitted', provider_reference = x.provider_reference,
               attempts = m.attempts + 1, updated_at = ${at.toISOString()}::timestamptz
          from ${input}
         where m.id = x.id and m.status = 'held'`,
  );
}

/** A submission that failed: counted, with why, so the reconciler knows to ask first. */
export async function recordAttemptFailure(
  executor: Executor,
  movementId: string,
  error: string,
  at: Date,
): Promise<void> {
  await executor.execute(sql`update provider_movements set attempts = attempts + 1,
      last_error = ${error}, updated_at = ${at.toISOString()} where id = ${movementId}`);
}

export async function setMovementStatuses(
  executor: Executor,
  changes: readonly { movementId: string; status: MovementStatus }[],
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const input = batchInput('status_input', {
    id: ['uuid', changes.map((change) => change.movementId)],
    status: ['text', changes.map((change) => change.status)],
  });
  await executor.execute(sql`update provider_movements m set status = status_input.status,
      settled_at = ${at.toISOString()}, updated_at = ${at.toISOString()}
      from ${input} where m.id = status_input.id`);
}

/** A held movement found by the reconciler may have reached the provider: ask before sending. */
export async function markAttempted(executor: Executor, reference: string): Promise<void> {
  await executor.execute(sql`update provider_movements set attempts = greatest(attempts, 1)
      where reference = ${reference} and status = 'held'`);
}

export async function touchMovement(executor: Executor, reference: string, at: Date) {
  await executor.execute(sql`update provider_movements set updated_at = ${at.toISOString()}
      where reference = ${reference}`);
}

/** Movements of a product that a crash or a lost webhook left open. */
export async function openMovements(
  executor: Executor,
  filter: {
    product: string;
    heldBefore: Date;
    submittedBefore: Date;
    limit: number;
    /** Only this movement (an operator's re-query). */
    reference?: string;
  },
) {
  return rows<{ reference: string; status: MovementStatus; created_at: string | Date }>(
    executor,
    sql`select reference, status, created_at from provider_movements
         where product = ${filter.product}
           ${filter.reference === undefined ? sql`` : sql`and reference = ${filter.reference}`}
           and ((status = 'held' and updated_at < ${filter.heldBefore.toISOString()})
             or (status = 'submitted' and updated_at < ${filter.submittedBefore.toISOString()}))
         order by updated_at limit ${filter.limit}`,
  );
}
