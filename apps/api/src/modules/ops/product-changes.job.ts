import type { JobDefinition } from '../../platform/jobs.ts';

/**
 * Applies the product changes whose time has come, each minute of the clock: every scheduled
 * change is applied once, in the order they fall due (the service's `applyDue` claims each one
 * under a row lock). A minute missed while the service was down is caught up on the next run.
 */
export function productChangesJob(applyDue: () => Promise<number>): JobDefinition {
  return {
    name: 'product-changes.apply',
    schedule: { everyMinutes: 1 },
    run: async () => {
      await applyDue();
    },
  };
}
