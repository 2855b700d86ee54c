import type { ApiScope, AppContext } from '../../app-context.ts';
import { authRoutes } from './auth.routes.ts';
import { authService } from './auth.service.ts';

/** Registration, sign-in, sessions, password reset and change. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, outbox, config, sessionPolicy, requireUser } = context;
  const auth = authService({ database, clock, outbox, secret: config.appSecret, sessionPolicy });
  await v1.register(authRoutes, {
    auth,
    database,
    clock,
    sessionPolicy,
    requireUser,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
}
