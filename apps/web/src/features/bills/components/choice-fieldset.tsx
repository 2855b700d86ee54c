import type { ReactNode } from 'react';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { readFailureMessage } from '../../../lib/read-failure.ts';

/**
 * A group of choices read from the server (billers, data plans): `skeleton` while they load, the
 * server's message and Try again when the read fails, else the choices.
 */
export function ChoiceFieldset({
  legend,
  isPending,
  error,
  onRetry,
  skeleton,
  children,
}: {
  legend: string;
  isPending: boolean;
  error: Error | null;
  /** Asks for the choices again; settles when the answer is in. */
  onRetry: () => Promise<unknown>;
  skeleton: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2">
        {isPending ? (
          skeleton
        ) : error ? (
          <div className="space-y-3">
            <FormErrorBanner message={readFailureMessage(error)} />
            <RetryButton onRetry={onRetry} />
          </div>
        ) : (
          children
        )}
      </div>
    </fieldset>
  );
}

/**
 * One choice as a card: a real radio button (arrow keys move the choice) hidden behind the card,
 * which is ringed in brand colour while chosen. `className` lays out the card's own contents.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  onSelect,
  className,
  children,
}: {
  /** The radio group's name, shared by every card of one fieldset. */
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <label
      className={classNames(
        className,
        checked
          ? 'bg-brand-50/60 ring-2 ring-brand-600'
          : 'bg-white ring-slate-200 hover:bg-slate-50 hover:ring-slate-300',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="sr-only"
      />
      {children}
    </label>
  );
}
