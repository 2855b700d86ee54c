import type { JobDefinition } from '../../platform/jobs.ts';
import type { DepositsService } from './deposits.service.ts';

/**
 * Card checkouts the user never came back from, or whose webhook was lost: every five minutes
 * ask the vendor again; credit once on success, fail them once they expire.
 */
export function depositsReconcileJob(deposits: DepositsService): JobDefinition {
  return {
    name: 'deposits-reconcile',
    schedule: { everyMinutes: 5 },
    maxAttempts: 3,
    run: async ({ now }) => {
      await deposits.reconcilePendingCheckouts(now);
    },
  };
}
