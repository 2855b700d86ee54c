import type { ApiScope, AppContext } from '../../app-context.ts';
import { analyticsRoutes } from './analytics.routes.ts';

/** Product analytics events, forwarded to the configured sink. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, requireUser, config } = context;
  await v1.register(analyticsRoutes, {
    database,
    clock,
    identifyUser: requireUser,
    sinkUrl: config.analyticsSinkUrl,
  });
}
