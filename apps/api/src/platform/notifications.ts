import { sql } from 'drizzle-orm';
import { batchInput, type Executor } from './db.ts';

export interface NewNotification {
  userId: string;
  title: string;
  body: string;
  now: Date;
  /** The movement the notice is about, when there is one: the app links to its receipt. */
  transactionId?: string | undefined;
}

/**
 * Tells users something in the app (the bell), in the caller's transaction, so each notice exists
 * exactly when what it announces does: a batch in one statement. Every module writes notices
 * through this function or `insertNotification`, a batch of one.
 */
export async function insertNotifications(
  executor: Executor,
  notifications: readonly NewNotification[],
) {
  if (notifications.length === 0) return;
  const input = batchInput('notice_input', {
    user_id: ['uuid', notifications.map((notice) => notice.userId)],
    title: ['text', notifications.map((notice) => notice.title)],
    body: ['text', notifications.map((notice) => notice.body)],
    transaction_id: ['uuid', notifications.map((notice) => notice.transactionId ?? null)],
    created_at: ['timestamptz', notifications.map((notice) => notice.now)],
  });
  await executor.execute(sql`insert into notifications (user_id, title, body, transaction_id,
      created_at)
    select user_id, title, body, transaction_id, created_at from ${input}`);
}

export async function insertNotification(executor: Executor, notification: NewNotification) {
  await insertNotifications(executor, [notification]);
}
