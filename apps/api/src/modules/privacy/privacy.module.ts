import type { ApiScope, AppContext } from '../../app-context.ts';
import { erasureService } from './erasure.service.ts';
import { exportService } from './exports.service.ts';
import { privacyRoutes } from './privacy.routes.ts';
import { sessionRoutes } from './sessions.routes.ts';

/** The user's own data (NDPA 2023): sessions and sign-ins, exports, closing the account. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, jobs, background, crypto, outbox, config, providers, log } = context;
  const { sessionPolicy, requireUser } = context;
  const exports = exportService({
    database,
    clock,
    jobs,
    background,
    crypto,
    outbox,
    publicUrl: config.publicUrl,
  });
  const erasure = erasureService({
    database,
    clock,
    crypto,
    outbox,
    jobs,
    payments: providers.payments,
    log,
  });
  for (const definition of [...exports.jobDefinitions, ...erasure.jobDefinitions]) {
    jobs.register(definition);
  }
  await v1.register(sessionRoutes, { database, clock, sessionPolicy, requireUser });
  await v1.register(privacyRoutes, {
    exports,
    erasure,
    sessionPolicy,
    requireUser,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
}
