import type { ReactNode } from 'react';
import { LoadFailed, showsReadFailure } from '../../../components/ui/load-failed.tsx';
import { classNames } from '../../../lib/class-names.ts';

/** The read of a group of choices, as its query answers it. */
export interface ChoicesRead {
  isPending: boolean;
  error: Error | null;
  isFetching: boolean;
  /** Asks for the choices again; settles when the answer is in. */
  refetch: () => Promise<unknown>;
}

/**
 * A group of choices read from the server (billers, data plans): `skeleton` while they load, the
 * server's message and Try again when the read fails, else the choices. While Try again asks
 * again the failure stays, so the busy button keeps its place and the focus.
 */
export function ChoiceFieldset({
  legend,
  read,
  skeleton,
  children,
}: {
  legend: string;
  read: ChoicesRead;
  skeleton: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2">
        {showsReadFailure(read) ? (
          <LoadFailed query={read} />
        ) : read.isPending ? (
          skeleton
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
