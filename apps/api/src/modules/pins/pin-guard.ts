import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { TRANSACTION_PIN_HEADER } from '@ajo/contracts/pin';
import { isUserSessionGuard } from '../../platform/sessions.ts';
import type { PinsService } from './pins.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A money-out route: the `X-Transaction-PIN` header must hold the user's PIN. Checked after
     * the session guard and before the idempotency claim, so a refused PIN claims no key and
     * nothing of the request runs.
     */
    transactionPin?: boolean;
  }
}

const pinRule =
  'Needs the transaction PIN in the `X-Transaction-PIN` header, checked before anything else runs: 403 `pin_not_set`, 401 `pin_required` or `pin_incorrect` (counted), 423 `pin_locked` after 5 wrong tries in a row (for 30 minutes).';

const hooksOf = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

const pinOf = (request: FastifyRequest) => {
  const raw = request.headers[TRANSACTION_PIN_HEADER];
  return Array.isArray(raw) ? raw[0] : raw;
};

/**
 * Adds the PIN check to every route declaring `config: { transactionPin: true }`, right after
 * its session guard (before anything else the route runs first, the idempotency claim included).
 * A route declaring it without a session guard is refused when the app starts.
 */
export function registerPinGuard(app: FastifyInstance, pins: PinsService) {
  const requirePin = async (request: FastifyRequest) => {
    const userId = request.userId;
    if (!userId) throw new Error('a PIN-guarded route ran without a signed-in user');
    await pins.verify(userId, pinOf(request));
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.transactionPin) return;
    const onRequest = hooksOf(route.onRequest);
    const preHandler = hooksOf(route.preHandler);
    const guardAt = preHandler.findIndex(isUserSessionGuard);
    if (guardAt === -1 && !onRequest.some(isUserSessionGuard)) {
      throw new Error(
        `${String(route.method)} ${route.url} asks for the transaction PIN but has no user session guard`,
      );
    }
    // The guard in onRequest: the PIN is the first preHandler; else right after the guard.
    preHandler.splice(guardAt + 1, 0, requirePin);
    route.preHandler = preHandler as typeof route.preHandler;
    if (route.schema) {
      const said = typeof route.schema.description === 'string' ? route.schema.description : '';
      route.schema.description = `${said} ${pinRule}`.trim();
    }
  });
}
