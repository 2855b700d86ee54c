import type { ApiScope, AppContext } from '../../app-context.ts';
import { exchangeRateProvider } from '../../providers/rates/rates.port.ts';
import { portfolioRoutes } from './portfolio.routes.ts';
import { portfolioService } from './portfolio.service.ts';

/** The portfolio: every asset class valued in naira, its daily snapshot and its history. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, jobs, log, requireUser } = context;
  const rates = exchangeRateProvider({ database, clock });
  const portfolio = portfolioService({ database, clock, rates, log });
  jobs.register(portfolio.snapshotJob);
  await v1.register(portfolioRoutes, { portfolio, requireUser });
  return { portfolio };
}
