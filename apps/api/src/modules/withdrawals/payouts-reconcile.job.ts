import type { JobDefinition } from '../../platform/jobs.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

/** Every minute: finish payouts left by crashes and re-query those no webhook settled. */
export function payoutsReconcileJob(withdrawals: WithdrawalsService): JobDefinition {
  return {
    name: 'payouts-reconcile',
    schedule: { everyMinutes: 1 },
    maxAttempts: 3,
    run: async ({ now }) => {
      await withdrawals.reconcile(now);
    },
  };
}
