import { useEffect, useState } from 'react';
import { toast } from './toast.ts';

/** The wait before the first resend, and after each one (spec section 9). */
export const FIRST_RESEND_WAIT_SECONDS = 10;
export const NEXT_RESEND_WAIT_SECONDS = 120;

interface ResendCodeButtonProps {
  onResend: () => Promise<void>;
  /** Which sonner toaster shows "OTP sent" / "error sending otp". */
  toasterId?: string;
}

const countOf = (count: number, unit: string) =>
  `${String(count)} ${unit}${count === 1 ? '' : 's'}`;

/**
 * The spec's "Resend OTP in <m minutes> <s seconds>" as people say it: "1 minute 59 seconds",
 * "2 minutes", "10 seconds", "1 second" (a part that is zero is left out).
 */
export function formatResendWait(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [
    minutes > 0 ? countOf(minutes, 'minute') : '',
    seconds > 0 || minutes === 0 ? countOf(seconds, 'second') : '',
  ].filter(Boolean);
  return `Resend OTP in ${parts.join(' ')}`;
}

/** Disabled while its countdown runs; a resend restarts the countdown at two minutes. */
export function ResendCodeButton({ onResend, toasterId }: ResendCodeButtonProps) {
  const [secondsLeft, setSecondsLeft] = useState(FIRST_RESEND_WAIT_SECONDS);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => {
      setSecondsLeft((seconds) => Math.max(0, seconds - 1));
    }, 1000);
    return () => {
      clearTimeout(timer);
    };
  }, [secondsLeft]);

  const toastOptions = toasterId ? { toasterId } : {};
  const resend = async () => {
    setSending(true);
    try {
      await onResend();
      toast.success('OTP sent', toastOptions);
      setSecondsLeft(NEXT_RESEND_WAIT_SECONDS);
    } catch {
      toast.error('error sending otp', toastOptions);
    } finally {
      setSending(false);
    }
  };

  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      disabled={waiting || sending}
      onClick={() => {
        void resend();
      }}
      className="rounded-lg px-1 text-sm font-semibold text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline"
    >
      {waiting ? formatResendWait(secondsLeft) : sending ? 'Sending…' : 'Resend OTP'}
    </button>
  );
}
