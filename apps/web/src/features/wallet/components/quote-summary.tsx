import type { ReactNode } from 'react';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';

export interface QuoteSummaryProps {
  /** The server's quote, or undefined before there is one (each figure shows "—"). */
  quote: { amount: string; fee: string; total: string } | undefined;
  /** A newer quote is on its way: the figures dim. */
  isUpdating: boolean;
  labels: { amount: string; fee: string; total: string };
  testIds?: { fee?: string; total?: string };
  /** Extra rows under the total (e.g. what is left of today's limit). */
  children?: ReactNode;
}

/** Amount, fee and total of a money form, from the server, announced politely as they change. */
export function QuoteSummary({ quote, isUpdating, labels, testIds, children }: QuoteSummaryProps) {
  const value = (text: string | undefined) => (text === undefined ? '—' : formatMoneyText(text));
  return (
    <dl
      aria-live="polite"
      aria-busy={isUpdating}
      className={classNames(
        'space-y-3 rounded-2xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-900/5 transition-opacity',
        isUpdating && 'opacity-60',
      )}
    >
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{labels.amount}</dt>
        <dd className="font-medium text-slate-900 tabular-nums">{value(quote?.amount)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{labels.fee}</dt>
        <dd className="font-medium text-slate-900 tabular-nums" data-testid={testIds?.fee}>
          {value(quote?.fee)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-slate-100 pt-3 text-base">
        <dt className="font-semibold text-slate-900">{labels.total}</dt>
        <dd className="font-bold text-slate-900 tabular-nums" data-testid={testIds?.total}>
          {value(quote?.total)}
        </dd>
      </div>
      {children}
    </dl>
  );
}
