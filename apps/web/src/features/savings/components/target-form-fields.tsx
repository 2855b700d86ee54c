import { useId, type ReactNode, type Ref } from 'react';
import { AlertIcon } from '../../../components/ui/alert-icon.tsx';
import { classNames } from '../../../lib/class-names.ts';

const selectClassName =
  'mt-1.5 h-12 w-full rounded-xl bg-white px-3.5 text-base text-slate-900 ring-1 ring-inset focus:ring-2 focus:outline-none sm:text-sm';

/** A labelled dropdown of the catalogue's options, chosen by id, its error read out. */
export function TargetSelect({
  name,
  label,
  placeholder,
  options,
  value,
  error,
  hint,
  onChange,
  selectRef,
}: {
  name: string;
  label: string;
  placeholder: string;
  options: readonly { id: string; label: string }[];
  value: string;
  error: string | undefined;
  hint?: ReactNode;
  onChange: (id: string) => void;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        ref={selectRef}
        id={selectId}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={classNames(
          selectClassName,
          error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-brand-600',
        )}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
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

/** A notice raised on submit (spec section 5): shown above the button, read out at once. */
export function TargetNotice({ message, testId }: { message: string | undefined; testId: string }) {
  if (message === undefined) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-600" />
      <p data-testid={testId}>{message}</p>
    </div>
  );
}

const stepNames = ['Your goal', 'Schedule', 'Agree'] as const;

/** Where the wizard is: three numbered steps, the current one marked for screen readers. */
export function TargetStepper({ step }: { step: 0 | 1 | 2 }) {
  return (
    <ol aria-label="Steps" className="flex items-center gap-2">
      {stepNames.map((name, index) => {
        const done = index < step;
        const current = index === step;
        return (
          <li
            key={name}
            aria-current={current ? 'step' : undefined}
            className="flex min-w-0 flex-1 items-center gap-2"
          >
            <span
              className={classNames(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                current
                  ? 'bg-brand-600 text-white'
                  : done
                    ? 'bg-accent-500 text-white'
                    : 'bg-slate-200 text-slate-600',
              )}
            >
              {String(index + 1)}
            </span>
            <span
              className={classNames(
                'truncate text-xs font-semibold',
                current ? 'text-slate-900' : 'text-slate-500',
              )}
            >
              {name}
            </span>
            {index < stepNames.length - 1 ? (
              <span aria-hidden="true" className="hidden h-px flex-1 bg-slate-200 sm:block" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
