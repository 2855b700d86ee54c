import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import {
  FILTERED_COUNT_CAP,
  listTransactionsQuerySchema,
  listTransactionsResponseSchema,
  thirdPartyReferenceBodySchema,
  transactionDetailResponseSchema,
  transactionIdParamsSchema,
  transactionResponseSchema,
} from '@ajo/contracts/wallet';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  sessionOf,
  sessionSecurity,
  type SessionColumns,
  type SessionGuard,
} from '../../platform/sessions.ts';
import {
  activityViewColumns,
  attachClientReference,
  findUserActivity,
  statusHistory,
  toTransaction,
  type ActivityViewRow,
} from '../../money/activity.ts';
import { toTransactionDetail } from './transaction-detail.ts';

/**
 * A row of the page query: the caller's session and the count beside each transaction's columns
 * (one row of nulls for the transaction when the page is empty; no row without a live session).
 */
type PagedRow = SessionColumns & {
  total_count: string;
} & (ActivityViewRow | Record<keyof ActivityViewRow, null>);

const unknownTransaction = () => notFound('We could not find this transaction');

export const transactionRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  requireUser: SessionGuard;
}> = async (app, { database, clock, requireUser }) => {
  const security = sessionSecurity;

  app.get(
    '/transactions',
    {
      // Signed-in only: the token rules first, the session inside the page query (one round trip).
      onRequest: requireUser.tokenRules,
      schema: {
        tags: ['transactions'],
        operationId: 'listTransactions',
        summary: 'My transactions, newest first by default',
        description: `Paged with \`page\` (from 0) and \`size\` (1–100). \`total\` is the number of my transactions; with a \`type\` or \`status\` filter it counts at most ${String(FILTERED_COUNT_CAP)}. \`has_more\` says whether a next page exists.`,
        security,
        querystring: listTransactionsQuerySchema,
        response: { 200: listTransactionsResponseSchema },
      },
    },
    async (request) => {
      const session = requireUser.check(request);
      const { page, size, sort, type, status } = request.query;
      const filters: SQL[] = [sql`user_id = live_session.user_id`];
      if (type) filters.push(sql`type = ${type}`);
      if (status) filters.push(sql`status = ${status}`);
      const where = sql.join(filters, sql` and `);
      const order =
        sort === 'created_at' ? sql`created_at asc, id asc` : sql`created_at desc, id desc`;
      // Without filters the total is kept by a trigger (migration 0006); a filtered one is counted,
      // up to the cap, because counting a whole history on every page would make it slow.
      const total =
        filters.length === 1
          ? sql`select coalesce(max(total), 0) as total from transaction_counts
                 where user_id = live_session.user_id`
          : sql`select count(*) as total from (select 1 from transactions where ${where}
                 limit ${FILTERED_COUNT_CAP}) as counted`;
      // One round trip: the session, the total (once, joined beside the page) and the page.
      const found = await rows<PagedRow>(
        database.db,
        sql`with live_session as (${session.query})
            select live_session.id as session_id, live_session.user_id as session_user_id,
                   live_session.last_seen_at as session_last_seen_at,
                   counted.total::text as total_count, page.*
              from live_session
              cross join lateral (${total}) as counted
              left join lateral
              (select ${activityViewColumns} from transactions where ${where}
                order by ${order} limit ${size + 1} offset ${page * size}) as page on true`,
      );
      await session.admit(sessionOf(found[0]));
      const items = found.filter((row) => row.id !== null) as ActivityViewRow[];
      return {
        message: 'transactions',
        data: {
          items: items.slice(0, size).map(toTransaction),
          page,
          size,
          total: Number(found[0]?.total_count ?? 0),
          has_more: items.length > size,
        },
      };
    },
  );

  app.get(
    '/transactions/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['transactions'],
        operationId: 'getTransaction',
        summary: 'One of my transactions, with what its receipt shows',
        description:
          'Adds the status history, the other side (the bank account paid, or who sent a transfer; account numbers masked) and, for a card top-up still waiting for payment, the page to finish it on.',
        security,
        params: transactionIdParamsSchema,
        response: { 200: transactionDetailResponseSchema },
      },
    },
    async (request) => {
      const found = await findUserActivity(database.db, request.userId ?? '', request.params.id);
      if (!found) throw unknownTransaction();
      const history = await statusHistory(database.db, found.id);
      return { message: 'transaction', data: toTransactionDetail(found, history) };
    },
  );

  app.put(
    '/transactions/:id/third-party-reference',
    {
      onRequest: requireUser,
      schema: {
        tags: ['transactions'],
        operationId: 'setClientReference',
        summary: 'Attach my own reference to one of my pending transactions',
        description:
          "Stored and answered as `client_reference`, as given: it is never taken for the payment partner's reference or id (`provider_reference`, `provider_transaction_id`, which only the partner's own answers fill), and nothing is looked up, deduplicated or verified by it.",
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
      const found = await findUserActivity(database.db, userId, request.params.id);
      if (!found) throw unknownTransaction();
      if (found.client_reference === reference) {
        return { message: 'operation was successful', data: toTransaction(found) };
      }
      if (found.status !== 'pending' || found.client_reference !== null) {
        throw new AppError(
          'reference_locked',
          'This transaction already has its reference and can no longer change',
          409,
        );
      }
      const updated = await attachClientReference(database.db, {
        id: found.id,
        userId,
        clientReference: reference,
        at: clock.now(),
      });
      if (!updated) {
        throw new AppError('reference_locked', 'This transaction already has its reference', 409);
      }
      return { message: 'operation was successful', data: toTransaction(updated) };
    },
  );
};
