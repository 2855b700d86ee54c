import { MINOR_UNIT_EXPONENT, MINOR_UNITS_PER_MAJOR } from './currency.ts';
import { groupThousands } from './format.ts';

/**
 * Largest accepted magnitude: 10^15 major units (one quadrillion naira), i.e. 10^17
 * minor units. Far above any real balance, so hitting it means bad input, and it keeps
 * amounts within what Postgres numeric/bigint columns and downstream systems store.
 */
export const MAX_AMOUNT_MINOR = 10n ** 15n * MINOR_UNITS_PER_MAJOR;

/** Digits before the point that can still be within MAX_AMOUNT_MINOR ("1" + 15 zeros). */
const MAX_WHOLE_DIGITS = 16;

export type MoneyParseReason =
  'empty' | 'invalid_format' | 'too_many_decimals' | 'negative' | 'zero' | 'too_large';

/** Thrown when input is not an acceptable amount; `reason` is stable for code to branch on. */
export class MoneyParseError extends Error {
  override readonly name = 'MoneyParseError';
  readonly reason: MoneyParseReason;

  constructor(reason: MoneyParseReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface ParseAmountOptions {
  /** Accept amounts below zero. Default false: most amounts come from people paying. */
  readonly allowNegative?: boolean;
  /** Accept zero. Default true: a zero balance is a real value on the wire. */
  readonly allowZero?: boolean;
}

export type ParseAmountResult =
  | { readonly ok: true; readonly amountMinor: bigint }
  | { readonly ok: false; readonly error: MoneyParseError };

/**
 * Parses an amount in major units into minor units, exactly.
 *
 * - string: plain decimal text, e.g. "1234.5" → 123450n. ".5" and "1." are accepted
 *   (50n, 100n); "00012.30" is 1230n; "-0" is zero, not negative.
 * - number: parsed from its shortest round-trip text `String(n)`, so 0.1 → 10n but
 *   0.1 + 0.2 (0.30000000000000004) is refused rather than silently rounded.
 * - bigint: whole major units, so 5n → 500n, the same as 5 and "5".
 *
 * Refused: empty text, any whitespace, a leading '+', thousands separators, exponent
 * notation, hex, more than 2 decimals, magnitudes above MAX_AMOUNT_MINOR, and negative
 * or zero values unless the options allow them.
 */
export function parseAmount(
  input: string | number | bigint,
  options: ParseAmountOptions = {},
): bigint {
  const amountMinor = parseDecimalText(toDecimalText(input));
  if (amountMinor < 0n && options.allowNegative !== true) {
    throw new MoneyParseError('negative', 'Amount must not be negative');
  }
  if (amountMinor === 0n && options.allowZero === false) {
    throw new MoneyParseError('zero', 'Amount must be greater than zero');
  }
  return amountMinor;
}

/** parseAmount for callers that branch on the outcome instead of catching. */
export function tryParseAmount(
  input: string | number | bigint,
  options: ParseAmountOptions = {},
): ParseAmountResult {
  try {
    return { ok: true, amountMinor: parseAmount(input, options) };
  } catch (error) {
    if (error instanceof MoneyParseError) return { ok: false, error };
    throw error;
  }
}

function toDecimalText(input: string | number | bigint): string {
  if (typeof input === 'string') return input;
  if (typeof input === 'bigint') return input.toString();
  return numberToDecimalText(input);
}

function numberToDecimalText(input: number): string {
  if (!Number.isFinite(input)) {
    throw new MoneyParseError('invalid_format', 'Amount must be a finite number');
  }
  const text = String(input);
  // String(n) switches to exponent form only outside [1e-7, 1e21), so the exponent's
  // sign tells us which rule the number breaks.
  if (text.includes('e+')) throw tooLargeError();
  if (text.includes('e-')) throw tooManyDecimalsError();
  return text;
}

/** Optional '-', whole digits, optional '.' and fraction digits; checked for ≥1 digit below. */
const DECIMAL_PATTERN = /^(-?)(\d*)(?:\.(\d*))?$/;

function parseDecimalText(text: string): bigint {
  const match = DECIMAL_PATTERN.exec(text);
  const [, sign = '', wholeDigits = '', fractionDigits = ''] = match ?? [];
  if (match === null || wholeDigits + fractionDigits === '') throw formatError(text);
  if (fractionDigits.length > MINOR_UNIT_EXPONENT) throw tooManyDecimalsError();
  // Checked on the text first so absurdly long input never reaches BigInt().
  if (wholeDigits.replace(/^0+/, '').length > MAX_WHOLE_DIGITS) throw tooLargeError();
  const magnitudeMinor =
    BigInt(wholeDigits === '' ? '0' : wholeDigits) * MINOR_UNITS_PER_MAJOR +
    BigInt(fractionDigits.padEnd(MINOR_UNIT_EXPONENT, '0'));
  if (magnitudeMinor > MAX_AMOUNT_MINOR) throw tooLargeError();
  return sign === '-' ? -magnitudeMinor : magnitudeMinor;
}

/** Names the most likely mistake so the message tells the person what to change. */
function formatError(text: string): MoneyParseError {
  if (text.trim() === '') return new MoneyParseError('empty', 'Amount is required');
  return new MoneyParseError('invalid_format', describeFormatProblem(text));
}

function describeFormatProblem(text: string): string {
  if (/\s/.test(text)) return 'Amount must not contain spaces';
  if (text.startsWith('+')) return "Amount must not start with '+'; write 12.50, not +12.50";
  if (text.includes(',')) {
    return "Amount must not contain commas; write 1000.50, not 1,000.50 (use '.' for decimals)";
  }
  if (/^-?[\d.]+e/i.test(text)) return 'Amount must be written out in digits, not as 1e3';
  return 'Amount must be digits with an optional decimal point, e.g. 1234.50';
}

function tooManyDecimalsError(): MoneyParseError {
  return new MoneyParseError(
    'too_many_decimals',
    `Amount must have at most ${String(MINOR_UNIT_EXPONENT)} decimal places`,
  );
}

function tooLargeError(): MoneyParseError {
  const maxMajor = groupThousands((MAX_AMOUNT_MINOR / MINOR_UNITS_PER_MAJOR).toString());
  return new MoneyParseError('too_large', `Amount must not be more than ${maxMajor}`);
}
