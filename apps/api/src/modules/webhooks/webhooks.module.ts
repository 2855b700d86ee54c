import type { ApiScope, AppContext } from '../../app-context.ts';
import type { DepositsService } from '../wallets/deposits.service.ts';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.ts';
import { webhookRoutes } from './webhooks.routes.ts';

/** The payment partner's signed events, handed to the products they concern. */
export async function register(
  v1: ApiScope,
  { database, clock, providers }: AppContext,
  products: { deposits: DepositsService; withdrawals: WithdrawalsService },
) {
  await v1.register(webhookRoutes, {
    database,
    clock,
    payments: providers.payments,
    payouts: providers.payouts,
    ...products,
  });
}
