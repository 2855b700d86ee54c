import type { ApiScope, AppContext } from '../../app-context.ts';
import { registerDollarInvestments } from './dollar.routes.ts';
import { challengeRoutes } from './challenge.routes.ts';
import { unspentQuotesCleanupJob } from './dollar-quotes.ts';
import { savingsRoutes } from './savings.routes.ts';
import { targetRoutes } from './target.routes.ts';
import { savingsService } from './savings.service.ts';

/** Savings: fixed, target and dollar plans, automatic collection, daily interest, maturity. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, jobs, log, config, requireUser } = context;
  const savings = savingsService({ database, clock, log, crashAt: config.testCrashAt });
  jobs.register(savings.interestJob);
  jobs.register(unspentQuotesCleanupJob(database));
  await v1.register(savingsRoutes, { savings, requireUser });
  await registerDollarInvestments(v1, context);
  await v1.register(targetRoutes, { savings, requireUser });
  await v1.register(challengeRoutes, { savings, requireUser });
  return { savings };
}
