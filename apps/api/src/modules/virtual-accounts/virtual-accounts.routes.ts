import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createVirtualAccountBodySchema,
  createVirtualAccountResponseSchema,
  myVirtualAccountResponseSchema,
  verifyBvnBodySchema,
  verifyBvnResponseSchema,
} from '@ajo/contracts/verification';
import type { Database } from '../../platform/db.ts';
import { sessionSecurity } from '../../platform/sessions.ts';
import {
  findVirtualAccount,
  toVirtualAccount,
  type virtualAccountsService,
} from './virtual-accounts.service.ts';

export const virtualAccountRoutes: FastifyPluginAsyncZod<{
  database: Database;
  providerSlug: string;
  service: ReturnType<typeof virtualAccountsService>;
  requireUser: (request: FastifyRequest) => Promise<void>;
}> = async (app, { database, providerSlug, service, requireUser }) => {
  const security = sessionSecurity;

  app.post(
    `/virtualaccount/verify-bvn-${providerSlug}`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['verification'],
        operationId: 'verifyBvn',
        summary: 'Verify my BVN against my registered name',
        description: 'Answers the names on the BVN record and the BVN masked as "1234**".',
        security,
        body: verifyBvnBodySchema,
        response: { 200: verifyBvnResponseSchema },
      },
    },
    async (request) => ({
      message: 'BVN verified',
      data: await service.verifyBvn(request.userId ?? '', request.body.Bvn),
    }),
  );

  app.post(
    `/virtualaccount/create-${providerSlug}-account`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['verification'],
        operationId: 'openFundingAccount',
        summary: 'Open my funding account',
        description:
          'A bank account number in my BVN name that bank transfers fund my wallet through. A second call answers the same account.',
        security,
        body: createVirtualAccountBodySchema,
        response: { 200: createVirtualAccountResponseSchema },
      },
    },
    async (request) => ({
      message: 'operation was successful',
      data: { data: await service.createAccount(request.userId ?? '', request.body.kyc.bvn) },
    }),
  );

  app.get(
    '/virtualaccount',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getFundingAccount',
        description: 'The bank account number money can be sent to, or null before the BVN step.',
        tags: ['verification'],
        summary: 'My funding account, or null before the BVN step',
        security,
        response: { 200: myVirtualAccountResponseSchema },
      },
    },
    async (request) => {
      const found = await findVirtualAccount(database.db, request.userId ?? '');
      return { message: 'virtual account', data: found ? toVirtualAccount(found) : null };
    },
  );
};
