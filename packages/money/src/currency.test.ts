import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencySymbol,
  isCurrency,
  MINOR_UNIT_EXPONENT,
  MINOR_UNITS_PER_MAJOR,
} from './currency.ts';

describe('currency', () => {
  it('when a supported currency is looked up, then its symbol is returned', () => {
    expect(currencySymbol('NGN')).toBe('₦');
    expect(currencySymbol('USD')).toBe('$');
  });

  it('when minor units are counted, then both currencies use 100 per major unit', () => {
    expect(MINOR_UNIT_EXPONENT).toBe(2);
    expect(MINOR_UNITS_PER_MAJOR).toBe(10n ** BigInt(MINOR_UNIT_EXPONENT));
    expect(CURRENCIES).toEqual(['NGN', 'USD']);
  });

  it('when untrusted input is checked, then only exact codes are currencies', () => {
    expect(isCurrency('NGN')).toBe(true);
    expect(isCurrency('USD')).toBe(true);
    expect(isCurrency('ngn')).toBe(false);
    expect(isCurrency('EUR')).toBe(false);
    expect(isCurrency(undefined)).toBe(false);
    expect(isCurrency(1)).toBe(false);
  });
});
