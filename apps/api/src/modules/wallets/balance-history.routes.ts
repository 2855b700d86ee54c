import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balanceHistoryQuerySchema,
  balanceHistoryResponseSchema,
} from '@ajo/contracts/balance-history';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import { businessDaysEndingOn, dailyBalances } from './balance-history.ts';
import { findWalletMovements } from './balance-history.repository.ts';

/**
 * `GET /wallets/balance-history`: the signed-in user's naira balance at the end of each of the
 * last 30 or 90 business days, for Home's chart. It reads the user's own wallet only (no id is
 * taken from the request) and writes nothing.
 */
export const balanceHistoryRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  requireUser: SessionGuard;
}> = async (app, { database, clock, requireUser }) => {
  app.get(
    '/wallets/balance-history',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallets'],
        operationId: 'getBalanceHistory',
        summary: 'The naira wallet balance at the end of each of the last 30 or 90 days',
        description:
          'One point per Lagos day, derived from the ledger postings of the naira wallet; days without movement repeat the previous balance.',
        security: sessionSecurity,
        querystring: balanceHistoryQuerySchema,
        response: { 200: balanceHistoryResponseSchema },
      },
    },
    async (request) => {
      const days = businessDaysEndingOn(businessDate(clock.now()), Number(request.query.days));
      const movements = await findWalletMovements(
        database.db,
        request.userId ?? '',
        days[0] ?? businessDate(clock.now()),
      );
      const items = dailyBalances({ ...movements, days }).map((day) => ({
        date: day.date,
        balance: formatMinorAsDecimal(day.balanceMinor),
      }));
      return { message: 'balance history', data: { currency: 'NGN' as const, items } };
    },
  );
};
