import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildNuban, institutionCode, isValidNuban, nubanCheckDigit } from './nuban.ts';

describe('NUBAN', () => {
  it("when bank 011's serial is 000001457, then the check digit is 9 (CBN's worked example)", () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(buildNuban('011', '000001457')).toBe('0000014579');
  });

  it('when the code is 3, 5 or 6 digits, then it is padded the CBN way', () => {
    expect(institutionCode('058')).toBe('000058');
    expect(institutionCode('50515')).toBe('950515');
    expect(institutionCode('090267')).toBe('090267');
    expect(() => institutionCode('12')).toThrow(RangeError);
  });

  it('when any digit of a valid number changes, then it is no longer valid', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{9}$/),
        fc.nat(9),
        fc.integer({ min: 1, max: 9 }),
        (serial, position, shift) => {
          const accountNumber = buildNuban('058', serial);
          expect(isValidNuban('058', accountNumber)).toBe(true);
          const digits = Array.from(accountNumber, (digit) => digit);
          digits[position] = String((Number(digits[position]) + shift) % 10);
          expect(isValidNuban('058', digits.join(''))).toBe(false);
        },
      ),
    );
  });

  it('when the number is not 10 digits, then it is not valid', () => {
    expect(isValidNuban('011', '000001457')).toBe(false);
    expect(isValidNuban('011', '00000145790')).toBe(false);
    expect(isValidNuban('011', '000001457a')).toBe(false);
  });
});
