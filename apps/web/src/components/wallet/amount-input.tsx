import {
  useId,
  useLayoutEffect,
  useRef,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { normalizeCurrencyInput } from '@ajo/money/currency-input';
import { classNames } from '../../lib/class-names.ts';
import { caretAfterSignificant, groupAmountText, MAX_WHOLE_DIGITS } from './amount-text.ts';

interface AmountInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'prefix'
> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** The normalised amount text (digits, at most one point and two decimals), no grouping. */
  value: string;
  onValueChange: (normalized: string) => void;
  currencySymbol?: string;
}

/**
 * A money box following @ajo/money's currency-input rules: digits and one decimal point, two
 * decimals at most, k/m/b abbreviations ("5k" → 5,000), grouped in thousands while typing with
 * the caret kept where the person was typing. Laid out like TextField, with the currency symbol
 * inside the box and a larger figure.
 */
export function AmountInput({
  label,
  error,
  hint,
  value,
  onValueChange,
  currencySymbol = '₦',
  className,
  ...rest
}: AmountInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const input = inputRef.current;
    if (caret === null || !input) return;
    pendingCaret.current = null;
    if (document.activeElement === input) input.setSelectionRange(caret, caret);
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const caret = event.target.selectionStart ?? raw.length;
    const normalized = normalizeCurrencyInput(raw);
    const wholeDigits = normalized.split('.')[0] ?? '';
    if (wholeDigits.length > MAX_WHOLE_DIGITS) return;
    const display = groupAmountText(normalized);
    const significantBefore = raw.slice(0, caret).replace(/[^\d.]/g, '').length;
    pendingCaret.current = /[kmb]/i.test(raw)
      ? display.length
      : caretAfterSignificant(display, significantBefore);
    onValueChange(normalized);
  };

  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div
        className={classNames(
          'mt-1.5 flex items-center rounded-xl px-3.5 ring-1 ring-inset focus-within:ring-2',
          // A disabled box (an amount worked out for the person) looks filled in, not editable.
          rest.disabled ? 'bg-slate-100' : 'bg-white',
          error
            ? 'ring-red-400 focus-within:ring-red-500'
            : rest.disabled
              ? 'ring-slate-200'
              : 'ring-slate-300 focus-within:ring-brand-600',
        )}
      >
        <span aria-hidden="true" className="text-lg font-semibold text-slate-500">
          {currencySymbol}
        </span>
        <input
          {...rest}
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={groupAmountText(value)}
          onChange={handleChange}
          className="h-12 w-full min-w-0 flex-1 bg-transparent pl-2 text-lg font-semibold text-slate-900 tabular-nums placeholder:font-normal placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed disabled:text-slate-700"
        />
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
