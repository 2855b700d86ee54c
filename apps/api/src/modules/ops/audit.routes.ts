import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageResponseSchema, auditQuerySchema } from '@ajo/contracts/ops';
import { rows, type Database } from '../../platform/db.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import type { OperatorGuard } from './operator-guard.ts';
import { operatorSecurity } from './ops-auth.routes.ts';

/** The audit log, newest first, filtered by action or subject. */
export const auditRoutes: FastifyPluginAsyncZod<{
  database: Database;
  requireOperator: OperatorGuard;
}> = async (app, { database, requireOperator }) => {
  app.get(
    '/audit',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'listOperatorAudit',
        summary: 'The operator audit log',
        description: 'Every operator action, newest first; append-only.',
        tags: ['ops'],
        security: operatorSecurity,
        querystring: auditQuerySchema,
        response: { 200: auditPageResponseSchema },
      },
    },
    async (request) => {
      const { page, size, action, subject_type, subject_id } = request.query;
      const filter = sql`(${action ?? null}::text is null or a.action = ${action ?? null})
          and (${subject_type ?? null}::text is null or a.subject_type = ${subject_type ?? null})
          and (${subject_id ?? null}::text is null or a.subject_id = ${subject_id ?? null})`;
      const found = await rows<{
        id: number | string;
        created_at: Date | string;
        operator_id: string | null;
        operator_name: string | null;
        operator_email: string | null;
        action: string;
        subject_type: string | null;
        subject_id: string | null;
        before: unknown;
        after: unknown;
        reason: string | null;
      }>(
        database.db,
        sql`select a.id, a.created_at, a.operator_id, o.name as operator_name,
                   o.email as operator_email, a.action, a.subject_type, a.subject_id, a.before,
                   a.after, a.reason
              from operator_audit_log a left join operators o on o.id = a.operator_id
             where ${filter}
             order by a.id desc limit ${size} offset ${page * size}`,
      );
      const [counted] = await rows<{ total: number | string }>(
        database.db,
        sql`select count(*) as total from operator_audit_log a where ${filter}`,
      );
      return {
        message: 'audit log',
        data: {
          items: found.map((row) => ({
            id: Number(row.id),
            at: isoTimestamp(row.created_at),
            operator:
              row.operator_id === null
                ? null
                : {
                    id: row.operator_id,
                    name: row.operator_name ?? '',
                    email: row.operator_email ?? '',
                  },
            action: row.action,
            subject_type: row.subject_type,
            subject_id: row.subject_id,
            before: row.before ?? null,
            after: row.after ?? null,
            reason: row.reason,
          })),
          page,
          size,
          total: Number(counted?.total ?? 0),
        },
      };
    },
  );
};
