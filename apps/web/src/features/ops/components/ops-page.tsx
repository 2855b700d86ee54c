import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** A console screen: its heading, what it is for, actions on the right, then the content. */
export function OpsPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-8">
      <title>{`${title} · Ajo operations`}</title>
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {description === undefined ? null : (
            <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>
          )}
        </div>
        {actions === undefined ? null : <div className="flex gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A white card around a table or a form. */
export function OpsCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {title === undefined ? null : (
        <h2 className="border-b border-slate-200 px-5 py-3 text-sm font-semibold text-slate-900">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

/**
 * A table of console rows, scrolling sideways on a narrow screen. `columns` are the header cells;
 * rows are the children (`<tr>` with `<td className={opsCell}>`).
 */
export function OpsTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-5 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export const opsCell = 'px-5 py-3 align-top text-slate-700';

/** A console text field under its label (filters, search boxes, dates). */
export const opsInputClass =
  'mt-1 block h-10 w-full rounded-xl px-3 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none';

/** Loading, failure and empty states of a console list, in one place. */
export function OpsListState({
  isPending,
  error,
  isEmpty,
  emptyText,
}: {
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  emptyText: string;
}) {
  if (isPending) {
    return (
      <div className="flex items-center gap-2 px-5 py-8 text-sm text-slate-500" role="status">
        <Spinner className="size-4" /> Loading…
      </div>
    );
  }
  if (error) {
    return (
      <p role="alert" className="px-5 py-8 text-sm text-red-700">
        {error.message}
      </p>
    );
  }
  if (isEmpty) return <p className="px-5 py-8 text-sm text-slate-500">{emptyText}</p>;
  return null;
}

/** Loading and failure of what a screen shows that is not a list (one record, one report). */
export function OpsLoadState({ isPending, error }: { isPending: boolean; error: Error | null }) {
  return <OpsListState isPending={isPending} error={error} isEmpty={false} emptyText="" />;
}

const badgeTones = {
  neutral: 'bg-slate-100 text-slate-700',
  good: 'bg-emerald-50 text-emerald-700',
  warn: 'bg-amber-50 text-amber-800',
  bad: 'bg-red-50 text-red-700',
} as const;

export function OpsBadge({
  tone = 'neutral',
  children,
}: {
  tone?: keyof typeof badgeTones;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${badgeTones[tone]}`}
    >
      {children}
    </span>
  );
}

/**
 * Which rows of a paged list are shown ("21–40 of 57") and buttons to the pages either side:
 * `Newer`/`Older` for a list newest first, `Previous`/`Next` otherwise.
 */
export function OpsPager({
  page,
  pageSize,
  total,
  emptyText,
  order,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  emptyText: string;
  order: 'newest first' | 'as listed';
  onPage: (page: number) => void;
}) {
  const [back, forward] = order === 'newest first' ? ['Newer', 'Older'] : ['Previous', 'Next'];
  return (
    <div className="mt-4 flex items-center justify-between text-sm text-slate-600">
      <span aria-live="polite">
        {total === 0
          ? emptyText
          : `${String(page * pageSize + 1)}–${String(Math.min(total, (page + 1) * pageSize))} of ${String(total)}`}
      </span>
      {/* Nothing to page through: no buttons that look as if there were. */}
      <div className={total === 0 ? 'hidden' : 'flex gap-2'}>
        <Button
          variant="secondary"
          size="sm"
          disabled={page === 0}
          onClick={() => {
            onPage(page - 1);
          }}
        >
          {back}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={(page + 1) * pageSize >= total}
          onClick={() => {
            onPage(page + 1);
          }}
        >
          {forward}
        </Button>
      </div>
    </div>
  );
}
