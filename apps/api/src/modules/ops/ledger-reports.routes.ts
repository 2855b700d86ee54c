import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ledgerCheckResponseSchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
} from '@ajo/contracts/ops-customers';
import { actor } from './audit.ts';
import { ledgerReportsService } from './ledger-reports.service.ts';
import type { OpsContext } from './ops.module.ts';
import { operatorSecurity } from './ops-auth.routes.ts';

/** The ledger check and the daily reconciliation report; each run is recorded in the audit log. */
export const ledgerReportsRoutes: FastifyPluginAsyncZod<OpsContext> = async (app, context) => {
  const reports = ledgerReportsService(context);
  const tags = ['ops'];

  app.get(
    '/ledger/check',
    {
      onRequest: context.requireOperator,
      schema: {
        operationId: 'checkLedger',
        summary: 'Run the ledger check',
        description:
          'Recomputes every stored balance from its postings and every held amount from the pending holds, checks that every journal entry balances per currency and that the savings plans agree with the ledger. Answers `ok` and the problems found (none when it passes). Recorded in the audit log as `ledger.checked`.',
        tags,
        security: operatorSecurity,
        response: { 200: ledgerCheckResponseSchema },
      },
    },
    async (request) => ({
      message: 'ledger checked',
      data: await reports.check(actor(request)),
    }),
  );

  app.get(
    '/reconciliation',
    {
      onRequest: context.requireOperator,
      schema: {
        operationId: 'getReconciliation',
        summary: 'Reconcile one business day with the providers',
        description:
          "For one Lagos business day (today when `date` is left out): per provider and direction, our count and total of successful movements against the provider's own record where we hold one (the sandbox providers' books stand for their settlement reports; for a real provider the line says the report is not available), the mismatches by reference (ours only, theirs only, amount or outcome differs), and the day's pending and flagged counts. Recorded in the audit log as `reconciliation.viewed`.",
        tags,
        security: operatorSecurity,
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationResponseSchema },
      },
    },
    async (request) => ({
      message: 'reconciliation',
      data: await reports.reconcile(request.query.date, actor(request)),
    }),
  );
};
