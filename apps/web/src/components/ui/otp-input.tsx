import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { classNames } from '../../lib/class-names.ts';

export const OTP_LENGTH = 6;

interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Names the group for screen readers, e.g. "Verification code". */
  label: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** Six masked one-digit boxes; typing moves forward, Backspace moves back, a paste fills them all. */
export function OtpInput({ value, onChange, label, invalid, disabled, autoFocus }: OtpInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, index) => value.charAt(index));

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const writeFrom = (index: number, typed: string) => {
    const next = [...digits];
    const incoming = digitsOnly(typed).slice(0, OTP_LENGTH - index);
    if (incoming === '') {
      next[index] = '';
      onChange(next.join(''));
      return;
    }
    Array.from(incoming).forEach((digit, offset) => {
      next[index + offset] = digit;
    });
    onChange(next.join('').slice(0, OTP_LENGTH));
    focusBox(index + incoming.length);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next.join(''));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = digitsOnly(event.clipboardData.getData('text')).slice(0, OTP_LENGTH);
    if (pasted === '') return;
    event.preventDefault();
    onChange(pasted);
    focusBox(pasted.length);
  };

  return (
    <div role="group" aria-label={label} className="flex justify-between gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder, so the position is a stable key.
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={OTP_LENGTH}
          aria-label={`Digit ${String(index + 1)} of ${String(OTP_LENGTH)}`}
          aria-invalid={invalid ? true : undefined}
          autoFocus={autoFocus === true && index === 0}
          disabled={disabled}
          value={digit}
          onChange={(event) => {
            writeFrom(index, event.target.value.replace(digit, '') || event.target.value);
          }}
          onKeyDown={(event) => {
            handleKeyDown(index, event);
          }}
          onPaste={handlePaste}
          onFocus={(event) => {
            event.target.select();
          }}
          className={classNames(
            'size-12 min-w-0 rounded-xl bg-white text-center text-xl font-semibold text-slate-900 ring-1 ring-inset focus:ring-2 focus:outline-none disabled:bg-slate-100 sm:size-14',
            invalid ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-brand-600',
          )}
        />
      ))}
    </div>
  );
}
