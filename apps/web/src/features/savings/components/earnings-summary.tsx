import type { ReactNode } from 'react';
import { classNames } from '../../../lib/class-names.ts';

export interface EarningsRow {
  label: ReactNode;
  value: string;
  testId?: string;
  /** Shown as the summary's bottom line. */
  emphasis?: boolean;
  /** Money taken away (the tax), shown with a minus sign's colour. */
  deduction?: boolean;
}

/**
 * Gross interest, withholding tax and net, as a statement: the form's estimate, and a plan's
 * projection or what it paid. A title sits above; rows read label then figure.
 */
export function EarningsSummary({
  title,
  note,
  rows,
  className,
}: {
  title: ReactNode;
  note?: ReactNode;
  rows: readonly EarningsRow[];
  className?: string;
}) {
  return (
    <div
      className={classNames(
        'rounded-2xl bg-slate-50 p-4 text-sm ring-1 ring-slate-900/5 sm:p-5',
        className,
      )}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        {note ? <p className="text-xs text-slate-500">{note}</p> : null}
      </div>
      <dl className="mt-3 space-y-2.5">
        {rows.map((row, index) => (
          <div
            key={index}
            className={classNames(
              'flex justify-between gap-4',
              row.emphasis === true && 'border-t border-slate-200 pt-3 text-base',
            )}
          >
            <dt
              className={row.emphasis === true ? 'font-semibold text-slate-900' : 'text-slate-600'}
            >
              {row.label}
            </dt>
            <dd
              data-testid={row.testId}
              className={classNames(
                'text-right tabular-nums',
                row.emphasis === true ? 'font-bold text-slate-900' : 'font-medium text-slate-900',
                row.deduction === true && 'text-red-700',
              )}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
