import { absMinor } from './arithmetic.ts';
import { currencySymbol, MINOR_UNIT_EXPONENT, MINOR_UNITS_PER_MAJOR } from './currency.ts';
import type { Currency } from './currency.ts';

interface DecimalParts {
  readonly sign: '' | '-';
  readonly wholeDigits: string;
  readonly fractionDigits: string;
}

/**
 * The JSON wire format: major units as a decimal string with exactly 2 decimals,
 * e.g. 500000n → "5000.00", -1205n → "-12.05". A string, not a number, so no
 * client can parse it into a float by accident.
 */
export function formatMinorAsDecimal(amountMinor: bigint): string {
  const { sign, wholeDigits, fractionDigits } = splitMinor(amountMinor);
  return `${sign}${wholeDigits}.${fractionDigits}`;
}

/** Display format: "₦1,234.50", "-$0.05", "₦0.00". The sign goes before the symbol. */
export function formatMoney(amountMinor: bigint, currency: Currency): string {
  const { sign, wholeDigits, fractionDigits } = splitMinor(amountMinor);
  return `${sign}${currencySymbol(currency)}${groupThousands(wholeDigits)}.${fractionDigits}`;
}

/**
 * "1234567" → "1,234,567". Works on the digit string rather than Intl so the output
 * is the same in every locale and for values of any size.
 */
export function groupThousands(digits: string): string {
  const headLength = digits.length % 3 === 0 ? 3 : digits.length % 3;
  const groups = [digits.slice(0, headLength)];
  for (let start = headLength; start < digits.length; start += 3) {
    groups.push(digits.slice(start, start + 3));
  }
  return groups.join(',');
}

function splitMinor(amountMinor: bigint): DecimalParts {
  const magnitudeMinor = absMinor(amountMinor);
  return {
    sign: amountMinor < 0n ? '-' : '',
    wholeDigits: (magnitudeMinor / MINOR_UNITS_PER_MAJOR).toString(),
    fractionDigits: (magnitudeMinor % MINOR_UNITS_PER_MAJOR)
      .toString()
      .padStart(MINOR_UNIT_EXPONENT, '0'),
  };
}
