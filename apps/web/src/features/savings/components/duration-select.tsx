import { useId, type ReactNode } from 'react';
import type { SavingsDuration } from '@ajo/contracts/savings';
import { classNames } from '../../../lib/class-names.ts';

const selectClassName =
  'mt-1.5 h-12 w-full rounded-xl bg-white px-3.5 text-base text-slate-900 ring-1 ring-inset focus:ring-2 focus:outline-none';

/**
 * A product's durations as a labelled dropdown, chosen by id, its error read out. Each product
 * words its options; one may also say what the chosen duration earns below the field.
 */
export function DurationSelect({
  durations,
  value,
  error,
  onChange,
  optionText,
  chosenHint,
}: {
  durations: readonly SavingsDuration[];
  value: string;
  error: string | undefined;
  onChange: (durationId: string) => void;
  optionText: (duration: SavingsDuration) => string;
  /** Shown under the field once a duration is chosen, while there is no error. */
  chosenHint?: (duration: SavingsDuration) => ReactNode;
}) {
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const chosen = durations.find((candidate) => candidate.id === value);
  return (
    <div>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
        Duration
      </label>
      <select
        id={selectId}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={classNames(
          selectClassName,
          error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-brand-600',
        )}
      >
        <option value="">Select a duration</option>
        {durations.map((option) => (
          <option key={option.id} value={option.id}>
            {optionText(option)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : chosen && chosenHint ? (
        <p className="mt-1.5 text-xs text-slate-500">{chosenHint(chosen)}</p>
      ) : null}
    </div>
  );
}
