import { describe, expect, it } from 'vitest';
import { bankAccountLabel, maskAccountNumber } from './bank-display.ts';

describe('bankAccountLabel', () => {
  it('when an account is named, then it reads as the server names it in notices and history', () => {
    expect(
      bankAccountLabel({ bank_name: 'Guaranty Trust Bank', account_number: '0123451234' }),
    ).toBe('Guaranty Trust Bank ••••••1234');
  });

  it('when a number is masked, then only its last four digits remain', () => {
    expect(maskAccountNumber('0123456789')).toBe('••••••6789');
    expect(maskAccountNumber('0123456789')).not.toContain('012345');
  });
});
