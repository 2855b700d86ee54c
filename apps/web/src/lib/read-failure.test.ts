import { describe, expect, it } from 'vitest';
import { ApiError, TRANSPORT_ERROR_CODES } from '../../../lib/api-client.ts';
import { cardLoadFailureAdvice } from './card-load-failure.ts';

const connection = 'Check your connection and try again.';
const ourSide = 'Something went wrong on our side. Try again in a moment.';

describe('what the card page says when it cannot be read', () => {
  it('when no answer came (offline, timed out), then it asks to check the connection', () => {
    const offline = new ApiError({
      status: 0,
      code: TRANSPORT_ERROR_CODES.network,
      message: 'Network Error',
    });
    const timedOut = new ApiError({
      status: 0,
      code: TRANSPORT_ERROR_CODES.timeout,
      message: 'timeout of 90000ms exceeded',
    });
    expect(cardLoadFailureAdvice(offline)).toBe(connection);
    expect(cardLoadFailureAdvice(timedOut)).toBe(connection);
  });

  it('when the server answered 500 or 503, or with an unreadable answer, then the fault is ours, not the connection', () => {
    for (const status of [500, 502, 503]) {
      const failure = new ApiError({ status, code: 'internal_error', message: 'Boom' });
      expect(cardLoadFailureAdvice(failure)).toBe(ourSide);
    }
    const unreadable = new ApiError({
      status: 200,
      code: TRANSPORT_ERROR_CODES.invalidResponse,
      message: 'Unexpected response from the server',
    });
    expect(cardLoadFailureAdvice(unreadable)).toBe(ourSide);
    expect(cardLoadFailureAdvice(new Error('not an API error'))).toBe(ourSide);
  });

  it('when the server refused the read (4xx), then its own reason is shown', () => {
    const refused = new ApiError({
      status: 429,
      code: 'rate_limited',
      message: 'Too many requests; try again in a minute',
    });
    expect(cardLoadFailureAdvice(refused)).toBe('Too many requests; try again in a minute');
  });
});
