import type { ReactNode } from 'react';
import { CalendarIcon } from './savings-icons.tsx';

/** One labelled fact of a plan, for a description list: the label small, the value bold. */
export function Fact({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * 'What I need to know' (spec section 2): a plan's facts in a grid of two columns, three or four
 * on wider screens, with an optional line below them.
 */
export function FactsCard({
  headingId,
  wideColumns,
  children,
  footer,
}: {
  headingId: string;
  /** How many facts stand in a row from the small breakpoint up. */
  wideColumns: 3 | 4;
  /** The facts, as `Fact`s. */
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <div className="flex items-center gap-2">
        <CalendarIcon className="size-5 text-brand-600" />
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          What I need to know
        </h2>
      </div>
      <dl
        className={
          wideColumns === 4
            ? 'mt-4 grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-4'
            : 'mt-4 grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3'
        }
      >
        {children}
      </dl>
      {footer}
    </section>
  );
}
