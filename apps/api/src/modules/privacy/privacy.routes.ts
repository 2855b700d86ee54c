import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeAccountBodySchema,
  closeAccountResponseSchema,
  dataExportParamsSchema,
  dataExportResponseSchema,
  dataExportsResponseSchema,
  EXPORT_RETENTION_DAYS,
} from '@ajo/contracts/privacy';
import {
  clearSessionCookie,
  sessionSecurity,
  type SessionGuard,
  type SessionPolicy,
} from '../../platform/sessions.ts';
import type { ErasureService } from './erasure.service.ts';
import type { ExportService } from './exports.service.ts';

export interface PrivacyRouteOptions {
  exports: ExportService;
  erasure: ErasureService;
  sessionPolicy: SessionPolicy;
  requireUser: SessionGuard;
  /** Stricter limit for the call that checks a password. */
  rateLimitPerMinute: number;
}

/** The user's own data (NDPA 2023): a copy of it, and closing the account. */
export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRouteOptions> = async (app, options) => {
  const { exports, erasure, requireUser } = options;
  const tags = ['privacy'];
  const security = sessionSecurity;

  app.post(
    '/privacy/exports',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'requestDataExport',
        summary: 'Ask for a copy of my data',
        description: `Prepares, in the background, one JSON file of everything held about the user (profile, KYC status with the BVN masked, bank accounts, funding account, transactions, savings plans, holdings, bill payments, notifications, sign-ins). The user is emailed when it is ready; it can be downloaded for ${String(EXPORT_RETENTION_DAYS)} days. One export at a time (409 \`export_in_progress\`).`,
        tags,
        security,
        response: { 202: dataExportResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await exports.requestExport(request.userId ?? '');
      return reply.status(202).send({ message: 'export requested', data: created });
    },
  );

  app.get(
    '/privacy/exports',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listDataExports',
        summary: 'My data exports',
        description: 'The newest 20, with their status and until when each can be downloaded.',
        tags,
        security,
        response: { 200: dataExportsResponseSchema },
      },
    },
    async (request) => ({
      message: 'exports',
      data: { items: await exports.listExports(request.userId ?? '') },
    }),
  );

  app.get(
    '/privacy/exports/:id/download',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'downloadDataExport',
        summary: 'Download a data export',
        description:
          'The archive as a JSON file (`format: ajo-personal-data-export`). 409 while it is being prepared, 410 once expired; another user’s export answers 404.',
        tags,
        security,
        params: dataExportParamsSchema,
        response: {
          200: z.string().describe('The JSON archive, as an attachment'),
        },
      },
    },
    async (request, reply) => {
      const { archive, fileName } = await exports.download(request.userId ?? '', request.params.id);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(archive.toString('utf8'));
    },
  );

  app.post(
    '/privacy/erasure',
    {
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } },
      onRequest: requireUser,
      schema: {
        operationId: 'closeAccount',
        summary: 'Close my account and erase my personal data',
        description:
          'Needs the password (five wrong ones block the check for a minute, then longer: 429 `sign_in_throttled`). Refused (409 `account_not_empty`, each reason in `errors` with what to do) while any wallet balance, hold, pending transaction, active savings plan or investment holding remains. Otherwise every session ends, names, contact details and identity documents are erased, and the books are kept without them for the legal retention period (decision 0027). The email can register again.',
        tags,
        security,
        body: closeAccountBodySchema,
        response: { 200: closeAccountResponseSchema },
      },
    },
    async (request, reply) => {
      await erasure.closeAccount(request.userId ?? '', request.body.password);
      clearSessionCookie(reply, options.sessionPolicy);
      return { message: 'Your account is closed', data: null };
    },
  );
};
