import type { ApiScope, AppContext } from '../../app-context.ts';
import type { SandboxDelivery } from '../../providers/payments/sandbox.ts';
import { sandboxRoutes } from './sandbox.routes.ts';

/**
 * The sandbox world (mailbox, bank transfers, payouts, the checkout page); registered only when
 * the sandbox is on. Its webhooks go through the real webhook route, as the vendor's would.
 */
export async function register(
  v1: ApiScope,
  { database, providers }: AppContext,
  deliverWebhook: (delivery: SandboxDelivery) => Promise<number>,
) {
  await v1.register(sandboxRoutes, {
    database,
    payments: providers.sandboxPayments,
    payouts: providers.sandboxPayouts,
    deliverWebhook,
  });
}
