import { describe, expect, it } from 'vitest';
import { typedPhoneText } from './phone-field.tsx';

describe('typedPhoneText', () => {
  it.each([
    ['08031234567', '8031234567'],
    ['+2348031234567', '8031234567'],
    ['2348031234567', '8031234567'],
    ['+234 803 123 4567', '8031234567'],
    ['0803-123-4567', '8031234567'],
    ['8031234567', '8031234567'],
  ])('when "%s" is typed or pasted, then the box keeps "%s"', (typed, kept) => {
    expect(typedPhoneText(typed)).toBe(kept);
  });

  it.each([
    ['0803', '0803'],
    ['+23480', '+23480'],
    ['0803CALLME1', '08031'],
    ['abc', ''],
    ['80312345678', '80312345678'],
  ])('when "%s" is not a whole number yet, then only its digits stay: "%s"', (typed, kept) => {
    expect(typedPhoneText(typed)).toBe(kept);
  });
});
