import { sql } from 'drizzle-orm';
import type { DataExport } from '@ajo/contracts/privacy';
import { rows, type Executor } from '../../platform/db.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

interface ExportRow {
  id: string;
  user_id: string;
  status: DataExport['status'];
  size_bytes: number | null;
  requested_at: string | Date;
  ready_at: string | Date | null;
  expires_at: string | Date | null;
}

const exportColumns = sql`id, user_id, status, size_bytes, requested_at, ready_at, expires_at`;

/** An export as the user sees it; a ready one past its time reads as expired before the purge. */
export function toDataExport(row: ExportRow, now: Date): DataExport {
  const lapsed =
    row.status === 'ready' && row.expires_at !== null && new Date(row.expires_at) <= now;
  return {
    id: row.id,
    status: lapsed ? 'expired' : row.status,
    requested_at: isoTimestamp(row.requested_at),
    ready_at: row.ready_at ? isoTimestamp(row.ready_at) : null,
    expires_at: row.expires_at ? isoTimestamp(row.expires_at) : null,
    size_bytes: row.size_bytes,
  };
}

export async function insertExport(executor: Executor, userId: string, now: Date) {
  const [inserted] = await rows<ExportRow>(
    executor,
    sql`insert into privacy_exports (user_id, status, requested_at)
        values (${userId}, 'preparing', ${now.toISOString()}) returning ${exportColumns}`,
  );
  if (!inserted) throw new Error('the export was not recorded');
  return inserted;
}

export async function findPreparing(executor: Executor, userId: string) {
  const [found] = await rows<{ id: string }>(
    executor,
    sql`select id from privacy_exports where user_id = ${userId} and status = 'preparing' limit 1`,
  );
  return found;
}

export async function listExports(executor: Executor, userId: string) {
  return rows<ExportRow>(
    executor,
    sql`select ${exportColumns} from privacy_exports where user_id = ${userId}
         order by requested_at desc, id limit 20`,
  );
}

export async function findExport(executor: Executor, exportId: string) {
  const [found] = await rows<ExportRow & { archive_sealed: string | null }>(
    executor,
    sql`select ${exportColumns}, archive_sealed from privacy_exports where id = ${exportId}`,
  );
  return found;
}

export async function markReady(
  executor: Executor,
  exportId: string,
  ready: { archiveSealed: string; sizeBytes: number; now: Date; expiresAt: Date },
) {
  await executor.execute(sql`update privacy_exports set status = 'ready',
      archive_sealed = ${ready.archiveSealed}, size_bytes = ${ready.sizeBytes},
      ready_at = ${ready.now.toISOString()}, expires_at = ${ready.expiresAt.toISOString()}
    where id = ${exportId} and status = 'preparing'`);
}

export async function markFailed(executor: Executor, exportId: string) {
  await executor.execute(
    sql`update privacy_exports set status = 'failed' where id = ${exportId} and status = 'preparing'`,
  );
}

/** Deletes archives past their time; the row stays so the list shows the export as expired. */
export async function purgeExpired(executor: Executor, now: Date) {
  await executor.execute(sql`update privacy_exports set status = 'expired', archive_sealed = null
    where status = 'ready' and expires_at <= ${now.toISOString()}`);
}
