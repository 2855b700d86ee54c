import { describe, expect, it } from 'vitest';
import { limitsHint } from './use-quoted-amount.ts';

describe('limitsHint', () => {
  it('when there is no quote yet, then the fallback shows', () => {
    expect(limitsHint(undefined, 'Sent to a bank account in your own name.', 'withdrawal')).toBe(
      'Sent to a bank account in your own name.',
    );
  });

  it('when the quote has both limits, then both show in naira', () => {
    expect(
      limitsHint({ amount: '500.00', minimum: '100.00', maximum: '50000.00' }, '', 'withdrawal'),
    ).toBe('Minimum ₦100.00, maximum ₦50,000.00 per withdrawal.');
  });

  it('when there is no maximum, then only the minimum shows', () => {
    expect(limitsHint({ amount: '500.00', minimum: '100.00', maximum: null }, '', 'deposit')).toBe(
      'Minimum ₦100.00 per deposit.',
    );
  });
});
