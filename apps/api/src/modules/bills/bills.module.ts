import type { ApiScope, AppContext } from '../../app-context.ts';
import { billRoutes } from './bills.routes.ts';
import { billsService } from './bills.service.ts';

/** Bills (airtime, data, electricity, betting) through the money core's provider movements. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, providers, log, background, jobs, config, requireUser } = context;
  const bills = billsService({
    database,
    clock,
    bills: providers.bills,
    log,
    background,
    crashAt: config.testCrashAt,
  });
  for (const job of bills.reconcileJobs) jobs.register(job);
  jobs.register(bills.refreshPlansJob);
  await v1.register(billRoutes, { bills, requireUser });
  return { bills };
}
