import type { Clock } from '../../platform/clock.ts';
import { listConfigurations } from '../../platform/configurations.ts';
import type { Database } from '../../platform/db.ts';
import {
  ExchangeRateUnavailable,
  type ExchangeRate,
  type ExchangeRateProvider,
} from './rates.port.ts';

/** The `exchange_rate` configuration's item for naira per dollar. */
export const USD_NGN_ITEM = 'USD_NGN';

const decimalText = /^\d{1,7}(\.\d{1,4})?$/;

/**
 * The sandbox's rate: the `exchange_rate` configuration's `USD_NGN` item, seeded at
 * ₦1,550.00/₦1,500.00 and changed by an operator (`POST /v1/sandbox/exchange-rate`). Read
 * without the short read cache, so a quote after a change always uses the new rate.
 */
export function sandboxExchangeRateProvider({
  database,
  clock,
}: {
  database: Database;
  clock: Clock;
}): ExchangeRateProvider {
  return {
    current: async (): Promise<ExchangeRate> => {
      const [configuration] = await listConfigurations(database.db, 'exchange_rate');
      const item = configuration?.value.find((entry) => entry.id === USD_NGN_ITEM);
      const buy = item?.buy;
      const sell = item?.sell;
      const updatedAt = item?.updated_at;
      if (typeof buy !== 'string' || typeof sell !== 'string') {
        throw new ExchangeRateUnavailable('the exchange_rate configuration has no USD_NGN rate');
      }
      if (!decimalText.test(buy) || !decimalText.test(sell)) {
        throw new ExchangeRateUnavailable('the USD_NGN rate is not decimal text');
      }
      const at = typeof updatedAt === 'string' ? new Date(updatedAt) : clock.now();
      return { buy, sell, at: Number.isNaN(at.getTime()) ? clock.now() : at };
    },
  };
}
