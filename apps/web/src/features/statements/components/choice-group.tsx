import { useId } from 'react';
import { classNames } from '../../../lib/class-names.ts';

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  choices: readonly { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** Native radio buttons drawn as pills: arrow keys move between them, as a radio group should. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.id}
            htmlFor={`${id}-${choice.id}`}
            className={classNames(
              'inline-flex h-10 cursor-pointer items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              choice.id === value
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            <input
              id={`${id}-${choice.id}`}
              type="radio"
              name={name}
              value={choice.id}
              checked={choice.id === value}
              onChange={() => {
                onChange(choice.id);
              }}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
