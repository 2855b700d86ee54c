import { describe, expect, it } from 'vitest';
import { challengeTopUpError } from './challenge-top-up.ts';

describe('challengeTopUpError', () => {
  it('asks for an amount when there is none, and refuses zero', () => {
    expect(challengeTopUpError('')).toBe('Enter the amount');
    expect(challengeTopUpError('0')).toBe('Please enter a valid number');
  });

  it('refuses less than ₦2,000 in the server’s words', () => {
    expect(challengeTopUpError('1999.99')).toBe('Top up at least ₦2,000.00');
  });

  it('takes ₦2,000 and more, abbreviations included', () => {
    expect(challengeTopUpError('2000')).toBeUndefined();
    expect(challengeTopUpError('7.7k')).toBeUndefined();
  });
});
