import type { ExchangeRateProvider } from '../../providers/rates/rates.port.ts';
import { ExchangeRateUnavailable } from '../../providers/rates/rates.port.ts';

/**
 * The rate a portfolio values dollars at: the SELL side of the `exchange_rate` configuration,
 * naira per $1 as an exact fraction `units / scale` ("1500.25" → 150025 / 100). The sell side is
 * what the user would get for their dollars today, so a portfolio never shows more naira than
 * the dollars would fetch (decision 0024).
 */
export interface ValuationRate {
  /** The rate as the configuration holds it ("1500.00"). */
  text: string;
  units: bigint;
  scale: bigint;
  at: Date;
}

const rateText = /^(\d{1,7})(?:\.(\d{1,4}))?$/;

export function parseValuationRate(text: string, at: Date): ValuationRate {
  const match = rateText.exec(text);
  if (!match) throw new ExchangeRateUnavailable(`the sell rate is not decimal text: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  if (units === 0n) throw new ExchangeRateUnavailable('the sell rate is zero');
  return { text, units, scale: 10n ** BigInt(fraction.length), at };
}

/**
 * Kobo for `usdMinor` cents at the valuation rate, rounded DOWN to the kobo (the FX sell rule:
 * the user is never shown more than the rate gives). The SQL of every source converts the same
 * way, holding by holding (`nairaValueSql`), so a user's total and the snapshot agree.
 */
export function nairaValueMinor(usdMinor: bigint, rate: ValuationRate): bigint {
  const product = usdMinor * rate.units;
  // Truncation toward zero equals flooring for the non-negative balances a holding has.
  return product / rate.scale;
}

/** The current valuation rate, or null when none is configured (nothing in dollars can be valued). */
export async function currentValuationRate(
  rates: ExchangeRateProvider,
): Promise<ValuationRate | null> {
  try {
    const rate = await rates.current();
    return parseValuationRate(rate.sell, rate.at);
  } catch (error) {
    if (error instanceof ExchangeRateUnavailable) return null;
    throw error;
  }
}
