/**
 * Naira/dollar arithmetic, exact in bigint minor units.
 *
 * A rate is naira per $1. A cent is 1/100 of a dollar and a kobo 1/100 of a naira, so the kobo
 * for some cents is simply cents × rate: $1.00 (100 cents) at ₦1,550.00 is 155,000 kobo. A rate
 * with decimals (₦1,550.37) makes that a fraction of a kobo, and the FX rounding rule decides it:
 *
 * - **buy** (the user pays naira for dollars): rounded UP to the kobo, so the customer never pays
 *   less than the rate says;
 * - **sell** (the user gets naira for dollars): rounded DOWN to the kobo, so the customer never
 *   gets more than the rate says.
 */

/** A rate as an exact fraction: naira per $1 = `units` / `scale`. */
export interface ExactRate {
  units: bigint;
  scale: bigint;
}

/** Decimals a rate may carry (₦1,550.3725 per $1 at most). */
export const RATE_MAX_DECIMALS = 4;

const rateText = new RegExp(String.raw`^(\d{1,7})(?:\.(\d{1,${String(RATE_MAX_DECIMALS)}}))?$`);

/** "1550.37" → { units: 155037n, scale: 100n }; refuses anything else, and zero. */
export function parseRate(text: string): ExactRate {
  const match = rateText.exec(text);
  if (!match) throw new RangeError(`a rate is decimal text with at most 4 decimals: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  const rate = { units: BigInt(whole + fraction), scale: 10n ** BigInt(fraction.length) };
  if (rate.units === 0n) throw new RangeError('a rate is above zero');
  return rate;
}

/** A rate as it is shown and stored: at least 2 decimals ("1550" → "1550.00"). */
export function normalizeRate(text: string): string {
  const { units, scale } = parseRate(text);
  const decimals = Math.max(2, scale.toString().length - 1);
  const scaled = units * 10n ** BigInt(decimals - (scale.toString().length - 1));
  const digits = scaled.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** The FX rounding rule, buy side: the kobo a user pays for `usdMinor` cents, rounded UP. */
export function nairaCostMinor(usdMinor: bigint, rate: ExactRate): bigint {
  if (usdMinor < 0n) throw new RangeError('a conversion converts a positive amount');
  return (usdMinor * rate.units + rate.scale - 1n) / rate.scale;
}

/** The FX rounding rule, sell side: the kobo a user gets for `usdMinor` cents, rounded DOWN. */
export function nairaProceedsMinor(usdMinor: bigint, rate: ExactRate): bigint {
  if (usdMinor < 0n) throw new RangeError('a conversion converts a positive amount');
  return (usdMinor * rate.units) / rate.scale;
}

/** Whether `sell` is below `buy` (the spread is the house's; equal or above is refused). */
export function sellBelowBuy(buy: ExactRate, sell: ExactRate): boolean {
  return sell.units * buy.scale < buy.units * sell.scale;
}
