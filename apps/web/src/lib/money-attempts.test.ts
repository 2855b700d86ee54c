import { describe, expect, it } from 'vitest';
import { ApiError, TRANSPORT_ERROR_CODES } from './api-client.ts';
import {
  attemptKey,
  isUnknownOutcome,
  keepAttemptsIn,
  MONEY_ATTEMPTS_KEY,
  moneyErrorMessage,
  settleAttempt,
} from './money-attempts.ts';
import { memoryStorage, refusingStorage } from './testing/storage.ts';

const networkError = () =>
  new ApiError({ status: 0, code: TRANSPORT_ERROR_CODES.network, message: 'Network Error' });
const refusal = () =>
  new ApiError({ status: 422, code: 'insufficient_funds', message: 'Insufficient funds' });

describe('money attempts', () => {
  it('when a payment gets no answer, then the next one of that flow carries the same key until an answer settles it', () => {
    const first = attemptKey('withdraw');
    settleAttempt('withdraw', first, networkError());
    expect(attemptKey('withdraw')).toBe(first);
    expect(attemptKey('bill')).not.toBe(first);
    settleAttempt('withdraw', first, refusal());
    expect(attemptKey('withdraw')).not.toBe(first);
  });

  it('when the page is left before the answer settles it, then the next attempt of the flow carries the same key', () => {
    const sent = attemptKey('trade');
    // No settleAttempt: the page that sent it was gone when the answer came.
    expect(attemptKey('trade')).toBe(sent);
    settleAttempt('trade', sent);
    expect(attemptKey('trade')).not.toBe(sent);
  });

  it('when the page reloads while a payment is unsettled, then the tab’s storage gives the next attempt the same key', () => {
    const tab = memoryStorage();
    keepAttemptsIn(tab);
    const lost = attemptKey('withdraw');
    settleAttempt('withdraw', lost, networkError());
    const settled = attemptKey('bill');
    settleAttempt('bill', settled);

    keepAttemptsIn(tab); // the reload: the module starts again from the tab's storage
    expect(attemptKey('withdraw')).toBe(lost);
    expect(attemptKey('bill')).not.toBe(settled);

    settleAttempt('withdraw', lost);
    settleAttempt('bill', attemptKey('bill'));
    expect(tab.values.has(MONEY_ATTEMPTS_KEY)).toBe(false);
    keepAttemptsIn(undefined);
  });

  it('when the tab’s storage holds something else or refuses, then the keys live in memory as before', () => {
    const odd = memoryStorage();
    odd.values.set(MONEY_ATTEMPTS_KEY, '{"withdraw": 7, "bill": "kept-key"}');
    keepAttemptsIn(odd);
    expect(attemptKey('withdraw')).toMatch(/^[0-9a-f-]{36}$/);
    expect(attemptKey('bill')).toBe('kept-key');
    odd.values.set(MONEY_ATTEMPTS_KEY, '{"bill": "kept-key"');
    keepAttemptsIn(odd);
    expect(attemptKey('bill')).not.toBe('kept-key');

    keepAttemptsIn(refusingStorage);
    const key = attemptKey('trade');
    settleAttempt('trade', key, networkError());
    expect(attemptKey('trade')).toBe(key);
    settleAttempt('trade', key);
    keepAttemptsIn(undefined);
  });

  it('when a payment succeeds or is refused, then the next one has a new key', () => {
    const paid = attemptKey('bill');
    settleAttempt('bill', paid);
    expect(attemptKey('bill')).not.toBe(paid);
  });

  it('when the outcome is unknown, then the words say so and keep the transport’s own', () => {
    expect(isUnknownOutcome(networkError())).toBe(true);
    expect(
      isUnknownOutcome(new ApiError({ status: 503, code: 'unavailable', message: 'Down' })),
    ).toBe(true);
    expect(isUnknownOutcome(refusal())).toBe(false);
    expect(
      isUnknownOutcome(
        new ApiError({
          status: 0,
          code: TRANSPORT_ERROR_CODES.aborted,
          message: 'Request aborted',
        }),
      ),
    ).toBe(false);
    expect(moneyErrorMessage(networkError())).toMatch(
      /^Network Error\. We could not confirm this payment, and it may have gone through/,
    );
    expect(
      moneyErrorMessage(
        new ApiError({ status: 422, code: 'idempotency_key_reused', message: 'Key reused' }),
      ),
    ).toMatch(/^Your earlier attempt reached Ajo/);
    expect(moneyErrorMessage(refusal())).toBe('Insufficient funds');
  });

  it('when the request makes a plan, then the words speak of the plan, not of a payment', () => {
    expect(moneyErrorMessage(networkError(), 'plan')).toBe(
      'Network Error. We could not confirm your new plan, and it may have been made. Try again to check: Ajo never makes the same plan twice.',
    );
    expect(
      moneyErrorMessage(
        new ApiError({ status: 422, code: 'idempotency_key_reused', message: 'Key reused' }),
        'plan',
      ),
    ).toMatch(/Check your plans before trying again\.$/);
    expect(moneyErrorMessage(refusal(), 'plan')).toBe('Insufficient funds');
  });
});
