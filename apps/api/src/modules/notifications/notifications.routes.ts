import { sessionSecurity } from '../../platform/sessions.ts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { messageResponseSchema } from '@ajo/contracts/auth';
import { notificationParamsSchema, notificationsResponseSchema } from '@ajo/contracts/engagement';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

export const notificationRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  requireUser: (request: FastifyRequest) => Promise<void>;
}> = async (app, { database, clock, requireUser }) => {
  const tags = ['notifications'];
  const security = sessionSecurity;

  app.get(
    '/notifications',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listNotifications',
        summary: 'My notifications',
        description:
          'The newest 50, with the unread count; a notice about a movement names its transaction.',
        tags,
        security,
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request) => {
      const userId = request.userId ?? '';
      const found = await rows<{
        id: string;
        title: string;
        body: string;
        transaction_id: string | null;
        read_at: string | Date | null;
        created_at: string | Date;
      }>(
        database.db,
        sql`select id, title, body, transaction_id, read_at, created_at from notifications
             where user_id = ${userId} order by created_at desc, id limit 50`,
      );
      const [unread] = await rows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from notifications
             where user_id = ${userId} and read_at is null`,
      );
      return {
        message: 'notifications',
        data: {
          items: found.map((row) => ({
            id: row.id,
            title: row.title,
            body: row.body,
            transaction_id: row.transaction_id,
            read: row.read_at !== null,
            created_at: isoTimestamp(row.created_at),
          })),
          unread: unread?.count ?? 0,
        },
      };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'markNotificationRead',
        summary: 'Mark one notification read',
        description: 'Marking it again changes nothing.',
        tags,
        security,
        params: notificationParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const updated = await rows<{ id: string }>(
        database.db,
        sql`update notifications set read_at = coalesce(read_at, ${clock.now().toISOString()})
             where id = ${request.params.id} and user_id = ${request.userId ?? ''} returning id`,
      );
      // Another user's notification is as absent as one that never existed.
      if (updated.length === 0) {
        throw new AppError('not_found', 'This notification does not exist', 404);
      }
      return { message: OPERATION_SUCCESSFUL, data: null };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'markAllNotificationsRead',
        summary: 'Mark every notification read',
        description: 'Answers how many were unread.',
        tags,
        security,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await database.db.execute(
        sql`update notifications set read_at = ${clock.now().toISOString()}
             where user_id = ${request.userId ?? ''} and read_at is null`,
      );
      return { message: OPERATION_SUCCESSFUL, data: null };
    },
  );
};
