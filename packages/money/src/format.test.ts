import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinorAsDecimal, formatMoney, groupThousands } from './format.ts';
import { MAX_AMOUNT_MINOR, parseAmount } from './parse.ts';

describe('formatMinorAsDecimal', () => {
  it('when the amount is whole, then it still has two decimals', () => {
    expect(formatMinorAsDecimal(500000n)).toBe('5000.00');
  });

  it('when the amount is zero, then it is "0.00"', () => {
    expect(formatMinorAsDecimal(0n)).toBe('0.00');
  });

  it('when the amount is under one major unit, then the whole part is zero and kobo are padded', () => {
    expect(formatMinorAsDecimal(5n)).toBe('0.05');
    expect(formatMinorAsDecimal(50n)).toBe('0.50');
  });

  it('when the amount is negative, then the sign leads', () => {
    expect(formatMinorAsDecimal(-1205n)).toBe('-12.05');
    expect(formatMinorAsDecimal(-5n)).toBe('-0.05');
  });

  it('when the amount is huge, then no grouping or exponent appears', () => {
    expect(formatMinorAsDecimal(10n ** 30n + 7n)).toBe(`1${'0'.repeat(28)}.07`);
  });
});

describe('formatMoney', () => {
  it('when the currency is NGN, then the naira sign and thousands commas are used', () => {
    expect(formatMoney(123450n, 'NGN')).toBe('₦1,234.50');
  });

  it('when the currency is USD, then the dollar sign is used', () => {
    expect(formatMoney(123450n, 'USD')).toBe('$1,234.50');
  });

  it('when the amount is zero, then it is "₦0.00"', () => {
    expect(formatMoney(0n, 'NGN')).toBe('₦0.00');
  });

  it('when the amount is negative, then the minus goes before the symbol', () => {
    expect(formatMoney(-123450n, 'NGN')).toBe('-₦1,234.50');
    expect(formatMoney(-1n, 'USD')).toBe('-$0.01');
  });

  it('when the whole part has up to three digits, then there is no comma', () => {
    expect(formatMoney(99999n, 'NGN')).toBe('₦999.99');
    expect(formatMoney(100000n, 'NGN')).toBe('₦1,000.00');
  });

  it('when the amount is in millions or more, then every thousand is grouped', () => {
    expect(formatMoney(123456789012n, 'NGN')).toBe('₦1,234,567,890.12');
    expect(formatMoney(MAX_AMOUNT_MINOR, 'NGN')).toBe('₦1,000,000,000,000,000.00');
  });

  it('when the amount is far beyond any real balance, then it is still grouped exactly', () => {
    expect(formatMoney(10n ** 26n, 'USD')).toBe('$1,000,000,000,000,000,000,000,000.00');
  });
});

describe('groupThousands', () => {
  it('when the digits are grouped, then commas fall every three from the right', () => {
    expect(groupThousands('1')).toBe('1');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1234')).toBe('1,234');
    expect(groupThousands('123456')).toBe('123,456');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });
});

describe('format and parse properties', () => {
  it('when any amount in range is formatted for the wire, then parsing it gives it back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }), (amountMinor) => {
        const text = formatMinorAsDecimal(amountMinor);
        expect(parseAmount(text, { allowNegative: true })).toBe(amountMinor);
      }),
    );
  });

  it('when any bigint is formatted for display, then there is no exponent or NaN', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.constantFrom('NGN', 'USD'), (amountMinor, currency) => {
        const text = formatMoney(amountMinor, currency);
        expect(text).not.toContain('e');
        expect(text).not.toContain('NaN');
        expect(text).toMatch(/^-?[₦$]\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });

  it('when a number has at most two decimals and is below 10^13, then it parses exactly', () => {
    // Below 10^13 a double is precise to well under a kobo, so String(n) is the 2-decimal text.
    const maxCents = 10 ** 15;
    fc.assert(
      fc.property(fc.integer({ min: -maxCents, max: maxCents }), (cents) => {
        expect(parseAmount(cents / 100, { allowNegative: true })).toBe(BigInt(cents));
      }),
    );
  });
});
