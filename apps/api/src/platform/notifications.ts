import { sql } from 'drizzle-orm';
import type { Executor } from './db.ts';

/**
 * Tells a user something in the app (the bell), in the caller's transaction, so the notice exists
 * exactly when what it announces does. Every module writes notices through this one function.
 */
export async function insertNotification(
  executor: Executor,
  notification: {
    userId: string;
    title: string;
    body: string;
    now: Date;
    /** The movement the notice is about, when there is one: the app links to its receipt. */
    transactionId?: string;
  },
) {
  await executor.execute(sql`insert into notifications (user_id, title, body, transaction_id,
      created_at)
    values (${notification.userId}, ${notification.title}, ${notification.body},
            ${notification.transactionId ?? null}, ${notification.now.toISOString()})`);
}
