import type { ApiScope, AppContext } from '../../app-context.ts';
import { transactionRoutes } from './transactions.routes.ts';

/** The activity feed and one transaction's receipt. */
export async function register(v1: ApiScope, { database, clock, requireUser }: AppContext) {
  await v1.register(transactionRoutes, { database, clock, requireUser });
}
