import type { ApiScope, AppContext } from '../../app-context.ts';
import { accountRoutes } from './accounts.routes.ts';

/** The signed-in user's profile and referrals. */
export async function register(v1: ApiScope, { database, clock, requireUser }: AppContext) {
  await v1.register(accountRoutes, { database, clock, requireUser });
}
