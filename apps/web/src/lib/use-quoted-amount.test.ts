import { describe, expect, it } from 'vitest';
import { ApiError, TRANSPORT_ERROR_CODES } from './api-client.ts';
import { isAmountRefusal, limitsHint } from './use-quoted-amount.ts';

describe('limitsHint', () => {
  it('when there is no quote yet, then the fallback shows', () => {
    expect(limitsHint(undefined, 'Sent to a bank account in your own name.', 'withdrawal')).toBe(
      'Sent to a bank account in your own name.',
    );
  });

  it('when the quote has both limits, then both show in naira', () => {
    expect(limitsHint({ minimum: '100.00', maximum: '50000.00' }, '', 'withdrawal')).toBe(
      'Minimum ₦100.00, maximum ₦50,000.00 per withdrawal.',
    );
  });

  it('when there is no maximum, then only the minimum shows', () => {
    expect(limitsHint({ minimum: '100.00', maximum: null }, '', 'deposit')).toBe(
      'Minimum ₦100.00 per deposit.',
    );
  });

  it("when a bill's quote has a daily limit, then what is left of it is named too", () => {
    expect(
      limitsHint(
        { minimum: '50.00', maximum: '20000.00', daily_remaining: '45000.00' },
        '',
        'payment',
      ),
    ).toBe("Minimum ₦50.00, maximum ₦20,000.00 per payment. ₦45,000.00 left of today's limit.");
    expect(
      limitsHint({ minimum: '1000.00', maximum: null, daily_remaining: null }, '', 'payment'),
    ).toBe('Minimum ₦1,000.00 per payment.');
  });

  it("when the account's tier allows none of it (maximum ₦0.00), then the fallback shows, not a range to type in", () => {
    expect(
      limitsHint(
        { minimum: '50.00', maximum: '0.00', daily_remaining: '0.00' },
        'Sent to the number at once.',
        'payment',
      ),
    ).toBe('Sent to the number at once.');
  });
});

describe('isAmountRefusal', () => {
  const failure = (status: number, code = 'refused') =>
    new ApiError({ status, code, message: 'Refused' });

  it('when the server refuses the amount (400, 422), then it is a refusal of the amount', () => {
    expect(isAmountRefusal(failure(422, 'amount_below_minimum'))).toBe(true);
    expect(isAmountRefusal(failure(400))).toBe(true);
  });

  it('when the quote could not be read (no answer, 5xx, timeout, too many requests), then it is not', () => {
    expect(isAmountRefusal(failure(0, TRANSPORT_ERROR_CODES.network))).toBe(false);
    expect(isAmountRefusal(failure(500, 'internal_error'))).toBe(false);
    expect(isAmountRefusal(failure(503, 'unavailable'))).toBe(false);
    expect(isAmountRefusal(failure(408))).toBe(false);
    expect(isAmountRefusal(failure(429))).toBe(false);
    expect(isAmountRefusal(new Error('not an API error'))).toBe(false);
  });
});
