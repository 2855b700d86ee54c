import { describe, expect, it } from 'vitest';
import { ApiError, TRANSPORT_ERROR_CODES } from './api-client.ts';
import { readFailureAdvice, readFailureMessage } from './read-failure.ts';

const connection = 'Check your connection and try again.';
const ourSide = 'Something went wrong on our side. Try again in a moment.';
const unreachable = 'We could not reach Ajo. Check your connection and try again.';

/** A failure as the API client gives it: `status` 0 when no answer came. */
function failure(status: number, code: string, message: string): ApiError {
  return new ApiError({ status, code, message });
}

const offline = failure(0, TRANSPORT_ERROR_CODES.network, 'Network Error');
const timedOut = failure(0, TRANSPORT_ERROR_CODES.timeout, 'timeout of 90000ms exceeded');
const serverFailure = failure(
  500,
  'internal_error',
  'Something went wrong on our side. Please try again; reference req-1',
);
const unreadable = failure(
  200,
  TRANSPORT_ERROR_CODES.invalidResponse,
  'Unexpected response from the server',
);
const refused = failure(429, 'rate_limited', 'Too many requests; try again in a minute');

describe('what to do after a read failed', () => {
  it('when no answer came (offline, timed out), then it asks to check the connection', () => {
    expect(readFailureAdvice(offline)).toBe(connection);
    expect(readFailureAdvice(timedOut)).toBe(connection);
  });

  it('when the server answered 500 or 503, or with an unreadable answer, then the fault is ours, not the connection', () => {
    for (const status of [500, 502, 503]) {
      expect(readFailureAdvice(failure(status, 'internal_error', 'Boom'))).toBe(ourSide);
    }
    expect(readFailureAdvice(unreadable)).toBe(ourSide);
    expect(readFailureAdvice(new Error('not an API error'))).toBe(ourSide);
  });

  it('when the server refused the read (4xx), then its own reason is shown', () => {
    expect(readFailureAdvice(refused)).toBe('Too many requests; try again in a minute');
  });
});

describe('what a failed read says on its own', () => {
  it('when no answer came (offline, timed out), then it says Ajo could not be reached instead of the bare transport words', () => {
    expect(readFailureMessage(offline)).toBe(unreachable);
    expect(readFailureMessage(timedOut)).toBe(unreachable);
  });

  it('when the server answered, then its own message stays, reference and all', () => {
    expect(readFailureMessage(serverFailure)).toBe(serverFailure.message);
    expect(readFailureMessage(refused)).toBe(refused.message);
    expect(readFailureMessage(unreadable)).toBe(unreadable.message);
    expect(readFailureMessage(new Error('Something else'))).toBe('Something else');
  });
});
