import type { ApiScope, AppContext } from '../../app-context.ts';
import { bankRoutes } from './banks.routes.ts';

/** Nigerian banks, name enquiry and the user's linked bank accounts. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, providers, requireUser } = context;
  await v1.register(bankRoutes, { database, clock, payouts: providers.payouts, requireUser });
}
