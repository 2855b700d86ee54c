import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { sandboxExchangeRateProvider } from './sandbox.ts';

/** Naira per $1 as decimal text: `buy` is what a user pays for $1, `sell` what they get. */
export interface ExchangeRate {
  buy: string;
  sell: string;
  /** When the rate was set (by the vendor, or by the operator in the sandbox). */
  at: Date;
}

/** Where the naira/dollar rate comes from. */
export interface ExchangeRateProvider {
  current(): Promise<ExchangeRate>;
}

/** The rate is missing or unreadable: nothing can be quoted until it is set. */
export class ExchangeRateUnavailable extends Error {
  override name = 'ExchangeRateUnavailable';
}

/**
 * The adapter in use. There is one so far, the sandbox's (the `exchange_rate` configuration an
 * operator sets), and modules may only import ports (eslint's boundaries), so the choice is made
 * here; when a vendor adapter arrives it moves to `app-context.ts` as `providers.rates`.
 */
export const exchangeRateProvider = (deps: { database: Database; clock: Clock }) =>
  sandboxExchangeRateProvider(deps);
