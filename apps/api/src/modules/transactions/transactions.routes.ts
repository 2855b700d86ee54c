import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import {
  listTransactionsQuerySchema,
  listTransactionsResponseSchema,
  thirdPartyReferenceBodySchema,
  transactionIdParamsSchema,
  transactionResponseSchema,
} from '@ajo/contracts/wallet';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { sessionSecurity } from '../../platform/sessions.ts';
import {
  findUserTransaction,
  toTransaction,
  type TransactionRow,
} from '../wallets/transactions.repository.ts';

/** Counting stops here: an exact count over a huge history would make every page slow. */
const countCap = 1_000;

const unknownTransaction = () => notFound('We could not find this transaction');

export const transactionRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  requireUser: (request: FastifyRequest) => Promise<void>;
}> = async (app, { database, clock, requireUser }) => {
  const security = sessionSecurity;

  app.get(
    '/transactions',
    {
      preHandler: requireUser,
      schema: {
        tags: ['transactions'],
        summary: 'My transactions, newest first by default',
        description: `Paged with \`page\` (from 0) and \`size\` (1–100). \`total\` counts at most ${String(countCap)} rows; \`has_more\` says whether a next page exists.`,
        security,
        querystring: listTransactionsQuerySchema,
        response: { 200: listTransactionsResponseSchema },
      },
    },
    async (request) => {
      const { page, size, sort, type, status } = request.query;
      const filters: SQL[] = [sql`user_id = ${request.userId ?? ''}`];
      if (type) filters.push(sql`type = ${type}`);
      if (status) filters.push(sql`status = ${status}`);
      const where = sql.join(filters, sql` and `);
      const order =
        sort === 'created_at' ? sql`created_at asc, id asc` : sql`created_at desc, id desc`;
      const found = await rows<TransactionRow>(
        database.db,
        sql`select * from transactions where ${where} order by ${order}
             limit ${size + 1} offset ${page * size}`,
      );
      const [counted] = await rows<{ total: number }>(
        database.db,
        sql`select count(*)::int as total from
              (select 1 from transactions where ${where} limit ${countCap}) as capped`,
      );
      return {
        message: 'transactions',
        data: {
          items: found.slice(0, size).map(toTransaction),
          page,
          size,
          total: counted?.total ?? 0,
          has_more: found.length > size,
        },
      };
    },
  );

  app.get(
    '/transactions/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['transactions'],
        summary: 'One of my transactions',
        security,
        params: transactionIdParamsSchema,
        response: { 200: transactionResponseSchema },
      },
    },
    async (request) => {
      const found = await findUserTransaction(database.db, request.userId ?? '', request.params.id);
      if (!found) throw unknownTransaction();
      return { message: 'transaction', data: toTransaction(found) };
    },
  );

  app.put(
    '/transactions/:id/third-party-reference',
    {
      preHandler: requireUser,
      schema: {
        tags: ['transactions'],
        summary: "Attach the payment partner's reference to one of my pending transactions",
        security,
        params: transactionIdParamsSchema,
        body: thirdPartyReferenceBodySchema,
        response: { 200: transactionResponseSchema },
      },
    },
    async (request) => {
      const userId = request.userId ?? '';
      const reference = request.body.third_party_reference;
      // PostgreSQL text cannot hold NUL, and no payment partner puts control characters in one.
      if (/\p{Cc}/u.test(reference)) {
        throw new AppError(
          'validation_failed',
          'third_party_reference: Enter the reference without control characters',
          400,
          [
            {
              path: 'third_party_reference',
              message: 'Enter the reference without control characters',
            },
          ],
        );
      }
      const found = await findUserTransaction(database.db, userId, request.params.id);
      if (!found) throw unknownTransaction();
      if (found.third_party_reference === reference) {
        return { message: 'operation was successful', data: toTransaction(found) };
      }
      if (found.status !== 'pending' || found.third_party_reference !== null) {
        throw new AppError(
          'reference_locked',
          'This transaction already has its reference and can no longer change',
          409,
        );
      }
      const [updated] = await rows<TransactionRow>(
        database.db,
        sql`update transactions set third_party_reference = ${reference},
              updated_at = ${clock.now().toISOString()}
             where id = ${found.id} and third_party_reference is null returning *`,
      );
      if (!updated) {
        throw new AppError('reference_locked', 'This transaction already has its reference', 409);
      }
      return { message: 'operation was successful', data: toTransaction(updated) };
    },
  );
};
