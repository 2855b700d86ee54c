import { describe, expect, it } from 'vitest';
import { balanceShortfall } from './withdraw-amount-check.ts';

describe('balanceShortfall', () => {
  it('when amount and fee fit the available balance exactly, then it can be sent', () => {
    expect(
      balanceShortfall({ total: '30000.00', available: '30000.00', withdrawable: '29950.00' }),
    ).toBeUndefined();
  });

  it('when the fee pushes it over the balance, then it says how much can be withdrawn', () => {
    expect(
      balanceShortfall({ total: '30050.00', available: '30000.00', withdrawable: '29950.00' }),
    ).toBe(
      'Your available balance is ₦30,000.00. With the transfer fee, you can withdraw at most ₦29,950.00.',
    );
  });

  it('when nothing can be withdrawn, then it says the balance is not enough', () => {
    expect(balanceShortfall({ total: '150.00', available: '20.00', withdrawable: '0.00' })).toBe(
      'Your available balance is ₦20.00, not enough for a withdrawal and its fee.',
    );
  });
});
