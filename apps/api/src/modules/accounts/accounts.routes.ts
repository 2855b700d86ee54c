import { sessionSecurity, unauthenticated } from '../../platform/sessions.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@ajo/contracts/auth';
import { envelope } from '@ajo/contracts/common';
import { referralsResponseSchema, updateAccountBodySchema } from '@ajo/contracts/accounts';
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserById, toUser } from '../auth/auth.service.ts';
import { findBvnRecord } from '../virtual-accounts/virtual-accounts.service.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

export const accountRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  requireUser: (request: FastifyRequest) => Promise<void>;
}> = async (app, { database, clock, requireUser }) => {
  const security = sessionSecurity;
  app.get(
    '/accounts',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getAccount',
        description: 'The signed-in user, with their tier, status and funding account reference.',
        tags: ['accounts'],
        summary: 'The signed-in user',
        security,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const user = request.userId ? await findUserById(database.db, request.userId) : undefined;
      if (!user) throw unauthenticated();
      return { message: 'account', data: toUser(user) };
    },
  );

  app.patch(
    '/accounts',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'updateAccount',
        description:
          'Only first_name, last_name (until the BVN is verified) and phone may change; any other field is refused.',
        tags: ['accounts'],
        summary: 'Change the allowed profile fields (first_name, last_name, phone)',
        security,
        body: updateAccountBodySchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const { first_name: firstName, last_name: lastName, phone } = request.body;
      const current = await findUserById(database.db, request.userId ?? '');
      if (!current) throw unauthenticated();
      const renamed =
        firstName !== undefined && firstName !== current.first_name
          ? 'first_name'
          : lastName !== undefined && lastName !== current.last_name
            ? 'last_name'
            : undefined;
      // Once a BVN is verified, the name on its record is the user's name (DOMAIN.md, CBN KYC).
      if (renamed && (await findBvnRecord(database.db, current.id))) {
        throw new AppError(
          'name_locked',
          'Your name now comes from your verified BVN record and cannot be changed here. Contact support if your BVN name has changed',
          422,
          [{ path: renamed, message: 'Set by your BVN record' }],
        );
      }
      const now = clock.now().toISOString();
      await database.db.execute(sql`update users set
          first_name = coalesce(${firstName ?? null}, first_name),
          last_name = coalesce(${lastName ?? null}, last_name),
          phone = coalesce(${phone ?? null}, phone),
          updated_at = ${now}
        where id = ${request.userId ?? ''}`);
      const user = await findUserById(database.db, request.userId ?? '');
      if (!user) throw unauthenticated();
      return { message: 'operation was successful', data: toUser(user) };
    },
  );

  app.get(
    '/accounts/referrals',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listReferrals',
        description: 'Newest first, with the date each joined (Africa/Lagos).',
        tags: ['accounts'],
        summary: 'People who registered with my referral code',
        security,
        response: { 200: referralsResponseSchema },
      },
    },
    async (request) => {
      // Only first names: a referrer has no claim to the rest of another person's data.
      const referred = await rows<{ first_name: string; created_at: string | Date }>(
        database.db,
        sql`select first_name, created_at from users where referred_by = ${request.userId ?? ''}
             order by created_at desc limit 100`,
      );
      return {
        message: 'referrals',
        data: {
          items: referred.map((row) => ({
            first_name: row.first_name,
            joined_at: isoTimestamp(row.created_at),
          })),
          total: referred.length,
        },
      };
    },
  );
};
