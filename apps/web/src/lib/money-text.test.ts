import { describe, expect, it } from 'vitest';
import {
  formatMoneyText,
  formatSignedMoneyText,
  isPositiveMoneyText,
  moneyTextToMinor,
} from './money-text.ts';

describe('money text from the API', () => {
  it('when a decimal string arrives, then it becomes exact minor units', () => {
    expect(moneyTextToMinor('5075.00')).toBe(507_500n);
    expect(moneyTextToMinor('0.10')).toBe(10n);
    expect(moneyTextToMinor('-12.05')).toBe(-1205n);
  });

  it('when it is shown, then it carries the symbol and thousands grouping', () => {
    expect(formatMoneyText('1250000.50')).toBe('₦1,250,000.50');
    expect(formatMoneyText('0.00', 'USD')).toBe('$0.00');
  });

  it('when it is signed by direction, then credits read + and debits a true minus', () => {
    expect(formatSignedMoneyText('12500.00', 'credit')).toBe('+₦12,500.00');
    expect(formatSignedMoneyText('500.00', 'debit')).toBe('\u2212₦500.00');
  });

  it('when a fee is zero, then it is not positive', () => {
    expect(isPositiveMoneyText('0.00')).toBe(false);
    expect(isPositiveMoneyText('75.00')).toBe(true);
  });

  it('when the text is not a decimal amount, then it is refused', () => {
    expect(() => moneyTextToMinor('1,000.00')).toThrow();
  });
});
