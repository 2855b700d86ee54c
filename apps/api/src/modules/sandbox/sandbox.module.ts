import type { ApiScope, AppContext } from '../../app-context.ts';
import type { SandboxDelivery } from '../../providers/payments/sandbox.ts';
import {
  restoreSandboxClock,
  sandboxClockRoutes,
  type SandboxClockOptions,
} from './sandbox-clock.routes.ts';
import { sandboxOperatorsRoutes } from './sandbox-operators.routes.ts';
import { sandboxRatesRoutes } from './sandbox-rates.routes.ts';
import { sandboxRoutes } from './sandbox.routes.ts';

/**
 * The sandbox world (mailbox, bank transfers, payouts, the checkout page, the clock); registered only when
 * the sandbox is on. Its webhooks go through the real webhook route, as the vendor's would.
 */
export async function register(
  v1: ApiScope,
  { database, clock, providers }: AppContext,
  deliverWebhook: (delivery: SandboxDelivery) => Promise<number>,
  runDue: SandboxClockOptions['runDue'],
) {
  await v1.register(sandboxRoutes, {
    database,
    payments: providers.sandboxPayments,
    payouts: providers.sandboxPayouts,
    deliverWebhook,
  });
  await restoreSandboxClock(database, clock);
  await v1.register(sandboxClockRoutes, { database, clock, runDue });
  await v1.register(sandboxRatesRoutes, { database, clock });
  await v1.register(sandboxOperatorsRoutes, { database, clock });
}
