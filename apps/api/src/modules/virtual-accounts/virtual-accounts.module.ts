import type { ApiScope, AppContext } from '../../app-context.ts';
import { virtualAccountRoutes } from './virtual-accounts.routes.ts';
import { virtualAccountsService } from './virtual-accounts.service.ts';

/** BVN verification and the dedicated account a user funds by bank transfer. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, crypto, providers, log, requireUser } = context;
  const service = virtualAccountsService({
    database,
    clock,
    crypto,
    identity: providers.identity,
    payments: providers.payments,
    log,
  });
  await v1.register(virtualAccountRoutes, {
    database,
    providerSlug: providers.payments.slug,
    service,
    requireUser,
  });
}
