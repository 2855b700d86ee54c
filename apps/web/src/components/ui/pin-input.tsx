import { useEffect, useId } from 'react';
import { classNames } from '../../lib/class-names.ts';
import { useDigitBoxes } from './digit-boxes.ts';

export const PIN_INPUT_LENGTH = 4;

interface PinInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Read out for the group and shown above it, e.g. "Transaction PIN". */
  label: string;
  /** Shown under the boxes and read out with them. */
  error?: string | null | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Called once the fourth digit is in. */
  onComplete?: (pin: string) => void;
  /** Enter in a box: the panel's confirm button, as Enter would submit a form. */
  onEnter?: () => void;
  /** Each new value moves the focus to the first empty box (0: never). */
  focusRequest?: number;
  /** Names the boxes for tests and page models (`${testId}-1` … `${testId}-4`). */
  testId?: string;
}

/**
 * Four masked one-digit boxes for a transaction PIN: the phone shows its number pad, typing moves
 * forward, Backspace moves back, a paste fills them all. Browsers are told not to remember or
 * suggest anything (no one-time-code, no password manager), and the PIN is held only in the
 * caller's state.
 */
export function PinInput({
  value,
  onChange,
  label,
  error,
  hint,
  disabled,
  autoFocus,
  onComplete,
  onEnter,
  focusRequest = 0,
  testId,
}: PinInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { digits, inputs, box } = useDigitBoxes({
    length: PIN_INPUT_LENGTH,
    value,
    onChange,
    onFull: onComplete,
    onEnter,
  });
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  const filled = value.length;
  useEffect(() => {
    if (focusRequest === 0) return;
    // The first empty box, or the first box when all are full (typing then writes over them).
    inputs.current[filled >= PIN_INPUT_LENGTH ? 0 : filled]?.focus();
    // Only a new request moves the focus, not typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  return (
    <div>
      <p id={labelId} className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        className="mt-2 flex gap-3"
      >
        {digits.map((_, index) => (
          <input
            // The boxes never reorder, so the position is a stable key.
            key={index}
            {...box(index)}
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            // Password managers offer to save anything typed into a password box.
            data-1p-ignore=""
            data-lpignore="true"
            data-form-type="other"
            maxLength={PIN_INPUT_LENGTH}
            aria-label={`${label}, digit ${String(index + 1)} of ${String(PIN_INPUT_LENGTH)}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            data-testid={testId ? `${testId}-${String(index + 1)}` : undefined}
            autoFocus={autoFocus === true && index === 0}
            disabled={disabled}
            className={classNames(
              'size-12 min-w-0 rounded-xl bg-white text-center text-2xl font-semibold text-slate-900 ring-1 ring-inset focus:ring-2 focus:outline-none disabled:bg-slate-100 disabled:text-slate-400 sm:size-14',
              error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-brand-600',
            )}
          />
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="mt-2 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
