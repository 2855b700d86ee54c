/** Currencies Ajo holds balances in. */
export type Currency = 'NGN' | 'USD';

export const CURRENCIES: readonly Currency[] = ['NGN', 'USD'];

/**
 * Digits after the decimal point in a major unit: 100 kobo = 1 naira, 100 cents = 1 dollar.
 * Every supported currency uses 2, which is why parsing and formatting take no currency.
 * A currency with another exponent (e.g. JPY, 0) would need them to take one.
 */
export const MINOR_UNIT_EXPONENT = 2;

/** 10 ** MINOR_UNIT_EXPONENT, as a bigint so money math never touches floats. */
export const MINOR_UNITS_PER_MAJOR = 100n;

export const CURRENCY_SYMBOLS = {
  NGN: '₦',
  USD: '$',
} as const satisfies Readonly<Record<Currency, string>>;

export function currencySymbol(currency: Currency): string {
  return CURRENCY_SYMBOLS[currency];
}

/** Narrows untrusted input (a query string, a JSON body) to a supported currency. */
export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
