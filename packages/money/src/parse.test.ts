import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR, MoneyParseError, parseAmount, tryParseAmount } from './parse.ts';
import type { MoneyParseReason } from './parse.ts';

function reasonFor(input: string | number | bigint, allowNegative = false): MoneyParseReason {
  const result = tryParseAmount(input, { allowNegative });
  if (result.ok) throw new Error(`expected ${String(input)} to be refused`);
  return result.error.reason;
}

describe('parseAmount with decimal text', () => {
  it('when the text is whole major units, then it returns minor units', () => {
    expect(parseAmount('5000')).toBe(500000n);
  });

  it('when the text has two decimals, then every kobo is kept', () => {
    expect(parseAmount('1234.56')).toBe(123456n);
    expect(parseAmount('0.01')).toBe(1n);
  });

  it('when the text has one decimal, then it is read as tenths', () => {
    expect(parseAmount('0.1')).toBe(10n);
    expect(parseAmount('12.5')).toBe(1250n);
  });

  it('when the text is zero in any spelling, then it is 0n', () => {
    expect(parseAmount('0')).toBe(0n);
    expect(parseAmount('0.00')).toBe(0n);
    expect(parseAmount('000')).toBe(0n);
  });

  it('when the text is "-0", then it is zero and needs no allowNegative', () => {
    expect(parseAmount('-0')).toBe(0n);
    expect(parseAmount('-0.00')).toBe(0n);
  });

  it('when the text has leading zeros, then they are ignored', () => {
    expect(parseAmount('00012.30')).toBe(1230n);
  });

  it('when the text starts with a point, then the whole part is zero', () => {
    expect(parseAmount('.5')).toBe(50n);
    expect(parseAmount('.05')).toBe(5n);
  });

  it('when the text ends with a point, then it has no fraction', () => {
    expect(parseAmount('1.')).toBe(100n);
  });

  it('when the text is only a point or a sign, then it is refused', () => {
    expect(reasonFor('.')).toBe('invalid_format');
    expect(reasonFor('-', true)).toBe('invalid_format');
    expect(reasonFor('-.', true)).toBe('invalid_format');
  });

  it('when the text has three decimals, then it is refused', () => {
    expect(reasonFor('1.234')).toBe('too_many_decimals');
    expect(() => parseAmount('1.234')).toThrow('Amount must have at most 2 decimal places');
  });

  it('when the third decimal is a zero, then it is still refused', () => {
    expect(reasonFor('1.230')).toBe('too_many_decimals');
  });

  it('when the text is empty or only whitespace, then it is refused as empty', () => {
    expect(reasonFor('')).toBe('empty');
    expect(reasonFor('   ')).toBe('empty');
    expect(reasonFor('\t\n')).toBe('empty');
  });

  it('when the text has surrounding spaces, then it is refused', () => {
    expect(reasonFor(' 12 ')).toBe('invalid_format');
    expect(() => parseAmount(' 12 ')).toThrow('Amount must not contain spaces');
    expect(reasonFor('1 000')).toBe('invalid_format');
  });

  it('when the text starts with "+", then it is refused', () => {
    expect(reasonFor('+12')).toBe('invalid_format');
    expect(() => parseAmount('+12')).toThrow("must not start with '+'");
  });

  it('when the text has thousands separators, then it is refused', () => {
    expect(reasonFor('1,000')).toBe('invalid_format');
    expect(reasonFor('1,000.50')).toBe('invalid_format');
    expect(() => parseAmount('1,000')).toThrow('must not contain commas');
  });

  it('when the text uses exponent notation, then it is refused', () => {
    expect(reasonFor('1e3')).toBe('invalid_format');
    expect(reasonFor('1E3')).toBe('invalid_format');
    expect(reasonFor('1.5e2')).toBe('invalid_format');
    expect(() => parseAmount('1e3')).toThrow('not as 1e3');
  });

  it('when the text is hex, binary or a word, then it is refused', () => {
    for (const text of ['0x10', '0b1', 'NaN', 'Infinity', 'abc', '12abc', '₦100', '--1', '1-']) {
      expect(reasonFor(text, true)).toBe('invalid_format');
    }
  });

  it('when the text uses non-ASCII digits, then it is refused', () => {
    expect(reasonFor('١٢')).toBe('invalid_format');
  });

  it('when the text has a second point, then it is refused', () => {
    expect(reasonFor('1.2.3')).toBe('invalid_format');
  });
});

describe('parseAmount with numbers', () => {
  it('when the number is 0.1, then it is exactly 10 minor units', () => {
    expect(parseAmount(0.1)).toBe(10n);
  });

  it('when the number is 0.1 + 0.2, then it is refused for too many decimals', () => {
    expect(reasonFor(0.1 + 0.2)).toBe('too_many_decimals');
  });

  it('when the number is an integer or has two decimals, then it is exact', () => {
    expect(parseAmount(0)).toBe(0n);
    expect(parseAmount(5000)).toBe(500000n);
    expect(parseAmount(19.99)).toBe(1999n);
  });

  it('when the number is -0, then it is zero', () => {
    expect(parseAmount(-0)).toBe(0n);
  });

  it('when the number is NaN or infinite, then it is refused', () => {
    expect(reasonFor(Number.NaN)).toBe('invalid_format');
    expect(reasonFor(Number.POSITIVE_INFINITY)).toBe('invalid_format');
    expect(reasonFor(Number.NEGATIVE_INFINITY, true)).toBe('invalid_format');
    expect(() => parseAmount(Number.NaN)).toThrow('Amount must be a finite number');
  });

  it('when the number prints in exponent form because it is huge, then it is too large', () => {
    expect(reasonFor(1e21)).toBe('too_large');
    expect(reasonFor(-1e21, true)).toBe('too_large');
  });

  it('when the number prints in exponent form because it is tiny, then it has too many decimals', () => {
    expect(reasonFor(1e-7)).toBe('too_many_decimals');
    expect(reasonFor(0.000001)).toBe('too_many_decimals');
  });

  it('when the number is Number.MAX_SAFE_INTEGER, then it is too large', () => {
    expect(reasonFor(Number.MAX_SAFE_INTEGER)).toBe('too_large');
  });

  it('when the number is exactly the 10^15 bound, then it is accepted', () => {
    expect(parseAmount(1e15)).toBe(MAX_AMOUNT_MINOR);
  });
});

describe('parseAmount with bigints', () => {
  it('when the input is a bigint, then it is whole major units like the same number', () => {
    expect(parseAmount(5n)).toBe(500n);
    expect(parseAmount(5n)).toBe(parseAmount(5));
    expect(parseAmount(0n)).toBe(0n);
  });

  it('when the bigint is negative, then allowNegative decides', () => {
    expect(reasonFor(-5n)).toBe('negative');
    expect(parseAmount(-5n, { allowNegative: true })).toBe(-500n);
  });

  it('when the bigint is beyond the bound, then it is too large', () => {
    expect(reasonFor(10n ** 15n + 1n)).toBe('too_large');
    expect(reasonFor(10n ** 40n)).toBe('too_large');
  });
});

describe('parseAmount bounds', () => {
  it('when the amount is exactly MAX_AMOUNT_MINOR, then it is accepted', () => {
    expect(MAX_AMOUNT_MINOR).toBe(10n ** 17n);
    expect(parseAmount('1000000000000000.00')).toBe(MAX_AMOUNT_MINOR);
    expect(parseAmount('-1000000000000000', { allowNegative: true })).toBe(-MAX_AMOUNT_MINOR);
  });

  it('when the amount is one kobo over the bound, then it is too large', () => {
    expect(reasonFor('1000000000000000.01')).toBe('too_large');
    expect(reasonFor('-1000000000000000.01', true)).toBe('too_large');
    expect(() => parseAmount('1000000000000000.01')).toThrow(
      'Amount must not be more than 1,000,000,000,000,000',
    );
  });

  it('when the text is thousands of digits long, then it is too large without parsing it all', () => {
    expect(reasonFor('9'.repeat(5000))).toBe('too_large');
  });

  it('when a bounded amount has many leading zeros, then the zeros do not count', () => {
    expect(parseAmount(`${'0'.repeat(50)}1.00`)).toBe(100n);
  });
});

describe('parseAmount sign and zero policy', () => {
  it('when the amount is negative and negatives are not allowed, then it is refused', () => {
    expect(reasonFor('-12.50')).toBe('negative');
    expect(() => parseAmount('-12.50')).toThrow('Amount must not be negative');
  });

  it('when negatives are allowed, then a negative amount is returned', () => {
    expect(parseAmount('-12.05', { allowNegative: true })).toBe(-1205n);
    expect(parseAmount('-.5', { allowNegative: true })).toBe(-50n);
  });

  it('when zero is not allowed, then any zero is refused', () => {
    for (const input of ['0', '0.00', '-0', 0, -0, 0n]) {
      const result = tryParseAmount(input, { allowZero: false });
      expect(result.ok ? 'accepted' : result.error.reason).toBe('zero');
    }
    expect(() => parseAmount('0', { allowZero: false })).toThrow(
      'Amount must be greater than zero',
    );
  });

  it('when no options are given, then zero is accepted', () => {
    expect(parseAmount('0')).toBe(0n);
  });
});

describe('MoneyParseError and tryParseAmount', () => {
  it('when parsing fails, then a MoneyParseError with a reason is thrown', () => {
    let caught: unknown;
    try {
      parseAmount('abc');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MoneyParseError);
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toMatchObject({ name: 'MoneyParseError', reason: 'invalid_format' });
  });

  it('when the input is valid, then tryParseAmount returns ok with the amount', () => {
    expect(tryParseAmount('12.34')).toEqual({ ok: true, amountMinor: 1234n });
  });

  it('when the input is invalid, then tryParseAmount returns the error instead of throwing', () => {
    const result = tryParseAmount('1.234');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.reason).toBe('too_many_decimals');
  });
});
