import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { classNames } from '../../lib/class-names.ts';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Fixed text in front of the input, such as the +234 dial code. */
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error read out by screen readers (aria-describedby). */
export function TextField({ label, error, hint, prefix, className, ref, ...rest }: TextFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div
        className={classNames(
          'mt-1.5 flex items-center overflow-hidden rounded-xl ring-1 ring-inset focus-within:ring-2',
          error
            ? 'ring-red-400 focus-within:ring-red-500'
            : 'ring-slate-300 focus-within:ring-brand-600',
          rest.readOnly === true ? 'bg-slate-100' : 'bg-white',
        )}
      >
        {prefix ? (
          <span className="flex h-11 items-center border-r border-slate-200 bg-slate-50 px-3 text-sm font-medium text-slate-700">
            {prefix}
          </span>
        ) : null}
        <input
          {...rest}
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-11 w-full min-w-0 flex-1 bg-transparent px-3.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none read-only:text-slate-600 sm:text-sm"
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
