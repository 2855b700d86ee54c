import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../platform/db.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

interface SessionRow {
  id: string;
  device: string | null;
  ip_masked: string | null;
  created_at: string | Date;
  last_seen_at: string | Date;
}

/** The user's live sessions (not revoked, not expired, not idle past the limit), newest use first. */
export async function activeSessions(
  executor: Executor,
  userId: string,
  now: Date,
  idleMs: number,
) {
  const idleCutoff = new Date(now.getTime() - idleMs).toISOString();
  const found = await rows<SessionRow>(
    executor,
    sql`select s.id, d.device, d.ip_masked, s.created_at, s.last_seen_at
          from sessions s left join session_devices d on d.session_id = s.id
         where s.user_id = ${userId} and s.revoked_at is null
           and s.expires_at > ${now.toISOString()} and s.last_seen_at > ${idleCutoff}
         order by s.last_seen_at desc, s.id`,
  );
  return found.map((row) => ({
    id: row.id,
    // Sessions opened before devices were recorded have none.
    device: row.device ?? 'Unknown device',
    ip: row.ip_masked ?? 'unknown',
    createdAt: isoTimestamp(row.created_at),
    lastSeenAt: isoTimestamp(row.last_seen_at),
  }));
}

/** Ends one session of this user; answers whether there was one to end. */
export async function revokeOwnSession(
  executor: Executor,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const revoked = await rows<{ id: string }>(
    executor,
    sql`update sessions set revoked_at = ${now.toISOString()}
         where id = ${sessionId} and user_id = ${userId} and revoked_at is null
           and expires_at > ${now.toISOString()}
        returning id`,
  );
  return revoked.length === 1;
}

/** Ends every session of the user but `keepSessionId`; answers how many ended. */
export async function revokeOtherSessions(
  executor: Executor,
  userId: string,
  keepSessionId: string,
  now: Date,
): Promise<number> {
  const revoked = await rows<{ id: string }>(
    executor,
    sql`update sessions set revoked_at = ${now.toISOString()}
         where user_id = ${userId} and revoked_at is null and id <> ${keepSessionId}
           and expires_at > ${now.toISOString()}
        returning id`,
  );
  return revoked.length;
}

export async function signInPage(
  executor: Executor,
  userId: string,
  page: { page: number; size: number },
) {
  const found = await rows<{
    id: string;
    outcome: 'success' | 'failure';
    device: string;
    ip_masked: string;
    created_at: string | Date;
  }>(
    executor,
    sql`select id, outcome, device, ip_masked, created_at from sign_in_events
         where user_id = ${userId} order by created_at desc, id
         limit ${page.size} offset ${page.page * page.size}`,
  );
  const [counted] = await rows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from sign_in_events where user_id = ${userId}`,
  );
  return {
    items: found.map((row) => ({
      id: row.id,
      outcome: row.outcome,
      device: row.device,
      ip: row.ip_masked,
      created_at: isoTimestamp(row.created_at),
    })),
    total: counted?.total ?? 0,
  };
}
