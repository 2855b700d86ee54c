import { describe, expect, it } from 'vitest';
import {
  FIRST_RESEND_WAIT_SECONDS,
  formatResendWait,
  NEXT_RESEND_WAIT_SECONDS,
} from './resend-code-button.tsx';

describe('formatResendWait', () => {
  it.each([
    [NEXT_RESEND_WAIT_SECONDS, 'Resend OTP in 2 minutes'],
    [119, 'Resend OTP in 1 minute 59 seconds'],
    [61, 'Resend OTP in 1 minute 1 second'],
    [60, 'Resend OTP in 1 minute'],
    [FIRST_RESEND_WAIT_SECONDS, 'Resend OTP in 10 seconds'],
    [1, 'Resend OTP in 1 second'],
  ])('when %i seconds are left, then it reads "%s"', (seconds, text) => {
    expect(formatResendWait(seconds)).toBe(text);
  });
});
