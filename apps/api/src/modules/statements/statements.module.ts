import type { ApiScope, AppContext } from '../../app-context.ts';
import { statementRoutes } from './statements.routes.ts';
import { statementsService } from './statements.service.ts';

/** Statements of the wallets for any period, and their public verification. */
export async function register(v1: ApiScope, { database, clock, config, requireUser }: AppContext) {
  const statements = statementsService({ database, clock });
  await v1.register(statementRoutes, { statements, requireUser, publicUrl: config.publicUrl });
  return { statements };
}
