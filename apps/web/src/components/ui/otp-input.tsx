import { classNames } from '../../lib/class-names.ts';
import { useDigitBoxes } from './digit-boxes.ts';

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

/** Six masked one-digit boxes; typing moves forward, Backspace moves back, a paste fills them all. */
export function OtpInput({ value, onChange, label, invalid, disabled, autoFocus }: OtpInputProps) {
  const { digits, box } = useDigitBoxes({ length: OTP_LENGTH, value, onChange });

  return (
    <div role="group" aria-label={label} className="flex justify-between gap-2 sm:gap-3">
      {digits.map((_, index) => (
        <input
          // The boxes never reorder, so the position is a stable key.
          key={index}
          {...box(index)}
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={OTP_LENGTH}
          aria-label={`Digit ${String(index + 1)} of ${String(OTP_LENGTH)}`}
          aria-invalid={invalid ? true : undefined}
          autoFocus={autoFocus === true && index === 0}
          disabled={disabled}
          className={classNames(
            'size-12 min-w-0 rounded-xl bg-white text-center text-xl font-semibold text-slate-900 ring-1 ring-inset focus:ring-2 focus:outline-none disabled:bg-slate-100 sm:size-14',
            invalid ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-brand-600',
          )}
        />
      ))}
    </div>
  );
}
