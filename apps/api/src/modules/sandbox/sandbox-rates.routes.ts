import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exchangeRateResponseSchema, sandboxExchangeRateBodySchema } from '@ajo/contracts/dollar';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { USD_NGN_ITEM } from '../../providers/rates/sandbox.ts';

/** "1550.5" → "1550.50": a rate as the configuration keeps it (at least 2 decimals). */
function rateText(input: number | string): string {
  const [whole = '0', fraction = ''] = String(input).split('.');
  return `${BigInt(whole).toString()}.${fraction.padEnd(2, '0')}`;
}

/** `a < b` for decimal texts, exactly (scaled to the same number of decimals). */
function below(a: string, b: string): boolean {
  const decimals = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const scaled = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole + fraction.padEnd(decimals, '0'));
  };
  return scaled(a) < scaled(b);
}

const sellNotBelowBuy = 'The sell rate must be below the buy rate';

/**
 * `POST /sandbox/exchange-rate`: the operator sets the naira/dollar rate the sandbox's rate
 * provider answers (the `exchange_rate` configuration's `USD_NGN` item; its other items are
 * kept). Quotes made before keep their rate until they expire.
 */
export const sandboxRatesRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
}> = async (app, { database, clock }) => {
  app.post(
    '/sandbox/exchange-rate',
    {
      schema: {
        operationId: 'setSandboxExchangeRate',
        tags: ['sandbox'],
        summary: 'Set the sandbox’s naira/dollar exchange rate',
        description:
          '`buy` is the naira a user pays for $1 and `sell` what they get for $1 (numbers or decimal text, at most 4 decimals); `sell` must be below `buy`. Updates the `exchange_rate` configuration that quotes read from then on. Sandbox only (404 in production).',
        body: sandboxExchangeRateBodySchema,
        response: { 200: exchangeRateResponseSchema },
      },
    },
    async (request) => {
      const buy = rateText(request.body.buy);
      const sell = rateText(request.body.sell);
      if (!below(sell, buy)) {
        throw new AppError('sell_not_below_buy', sellNotBelowBuy, 422, [
          { path: 'sell', message: sellNotBelowBuy },
        ]);
      }
      const updatedAt = clock.now().toISOString();
      const item = {
        id: USD_NGN_ITEM,
        base: 'USD',
        quote: 'NGN',
        buy,
        sell,
        updated_at: updatedAt,
      };
      await database.unitOfWork(async (tx) => {
        const [current] = await rows<{ value: { id?: string }[] }>(
          tx,
          sql`select value from configurations where name = 'exchange_rate' for update`,
        );
        const others = (Array.isArray(current?.value) ? current.value : []).filter(
          (entry) => entry.id !== USD_NGN_ITEM,
        );
        await tx.execute(sql`insert into configurations (name, value, updated_at)
            values ('exchange_rate', ${JSON.stringify([item, ...others])}::jsonb, ${updatedAt})
            on conflict (name) do update
              set value = excluded.value, updated_at = excluded.updated_at`);
      });
      return { message: 'exchange rate set', data: { buy, sell, updated_at: updatedAt } };
    },
  );
};
