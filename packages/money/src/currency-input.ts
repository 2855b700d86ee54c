import { MINOR_UNIT_EXPONENT } from './currency.ts';
import { tryParseAmount } from './parse.ts';

/**
 * Product rule for the amount input: "Digits only, up to 2 decimals by default; an
 * abbreviation k, m or b expands to thousands, millions, billions."
 */

/** Zeros each abbreviation stands for; expanding moves the decimal point this far right. */
const ABBREVIATION_ZEROS = { k: 3, m: 6, b: 9 } as const;

type Abbreviation = keyof typeof ABBREVIATION_ZEROS;

/** A trailing k/m/b only counts right after the number ("2k", "1.5 M"), not in "2km". */
const ABBREVIATION_PATTERN = /[\d.]\s*([kmb])\s*$/i;

export interface CurrencyInputOptions {
  /** Digits kept after the point; extra ones are dropped (truncated, not rounded). Default 2. */
  readonly decimals?: number;
}

interface DigitText {
  readonly wholeDigits: string;
  readonly fractionDigits: string;
  readonly hasPoint: boolean;
}

/**
 * Cleans the input box's text on each keystroke or paste. Keeps digits and the first '.',
 * drops everything else (signs, commas, spaces, currency symbols), and cuts the fraction
 * to `decimals` digits. A trailing k/m/b expands exactly on the digit text:
 * "2k" → "2000", "1.5m" → "1500000", "0.5k" → "500", "1.234k" → "1234" (the decimal
 * limit applies to the expanded value, so "1.23456k" → "1234.56").
 * While typing, a trailing point is kept ("12." stays) and a bare point becomes "0.";
 * leading zeros collapse ("007" → "7").
 */
export function normalizeCurrencyInput(raw: string, options: CurrencyInputOptions = {}): string {
  const decimals = options.decimals ?? MINOR_UNIT_EXPONENT;
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a whole number ≥ 0, got ${String(decimals)}`);
  }
  const digits = splitDigitText(raw);
  const abbreviation = findAbbreviation(raw);
  const expanded =
    abbreviation === undefined ? digits : shiftPoint(digits, ABBREVIATION_ZEROS[abbreviation]);
  return joinDigitText(expanded, decimals);
}

/**
 * The amount the form submits, in minor units: null when the box is empty or the value
 * is beyond MAX_AMOUNT_MINOR. Zero comes back as 0n; whether zero is allowed is the
 * form's rule, not the input's.
 */
export function currencyInputToMinor(raw: string): bigint | null {
  const normalized = normalizeCurrencyInput(raw);
  if (normalized === '') return null;
  const result = tryParseAmount(normalized);
  return result.ok ? result.amountMinor : null;
}

function findAbbreviation(raw: string): Abbreviation | undefined {
  const letter = ABBREVIATION_PATTERN.exec(raw)?.[1]?.toLowerCase();
  return letter === 'k' || letter === 'm' || letter === 'b' ? letter : undefined;
}

function splitDigitText(raw: string): DigitText {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const pointIndex = cleaned.indexOf('.');
  if (pointIndex === -1) return { wholeDigits: cleaned, fractionDigits: '', hasPoint: false };
  return {
    wholeDigits: cleaned.slice(0, pointIndex),
    // Later points are dropped, their digits kept: "1.2.3" reads as "1.23".
    fractionDigits: cleaned.slice(pointIndex + 1).replaceAll('.', ''),
    hasPoint: true,
  };
}

/** Multiplies by 10^places by moving digits across the point, so no float is involved. */
function shiftPoint(digits: DigitText, places: number): DigitText {
  const { wholeDigits, fractionDigits } = digits;
  if (wholeDigits === '' && fractionDigits === '') return digits;
  return {
    wholeDigits: wholeDigits + fractionDigits.slice(0, places).padEnd(places, '0'),
    fractionDigits: fractionDigits.slice(places),
    hasPoint: fractionDigits.length > places,
  };
}

function joinDigitText(digits: DigitText, decimals: number): string {
  const wholeDigits = collapseLeadingZeros(digits.wholeDigits);
  if (!digits.hasPoint || decimals === 0) return wholeDigits;
  const wholeOrZero = wholeDigits === '' ? '0' : wholeDigits;
  return `${wholeOrZero}.${digits.fractionDigits.slice(0, decimals)}`;
}

/** "007" → "7", "000" → "0", "" stays "" so an empty box stays empty. */
function collapseLeadingZeros(wholeDigits: string): string {
  const trimmed = wholeDigits.replace(/^0+/, '');
  return trimmed === '' && wholeDigits !== '' ? '0' : trimmed;
}
