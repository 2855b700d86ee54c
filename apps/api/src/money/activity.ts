import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Transaction } from '@ajo/contracts/wallet';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { rows, type Executor } from '../../platform/db.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

export interface TransactionRow {
  id: string;
  user_id: string;
  type: string;
  status: string;
  direction: string;
  channel: string;
  currency: string;
  amount_minor: string;
  fee_minor: string;
  held_minor: string;
  reference: string;
  provider: string | null;
  provider_reference: string | null;
  provider_transaction_id: string | null;
  client_reference: string | null;
  description: string;
  review_reason: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

export interface NewTransaction {
  userId: string;
  type: Transaction['type'];
  status: Transaction['status'];
  direction: Transaction['direction'];
  channel: Transaction['channel'];
  currency: 'NGN' | 'USD';
  amountMinor: bigint;
  feeMinor: bigint;
  reference: string;
  provider: string | null;
  /** The vendor's reference of the payment; a credit from a provider must name it (0008). */
  providerReference: string | null;
  /** The vendor's own id of the payment, from its verify answer, when already known. */
  providerTransactionId?: string | null;
  description: string;
  metadata?: Record<string, unknown>;
  at: Date;
}

/** Our own reference of a new movement, e.g. `AJO-DEP-M1X2Y3-0A1B2C3D4E`. */
export const newTransactionReference = (prefix: string) =>
  `${prefix}-${Date.now().toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * The insert of a new row as SQL (`returning *`), for a statement that writes more alongside it;
 * nothing is inserted when its provider reference was already recorded.
 */
export const insertTransactionStatement = (row: NewTransaction) =>
  sql`insert into transactions (user_id, type, status, direction, channel, currency,
        amount_minor, fee_minor, reference, provider, provider_reference,
        provider_transaction_id, description, metadata, created_at, updated_at)
      values (${row.userId}, ${row.type}, ${row.status}, ${row.direction}, ${row.channel},
        ${row.currency}, ${row.amountMinor.toString()}, ${row.feeMinor.toString()},
        ${row.reference}, ${row.provider}, ${row.providerReference},
        ${row.providerTransactionId ?? null}, ${row.description},
        ${JSON.stringify(row.metadata ?? {})}::jsonb, ${row.at.toISOString()},
        ${row.at.toISOString()})
      on conflict (provider, provider_reference) where provider_reference is not null
      do nothing
      returning *`;

/** Inserts a row; answers undefined when its provider reference was already recorded. */
export async function insertTransaction(executor: Executor, row: NewTransaction) {
  const [inserted] = await rows<TransactionRow>(executor, insertTransactionStatement(row));
  return inserted;
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

export async function findTransactionByReference(
  executor: Executor,
  reference: string,
  options: { forUpdate?: boolean } = {},
) {
  const [found] = await rows<TransactionRow>(
    executor,
    options.forUpdate === true
      ? sql`select * from transactions where reference = ${reference} for update`
      : sql`select * from transactions where reference = ${reference}`,
  );
  return found;
}

export async function findUserTransaction(executor: Executor, userId: string, id: string) {
  const [found] = await rows<TransactionRow>(
    executor,
    sql`select * from transactions where id = ${id} and user_id = ${userId}`,
  );
  return found;
}

/** The columns of a transaction that its answer shows (see `toTransaction`). */
export type TransactionViewRow = Pick<
  TransactionRow,
  | 'id'
  | 'type'
  | 'status'
  | 'direction'
  | 'channel'
  | 'currency'
  | 'amount_minor'
  | 'fee_minor'
  | 'held_minor'
  | 'reference'
  | 'provider_reference'
  | 'provider_transaction_id'
  | 'client_reference'
  | 'description'
  | 'created_at'
  | 'updated_at'
>;

/** `TransactionViewRow`'s columns, for a list that reads no more than it shows. */
export const transactionViewColumns = sql`id, type, status, direction, channel, currency,
  amount_minor, fee_minor, held_minor, reference, provider_reference, provider_transaction_id,
  client_reference, description, created_at, updated_at`;

export function toTransaction(row: TransactionViewRow): Transaction {
  return {
    id: row.id,
    type: row.type as Transaction['type'],
    status: row.status as Transaction['status'],
    direction: row.direction as Transaction['direction'],
    channel: row.channel as Transaction['channel'],
    currency: row.currency as Transaction['currency'],
    amount: formatMinorAsDecimal(BigInt(row.amount_minor)),
    fee: formatMinorAsDecimal(BigInt(row.fee_minor)),
    held_amount: formatMinorAsDecimal(BigInt(row.held_minor)),
    reference: row.reference,
    provider_reference: row.provider_reference,
    provider_transaction_id: row.provider_transaction_id,
    client_reference: row.client_reference,
    description: row.description,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}
