import { describe, expect, it } from 'vitest';
import { pinMessages } from '@ajo/contracts/pin';
import { formatLockEnd, pinHeader, pinProblem } from './transaction-pin.ts';

describe('transaction PIN helpers', () => {
  it('when a PIN is sent, then it goes in the x-transaction-pin header only', () => {
    expect(pinHeader('4826')).toEqual({ 'x-transaction-pin': '4826' });
  });

  it('when the lock ends later today, then only the Lagos time is shown', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(formatLockEnd('2026-11-27T13:05:00Z', now)).toBe('14:05');
  });

  it('when the lock ends on another day, then the date is shown too', () => {
    const now = new Date('2026-11-27T22:50:00Z');
    expect(formatLockEnd('2026-11-28T00:10:00Z', now)).toBe('28 Nov 2026, 01:10');
  });

  it('when there is no lock or it has passed, then nothing is shown', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(formatLockEnd(null, now)).toBeNull();
    expect(formatLockEnd('2026-11-27T09:59:00Z', now)).toBeNull();
  });

  it('when a new PIN is not four digits, then it asks for four digits', () => {
    for (const pin of ['', '123', '12345', '12a4', ' 1234']) {
      expect(pinProblem(pin)).toBe(pinMessages.badPin);
    }
  });

  it('when a new PIN repeats a digit or runs up or down, then it is refused as too simple', () => {
    for (const pin of ['0000', '7777', '1234', '6789', '9876', '3210']) {
      expect(pinProblem(pin)).toBe(pinMessages.weakPin);
    }
  });

  it('when a new PIN is not a pattern, then it will do', () => {
    for (const pin of ['4826', '2580', '1243', '9870', '1122']) {
      expect(pinProblem(pin)).toBeUndefined();
    }
  });
});
