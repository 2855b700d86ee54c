import type { ApiScope, AppContext } from '../../app-context.ts';
import { realEstateRoutes } from './real-estate.routes.ts';
import { realEstateService } from './real-estate.service.ts';

/** Real estate: properties in fractional units, purchases from the wallet, monthly rent. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, jobs, log, config, requireUser } = context;
  const realEstate = realEstateService({ database, clock, log, crashAt: config.testCrashAt });
  jobs.register(realEstate.rentJob);
  await v1.register(realEstateRoutes, { realEstate, requireUser });
  return { realEstate };
}
