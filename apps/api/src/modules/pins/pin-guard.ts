import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { TRANSACTION_PIN_HEADER } from '@ajo/contracts/pin';
import { isUserSessionGuard, type ReadingSessionGuard } from '../../platform/sessions.ts';
import { pinBesideSession, type PinRow } from './pins.repository.ts';
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
  interface FastifyRequest {
    /** The signed-in user's stored PIN, read with the session (null: none is set). */
    storedPin?: PinRow | null;
  }
}

const pinRule =
  'Needs the transaction PIN in the `X-Transaction-PIN` header, checked before anything else runs: 403 `pin_not_set`, `pin_required` or `pin_incorrect` (counted), 423 `pin_locked` after 5 wrong tries in a row (for 30 minutes).';

const hooksOf = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

const pinOf = (request: FastifyRequest) => {
  const raw = request.headers[TRANSACTION_PIN_HEADER];
  return Array.isArray(raw) ? raw[0] : raw;
};

type PinBesideSession = PinRow | { [Column in keyof PinRow]: null };

/**
 * Adds the PIN check to every route declaring `config: { transactionPin: true }`, right after
 * its session guard (before anything else the route runs first, the idempotency claim included).
 * The route's session guard reads the stored PIN in its own statement, so the check costs no
 * round trip of its own. A route declaring it without a session guard is refused when the app
 * starts.
 */
export function registerPinGuard(app: FastifyInstance, pins: PinsService) {
  const requirePin = async (request: FastifyRequest) => {
    const userId = request.userId;
    if (!userId) throw new Error('a PIN-guarded route ran without a signed-in user');
    if (request.storedPin === undefined) {
      throw new Error('a PIN-guarded route ran without reading the stored PIN');
    }
    await pins.verify(userId, pinOf(request), request.storedPin);
  };
  // Any user session guard, plain or already reading something (both have `reading`).
  const reading = new Map<ReadingSessionGuard, ReadingSessionGuard>();
  const readingThePin = (guard: ReadingSessionGuard) => {
    const known = reading.get(guard);
    if (known) return known;
    const made = guard.reading<PinBesideSession>({
      ...pinBesideSession,
      keep: (request, row) => {
        request.storedPin = row.pin_hash === null ? null : row;
      },
    });
    reading.set(guard, made);
    return made;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.transactionPin) return;
    const onRequest = hooksOf(route.onRequest);
    const preHandler = hooksOf(route.preHandler);
    const guardAt = preHandler.findIndex(isUserSessionGuard);
    const earlyGuardAt = onRequest.findIndex(isUserSessionGuard);
    if (guardAt === -1 && earlyGuardAt === -1) {
      throw new Error(
        `${String(route.method)} ${route.url} asks for the transaction PIN but has no user session guard`,
      );
    }
    if (guardAt === -1) {
      onRequest[earlyGuardAt] = readingThePin(onRequest[earlyGuardAt] as ReadingSessionGuard);
      route.onRequest = onRequest as typeof route.onRequest;
    } else {
      preHandler[guardAt] = readingThePin(preHandler[guardAt] as ReadingSessionGuard);
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
