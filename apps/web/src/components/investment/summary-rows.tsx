import { classNames } from '../../lib/class-names.ts';

export interface SummaryRow {
  label: string;
  value: string;
  testId?: string;
  /** A deduction (tax) is shown in red with a minus sign already in `value`. */
  deduction?: boolean;
  /** The bottom line: larger and bold. */
  emphasis?: boolean;
}

/** A short table of what a purchase costs or earns, label on the left, figure on the right. */
export function SummaryRows({
  title,
  note,
  rows,
}: {
  title: string;
  note?: string;
  rows: readonly SummaryRow[];
}) {
  return (
    <section className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {note ? <span className="text-xs text-slate-500">{note}</span> : null}
      </div>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map((row) => (
          <div
            key={row.label}
            className={classNames(
              'flex items-baseline justify-between gap-4',
              row.emphasis ? 'border-t border-slate-200 pt-2' : undefined,
            )}
          >
            <dt className={row.emphasis ? 'font-semibold text-slate-900' : 'text-slate-600'}>
              {row.label}
            </dt>
            <dd
              data-testid={row.testId}
              className={classNames(
                'text-right tabular-nums',
                row.emphasis ? 'text-base font-bold text-slate-900' : 'font-medium text-slate-900',
                row.deduction ? 'text-red-700' : undefined,
              )}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
