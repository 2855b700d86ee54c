import { describe, expect, it } from 'vitest';
import { currencyInputToMinor, normalizeCurrencyInput } from './currency-input.ts';

describe('normalizeCurrencyInput while typing', () => {
  it('when the box is empty, then it stays empty', () => {
    expect(normalizeCurrencyInput('')).toBe('');
  });

  it('when plain digits are typed, then they are kept', () => {
    expect(normalizeCurrencyInput('12345')).toBe('12345');
  });

  it('when anything other than digits and a point is typed, then it is dropped', () => {
    expect(normalizeCurrencyInput('₦1,234.5')).toBe('1234.5');
    expect(normalizeCurrencyInput(' 12 ')).toBe('12');
    expect(normalizeCurrencyInput('abc')).toBe('');
  });

  it('when a minus or plus sign is typed, then it is dropped', () => {
    expect(normalizeCurrencyInput('-5')).toBe('5');
    expect(normalizeCurrencyInput('+5')).toBe('5');
  });

  it('when a third decimal is typed, then it is dropped, not rounded', () => {
    expect(normalizeCurrencyInput('1.239')).toBe('1.23');
  });

  it('when the text ends with a point, then the point is kept so typing can continue', () => {
    expect(normalizeCurrencyInput('12.')).toBe('12.');
  });

  it('when a point is typed first, then a leading zero is added', () => {
    expect(normalizeCurrencyInput('.')).toBe('0.');
    expect(normalizeCurrencyInput('.5')).toBe('0.5');
  });

  it('when a second point is typed, then it is ignored', () => {
    expect(normalizeCurrencyInput('1.2.')).toBe('1.2');
    expect(normalizeCurrencyInput('1.2.3')).toBe('1.23');
  });

  it('when there are leading zeros, then they collapse', () => {
    expect(normalizeCurrencyInput('007')).toBe('7');
    expect(normalizeCurrencyInput('000')).toBe('0');
    expect(normalizeCurrencyInput('0')).toBe('0');
    expect(normalizeCurrencyInput('00.05')).toBe('0.05');
  });

  it('when fraction zeros are typed, then they are kept so "0.05" can be reached', () => {
    expect(normalizeCurrencyInput('0.0')).toBe('0.0');
  });
});

describe('normalizeCurrencyInput decimals option', () => {
  it('when decimals is 0, then the point and fraction are dropped', () => {
    expect(normalizeCurrencyInput('12.34', { decimals: 0 })).toBe('12');
    expect(normalizeCurrencyInput('12.', { decimals: 0 })).toBe('12');
  });

  it('when decimals is 4, then four fraction digits are kept', () => {
    expect(normalizeCurrencyInput('1.234567', { decimals: 4 })).toBe('1.2345');
  });

  it('when decimals is negative or fractional, then it is a programming error', () => {
    expect(() => normalizeCurrencyInput('1', { decimals: -1 })).toThrow(RangeError);
    expect(() => normalizeCurrencyInput('1', { decimals: 1.5 })).toThrow(RangeError);
  });
});

describe('normalizeCurrencyInput abbreviations', () => {
  it('when the text ends with k, m or b, then it expands to thousands, millions, billions', () => {
    expect(normalizeCurrencyInput('2k')).toBe('2000');
    expect(normalizeCurrencyInput('3m')).toBe('3000000');
    expect(normalizeCurrencyInput('4b')).toBe('4000000000');
  });

  it('when the abbreviation is upper case, then it expands the same', () => {
    expect(normalizeCurrencyInput('2K')).toBe('2000');
    expect(normalizeCurrencyInput('1.5M')).toBe('1500000');
    expect(normalizeCurrencyInput('2B')).toBe('2000000000');
  });

  it('when the abbreviated value has decimals, then the point moves exactly', () => {
    expect(normalizeCurrencyInput('1.5m')).toBe('1500000');
    expect(normalizeCurrencyInput('2.25b')).toBe('2250000000');
    expect(normalizeCurrencyInput('0.5k')).toBe('500');
    expect(normalizeCurrencyInput('.5k')).toBe('500');
    expect(normalizeCurrencyInput('0.001k')).toBe('1');
  });

  it('when the abbreviated value has more decimals than the unit absorbs, then the rest are capped at 2', () => {
    expect(normalizeCurrencyInput('1.234k')).toBe('1234');
    expect(normalizeCurrencyInput('1.2345k')).toBe('1234.5');
    expect(normalizeCurrencyInput('1.23456k')).toBe('1234.56');
    expect(normalizeCurrencyInput('1.23456789k')).toBe('1234.56');
  });

  it('when the abbreviated value has decimals and decimals is 0, then the fraction is dropped', () => {
    expect(normalizeCurrencyInput('1.2345k', { decimals: 0 })).toBe('1234');
  });

  it('when the abbreviation follows a space, a trailing point or a separator, then it still expands', () => {
    expect(normalizeCurrencyInput('1.5 m')).toBe('1500000');
    expect(normalizeCurrencyInput('2k ')).toBe('2000');
    expect(normalizeCurrencyInput('2.k')).toBe('2000');
    expect(normalizeCurrencyInput('1,5k')).toBe('15000');
  });

  it('when the letter is not at the end, then it is just dropped', () => {
    expect(normalizeCurrencyInput('2k5')).toBe('25');
    expect(normalizeCurrencyInput('k2')).toBe('2');
  });

  it('when letters pile up at the end, then nothing expands', () => {
    expect(normalizeCurrencyInput('2km')).toBe('2');
    expect(normalizeCurrencyInput('2kk')).toBe('2');
  });

  it('when other letters end the text, then nothing expands', () => {
    expect(normalizeCurrencyInput('2x')).toBe('2');
    expect(normalizeCurrencyInput('2t')).toBe('2');
  });

  it('when the abbreviation has no digits before it, then it is dropped', () => {
    expect(normalizeCurrencyInput('k')).toBe('');
    expect(normalizeCurrencyInput('.k')).toBe('0.');
  });

  it('when an already expanded value gets another k, then it expands again', () => {
    expect(normalizeCurrencyInput('2000k')).toBe('2000000');
  });

  it('when zero is abbreviated, then it stays zero', () => {
    expect(normalizeCurrencyInput('0k')).toBe('0');
  });
});

describe('currencyInputToMinor', () => {
  it('when the box holds an amount, then it returns minor units', () => {
    expect(currencyInputToMinor('1234.5')).toBe(123450n);
    expect(currencyInputToMinor('₦1,234.56')).toBe(123456n);
  });

  it('when the box holds an abbreviation, then the expanded amount is returned', () => {
    expect(currencyInputToMinor('2k')).toBe(200000n);
    expect(currencyInputToMinor('1.5m')).toBe(150000000n);
    expect(currencyInputToMinor('1.23456k')).toBe(123456n);
  });

  it('when the box is empty or has no digits, then it returns null', () => {
    expect(currencyInputToMinor('')).toBeNull();
    expect(currencyInputToMinor('abc')).toBeNull();
    expect(currencyInputToMinor('k')).toBeNull();
  });

  it('when the box ends with a point, then the amount is whole', () => {
    expect(currencyInputToMinor('12.')).toBe(1200n);
    expect(currencyInputToMinor('.')).toBe(0n);
  });

  it('when the box holds zero, then 0n is returned for the form to judge', () => {
    expect(currencyInputToMinor('0')).toBe(0n);
  });

  it('when the amount is beyond the safe bound, then it returns null', () => {
    expect(currencyInputToMinor('1000000000000000')).toBe(10n ** 17n);
    expect(currencyInputToMinor('1000000000000000.01')).toBeNull();
    expect(currencyInputToMinor('2000000b')).toBeNull();
  });
});
