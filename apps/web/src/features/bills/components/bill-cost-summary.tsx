import type { ReactNode } from 'react';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';

/**
 * Amount, fee and total of a bill, from the server's quote, announced politely as they change.
 * Before there is a quote each figure shows "—"; while a newer one loads they dim.
 */
export function BillCostSummary({
  quote,
  isUpdating = false,
  children,
}: {
  quote: { amount: string; fee: string; total: string } | undefined;
  isUpdating?: boolean;
  /** Rows above the money (what is bought, for whom), in the confirmation. */
  children?: ReactNode;
}) {
  const value = (text: string | undefined) => (text === undefined ? '—' : formatMoneyText(text));
  return (
    <dl
      aria-live="polite"
      aria-busy={isUpdating}
      className={classNames(
        'space-y-3 rounded-2xl bg-slate-50 p-4 text-sm ring-1 ring-slate-900/5 transition-opacity sm:p-5',
        isUpdating && 'opacity-60',
      )}
    >
      {children}
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Amount</dt>
        <dd className="font-medium text-slate-900 tabular-nums" data-testid="bill-amount">
          {value(quote?.amount)}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Fee</dt>
        <dd className="font-medium text-slate-900 tabular-nums" data-testid="bill-fee">
          {value(quote?.fee)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base">
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="font-bold text-slate-900 tabular-nums" data-testid="bill-total">
          {value(quote?.total)}
        </dd>
      </div>
    </dl>
  );
}

/** One line of what is bought, above the money in the confirmation. */
export function SummaryLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="shrink-0 text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium wrap-anywhere text-slate-900">{value}</dd>
    </div>
  );
}
