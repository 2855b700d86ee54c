import type { ApiScope, AppContext } from '../../app-context.ts';
import { fixedIncomeRoutes } from './fixed-income.routes.ts';
import { fixedIncomeService } from './fixed-income.service.ts';

/** Fixed income: the catalogue, orders from the wallet, coupons and maturities on the clock. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, jobs, log, config, requireUser } = context;
  const fixedIncome = fixedIncomeService({ database, clock, log, crashAt: config.testCrashAt });
  jobs.register(fixedIncome.paymentsJob);
  await v1.register(fixedIncomeRoutes, { fixedIncome, requireUser });
  return { fixedIncome };
}
