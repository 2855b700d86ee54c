import type { ApiScope, AppContext } from '../../app-context.ts';
import { verificationRoutes } from './verification.routes.ts';
import { verificationService } from './verification.service.ts';

/** Selfie verification (tier 2), its face-match job, and the account level. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, crypto, providers, jobs, log, requireUser } = context;
  const service = verificationService({
    database,
    clock,
    crypto,
    identity: providers.identity,
    jobs,
    log,
  });
  jobs.register(service.faceMatchJob);
  await v1.register(verificationRoutes, { service, requireUser });
}
