import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nigerianPhoneField, normalizeNigerianPhone } from './phone.ts';

describe('Nigerian phone numbers', () => {
  it.each([
    ['8031234567', '8031234567'],
    ['08031234567', '8031234567'],
    ['+2348031234567', '8031234567'],
    ['2348031234567', '8031234567'],
    ['0803 123 4567', '8031234567'],
    ['+234 (803) 123-4567', '8031234567'],
    [' 0803.123.4567 ', '8031234567'],
  ])('when %s is typed, then it is %s', (typed, expected) => {
    expect(normalizeNigerianPhone(typed)).toBe(expected);
  });

  it.each([
    '',
    '803123456',
    '080312345678',
    '+2340803123456',
    '0803123456a',
    'phone',
    '0031234567',
  ])('when %s is typed, then it is refused', (typed) => {
    expect(normalizeNigerianPhone(typed)).toBeUndefined();
    expect(nigerianPhoneField('invalid phone number').safeParse(typed).success).toBe(false);
  });

  it('when any 10-digit number is written in each usual form, then all forms give the same number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{9}$/), (digits) => {
        const forms = [digits, `0${digits}`, `+234${digits}`, `234${digits}`];
        expect(forms.map(normalizeNigerianPhone)).toEqual(forms.map(() => digits));
      }),
    );
  });
});
