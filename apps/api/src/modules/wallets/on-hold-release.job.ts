import { releaseOnHoldWhereRoom } from '../../money/credits.ts';
import type { Database } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs.ts';

/**
 * Money kept on hold above the balance cap: every five minutes, whatever now fits in the wallet
 * moves there (a paid withdrawal releases at once; bills, savings and investments make room too).
 * What was held above the single-deposit cap waits for an upgrade (decision 0008).
 */
export function onHoldReleaseJob(database: Database): JobDefinition {
  return {
    name: 'on-hold-release',
    schedule: { everyMinutes: 5 },
    maxAttempts: 3,
    run: async ({ now }) => {
      await releaseOnHoldWhereRoom(database, now);
    },
  };
}
