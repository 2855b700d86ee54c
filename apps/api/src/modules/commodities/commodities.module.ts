import type { ApiScope, AppContext } from '../../app-context.ts';
import { commoditiesRoutes } from './commodities.routes.ts';
import { commoditiesService } from './commodities.service.ts';

/**
 * Commodities: the catalogue and its daily prices from the market-data port, quotes, buys and
 * sells from the wallet, holdings. Answers the daily work the sandbox clock runs (recording the
 * day's prices).
 */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, jobs, requireUser, providers, config, log } = context;
  const commodities = commoditiesService({
    database,
    clock,
    marketData: providers.marketData,
    log,
    crashAt: config.testCrashAt,
  });
  jobs.register(commodities.pricesJob);
  await v1.register(commoditiesRoutes, { commodities, requireUser });
  return commodities.recordPrices;
}
