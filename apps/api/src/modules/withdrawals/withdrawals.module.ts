import type { ApiScope, AppContext } from '../../app-context.ts';
import { withdrawalRoutes } from './withdrawals.routes.ts';
import { withdrawalsService } from './withdrawals.service.ts';

/** Withdrawals to linked bank accounts, through the money core's provider movements. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, providers, log, background, jobs, config, requireUser } = context;
  const withdrawals = withdrawalsService({
    database,
    clock,
    payouts: providers.payouts,
    log,
    background,
    crashAt: config.testCrashAt,
  });
  jobs.register(withdrawals.reconcileJob);
  await v1.register(withdrawalRoutes, { withdrawals, requireUser });
  return { withdrawals };
}
