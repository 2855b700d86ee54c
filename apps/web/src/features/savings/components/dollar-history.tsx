import type { SavingRecord } from '@ajo/contracts/savings';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatEnGbDate, INVESTMENT_FUNDED, newestFirst } from '../utils/dollar-investments.ts';
import { DollarIcon } from './savings-icons.tsx';
import { readFailureMessage } from '../../../lib/read-failure.ts';

/**
 * The panel's Transaction History: each dollar investment funded, newest first, labelled
 * 'Investment Funded' with its en-GB date and + $amount. Scrolls on its own once long.
 */
export function DollarHistory({
  records,
  isPending,
  error,
  onRetry,
}: {
  records: readonly SavingRecord[] | undefined;
  isPending: boolean;
  /** What the read said last while it failed or Try again asks again; null otherwise. */
  error: Error | null;
  /** Asks for the investments again; settles when the answer is in. */
  onRetry: () => Promise<unknown>;
}) {
  let body;
  if (error) {
    body = (
      <div className="space-y-3 p-4">
        <FormErrorBanner message={readFailureMessage(error)} />
        <RetryButton onRetry={onRetry} />
      </div>
    );
  } else if (isPending) {
    body = (
      <ul aria-hidden="true" className="divide-y divide-slate-100">
        {Array.from({ length: 3 }, (_, index) => (
          <li key={index} className="flex items-center gap-3 px-4 py-3">
            <span className="size-9 animate-pulse rounded-full bg-slate-200" />
            <span className="flex-1 space-y-1.5">
              <span className="block h-3.5 w-32 animate-pulse rounded bg-slate-200" />
              <span className="block h-3 w-20 animate-pulse rounded bg-slate-100" />
            </span>
            <span className="h-4 w-16 animate-pulse rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    );
  } else if (!records || records.length === 0) {
    body = (
      <p className="px-4 py-8 text-center text-sm leading-6 text-slate-600">
        No investments yet. Your first one shows here once it is funded.
      </p>
    );
  } else {
    body = (
      <ol
        tabIndex={0}
        aria-labelledby="dollar-history-heading"
        className="max-h-72 divide-y divide-slate-100 overflow-y-auto focus-visible:-outline-offset-2"
        data-testid="dollar-history"
      >
        {newestFirst(records).map((record) => (
          <li
            key={record.saving_order.id}
            className="flex items-center gap-3 px-4 py-3 text-sm"
            data-testid="dollar-history-row"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-700">
              <DollarIcon className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{INVESTMENT_FUNDED}</span>
              <span className="block text-xs text-slate-500 tabular-nums">
                {formatEnGbDate(record.saving_order.created_at)} ·{' '}
                {record.saving_order.meta.duration}
              </span>
            </span>
            <span className="font-semibold text-accent-700 tabular-nums">
              + {formatMoneyText(record.saving_order.amount, 'USD')}
            </span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section
      aria-labelledby="dollar-history-heading"
      className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
    >
      <h3
        id="dollar-history-heading"
        className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900"
      >
        Transaction History
      </h3>
      {body}
    </section>
  );
}
