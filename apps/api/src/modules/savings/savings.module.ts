import type { ApiScope, AppContext } from '../../app-context.ts';
import { savingsRoutes } from './savings.routes.ts';
import { savingsService } from './savings.service.ts';

/** Savings (fixed for now): plans funded from the wallet, daily interest, maturity. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, jobs, log, config, requireUser } = context;
  const savings = savingsService({ database, clock, log, crashAt: config.testCrashAt });
  jobs.register(savings.interestJob);
  await v1.register(savingsRoutes, { savings, requireUser });
  return { savings };
}
