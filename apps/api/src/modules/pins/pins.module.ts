import type { ApiScope, AppContext } from '../../app-context.ts';
import { registerPinGuard } from './pin-guard.ts';
import { pinRoutes } from './pins.routes.ts';
import { pinsService } from './pins.service.ts';

/**
 * The transaction PIN: its routes, and the check every money-out route declares with
 * `config: { transactionPin: true }`. Registered before the modules whose routes declare it.
 */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, outbox, config, requireUser } = context;
  const pins = pinsService({ database, clock, outbox, secret: config.appSecret });
  registerPinGuard(v1, pins);
  await v1.register(pinRoutes, {
    pins,
    requireUser,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  return pins;
}
