import type { ApiScope, AppContext } from '../../app-context.ts';
import { auditRoutes } from './audit.routes.ts';
import { correctionsRoutes } from './corrections.routes.ts';
import { customersRoutes } from './customers.routes.ts';
import { flaggedRoutes } from './flagged.routes.ts';
import { reversalsRoutes } from './reversals.routes.ts';
import { stuckRoutes } from './stuck.routes.ts';
import { ledgerReportsRoutes } from './ledger-reports.routes.ts';
import { overviewRoutes } from './overview.routes.ts';
import { kycRoutes } from './kyc.routes.ts';
import { operatorGuard, type OperatorGuard, type OperatorSessionPolicy } from './operator-guard.ts';
import { operatorsService } from './operators.service.ts';
import { opsAuthRoutes } from './ops-auth.routes.ts';
import { productChangesJob } from './product-changes.job.ts';
import { productsRoutes } from './products.routes.ts';
import { productsService } from './products.service.ts';

/** Operators' sessions are short: 15 minutes idle, 8 hours at most. */
const operatorPolicy = (secureCookie: boolean): OperatorSessionPolicy => ({
  idleMs: 15 * 60_000,
  absoluteMs: 8 * 60 * 60_000,
  secureCookie,
});

/**
 * What the console's screens are given: the platform, the operator guard, and the services of
 * the modules whose work an operator looks at or finishes (registered before this one).
 */
export interface OpsContext extends AppContext {
  requireOperator: OperatorGuard;
  services: OpsServices;
}

/** The other modules' services the console drives (their own rules, never a shortcut around them). */
export type OpsServices = Record<string, unknown>;

/**
 * The operator console's API under `/v1/ops`: operators' own sign-in (password and TOTP) and
 * sessions, the append-only audit log, and each screen's routes. Customers' sessions open none
 * of it. Registered last, with the services of the modules it looks into.
 */
export async function register(v1: ApiScope, context: AppContext, services: OpsServices) {
  const { database, clock, crypto, config } = context;
  const policy = operatorPolicy(config.isProduction);
  const operators = operatorsService({ database, clock, crypto, policy });
  const requireOperator = operatorGuard(database, clock, policy);
  const ops: OpsContext = { ...context, requireOperator, services };
  const products = productsService({ database, clock, log: context.log });
  context.jobs.register(productChangesJob(products.applyDue));
  await v1.register(
    async (scope) => {
      await scope.register(opsAuthRoutes, {
        operators,
        requireOperator,
        policy,
        rateLimitPerMinute: config.authRateLimitPerMinute,
      });
      await scope.register(auditRoutes, ops);
      // Each screen of the console registers its routes here, given `ops`.
      await scope.register(productsRoutes, { products, requireOperator });
      await scope.register(kycRoutes, ops);
      await scope.register(customersRoutes, ops);
      await scope.register(ledgerReportsRoutes, ops);
      await scope.register(overviewRoutes, ops);
      await scope.register(correctionsRoutes, ops);
      await scope.register(flaggedRoutes, ops);
      await scope.register(stuckRoutes, ops);
      await scope.register(reversalsRoutes, ops);
    },
    { prefix: '/ops' },
  );
  return { operators, applyProductChanges: products.applyDue };
}
