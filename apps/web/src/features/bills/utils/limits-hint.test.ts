import { describe, expect, it } from 'vitest';
import { limitsHint } from './limits-hint.ts';

describe('limitsHint', () => {
  it('when the limits are not known yet, then the fallback shows', () => {
    expect(limitsHint(undefined, 'Sent at once.')).toBe('Sent at once.');
  });

  it('when there is a maximum and a daily limit, then both are named', () => {
    expect(
      limitsHint({ minimum: '50.00', maximum: '20000.00', daily_remaining: '45000.00' }, ''),
    ).toBe("Minimum ₦50.00, maximum ₦20,000.00 per payment. ₦45,000.00 left of today's limit.");
  });

  it('when there is no maximum or daily limit, then only the minimum is named', () => {
    expect(limitsHint({ minimum: '1000.00', maximum: null, daily_remaining: null }, '')).toBe(
      'Minimum ₦1,000.00 per payment.',
    );
  });
});
