import { sql } from 'drizzle-orm';
import type { Database } from './db.ts';
import type { JobDefinition } from './jobs.ts';

/** Answers are kept for replay for a day, as Stripe does; older ones are let go daily. */
const keepForMs = 24 * 60 * 60 * 1000;

export function idempotencyCleanupJob(database: Database): JobDefinition {
  return {
    name: 'idempotency-cleanup',
    schedule: 'daily',
    run: async ({ now }) => {
      const cutoff = new Date(now.getTime() - keepForMs).toISOString();
      await database.db.execute(
        sql`delete from idempotency_records where status = 'completed' and created_at < ${cutoff}`,
      );
    },
  };
}
