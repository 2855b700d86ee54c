import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../platform/db.ts';

/**
 * One operator action for the append-only audit log: who, what, on which subject, before and
 * after. Write it in the same transaction as the change it records, so neither exists alone.
 * Subjects are named by id: never put a customer's email, phone, names or BVN in `before`/`after`.
 */
export interface AuditEntryInput {
  operatorId: string | null;
  action: string;
  subjectType?: string;
  subjectId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
  ipAddress?: string;
  now: Date;
}

export async function recordAudit(executor: Executor, entry: AuditEntryInput): Promise<void> {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  await executor.execute(
    sql`insert into operator_audit_log (operator_id, action, subject_type, subject_id, before,
          after, reason, ip_address, created_at)
        values (${entry.operatorId}, ${entry.action}, ${entry.subjectType ?? null},
          ${entry.subjectId ?? null}, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb,
          ${entry.reason ?? null}, ${entry.ipAddress ?? null}, ${entry.now.toISOString()})`,
  );
}

/** The signed-in operator and address of a request the operator guard admitted. */
export function actor(request: FastifyRequest): { operatorId: string; ipAddress: string } {
  if (!request.operatorId) throw new Error('an operator route without the operator guard');
  return { operatorId: request.operatorId, ipAddress: request.ip };
}
