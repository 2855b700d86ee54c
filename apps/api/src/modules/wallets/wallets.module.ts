import type { ApiScope, AppContext } from '../../app-context.ts';
import { balanceHistoryRoutes } from './balance-history.routes.ts';
import { depositsReconcileJob } from './deposits-reconcile.job.ts';
import { depositsService } from './deposits.service.ts';
import { onHoldReleaseJob } from './on-hold-release.job.ts';
import { walletRoutes } from './wallets.routes.ts';

/**
 * The wallets, card top-ups (with their reconcile job), money on hold (with its release job) and
 * the balance history.
 */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, providers, log, jobs, config, requireUser } = context;
  const deposits = depositsService({
    database,
    clock,
    payments: providers.payments,
    log,
    checkoutExpiryMs: config.checkoutExpiryMs,
  });
  jobs.register(depositsReconcileJob(deposits));
  jobs.register(onHoldReleaseJob(database));
  await v1.register(walletRoutes, { database, deposits, requireUser, publicUrl: config.publicUrl });
  await v1.register(balanceHistoryRoutes, { database, clock, requireUser });
  return { deposits };
}
