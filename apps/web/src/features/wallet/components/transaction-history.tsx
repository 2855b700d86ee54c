import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FILTERED_COUNT_CAP } from '@ajo/contracts/wallet';
import { groupThousands } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, ClockIcon } from '../../../components/ui/icons.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import {
  transactionStatusOptions,
  transactionTypeOptions,
} from '../../../components/wallet/transaction-labels.ts';
import {
  TransactionList,
  TransactionListSkeleton,
} from '../../../components/wallet/transaction-list.tsx';
import { NoTransactionsYet } from '../../../components/wallet/no-transactions-yet.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { TRANSACTIONS_PAGE_SIZE } from '../../../lib/wallet-queries.ts';
import { useTransactionsPage } from '../api/get-transactions-page.ts';
import {
  readHistoryView,
  writeHistoryView,
  type HistoryView,
} from '../utils/history-search-params.ts';
import { readFailureMessage } from '../../../lib/read-failure.ts';

interface FilterSelectProps {
  label: string;
  value: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

function FilterSelect({ label, value, allLabel, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className="mt-1 h-10 w-full rounded-xl bg-white px-3 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function HistoryFrame({ children, filters }: { children: ReactNode; filters: ReactNode }) {
  return (
    <section
      aria-labelledby="transactions-heading"
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5"
    >
      <div className="flex flex-col gap-4 border-b border-slate-100 px-4 py-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <h2 id="transactions-heading" className="text-lg font-semibold text-slate-900">
          Transactions
        </h2>
        {filters}
      </div>
      {children}
    </section>
  );
}

/** "Showing 11–20 of 45" (or "of 1,000+" when a filtered count reached its cap). */
function rangeText(pageIndex: number, shown: number, total: number, isFiltered: boolean): string {
  const first = pageIndex * TRANSACTIONS_PAGE_SIZE + 1;
  const last = pageIndex * TRANSACTIONS_PAGE_SIZE + shown;
  const of =
    isFiltered && total >= FILTERED_COUNT_CAP
      ? `${groupThousands(String(FILTERED_COUNT_CAP))}+`
      : groupThousands(String(total));
  return `Showing ${groupThousands(String(first))}–${groupThousands(String(last))} of ${of}`;
}

/**
 * Every transaction, newest first, ten a page, filterable by type and status. The filters and
 * the page are the URL's (see history-search-params.ts): a filtered view can be shared and
 * survives a reload, and Back returns to the previous page of the history.
 */
export function TransactionHistory() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readHistoryView(searchParams);
  const history = useTransactionsPage(view);
  const failure = useReadFailure(history);
  const isFiltered = view.type !== undefined || view.status !== undefined;
  // The page before stays on screen while the next one loads; once that read has failed it is
  // not this page, so the failure takes the list's place.
  const page = failure.shown && history.isPlaceholderData ? undefined : history.data;
  const transactions = page?.items ?? [];

  const show = (next: HistoryView, options: { replace?: boolean } = {}) => {
    setSearchParams((current) => writeHistoryView(current, next), {
      replace: options.replace ?? false,
      preventScrollReset: true,
    });
  };
  // A new filter starts again from the first page.
  const filter = (change: Partial<HistoryView>) => {
    show({ ...view, ...change, pageIndex: 0 });
  };

  const filterControls = (
    <div className="flex gap-3">
      <FilterSelect
        label="Type"
        value={view.type ?? ''}
        allLabel="All types"
        options={transactionTypeOptions}
        onChange={(value) => {
          filter({ type: transactionTypeOptions.find((option) => option.value === value)?.value });
        }}
      />
      <FilterSelect
        label="Status"
        value={view.status ?? ''}
        allLabel="All statuses"
        options={transactionStatusOptions}
        onChange={(value) => {
          filter({
            status: transactionStatusOptions.find((option) => option.value === value)?.value,
          });
        }}
      />
    </div>
  );

  let body: ReactNode;
  if (failure.shown && !page) {
    body = (
      <EmptyState
        icon={<AlertIcon className="size-7" />}
        title="We could not load your transactions"
        description={failure.error ? readFailureMessage(failure.error) : undefined}
        headingLevel={3}
        className="border-none"
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <RetryButton size="md" busy={history.isFetching} onRetry={failure.retry} />
            {view.pageIndex > 0 ? (
              <Button
                variant="ghost"
                onClick={() => {
                  show({ ...view, pageIndex: view.pageIndex - 1 });
                }}
              >
                Previous page
              </Button>
            ) : null}
          </div>
        }
      />
    );
  } else if (history.isPending) {
    body = (
      <>
        <TransactionListSkeleton rows={6} />
        <span className="sr-only" role="status">
          Loading transactions
        </span>
      </>
    );
  } else if (transactions.length === 0 && view.pageIndex > 0) {
    // A shared or old link to a page the history no longer reaches.
    body = (
      <EmptyState
        icon={<ClockIcon className="size-7" />}
        title="No transactions on this page"
        description="The history is shorter than this page."
        headingLevel={3}
        className="border-none"
        action={
          <Button
            variant="secondary"
            onClick={() => {
              show({ ...view, pageIndex: 0 }, { replace: true });
            }}
          >
            Go to the first page
          </Button>
        }
      />
    );
  } else if (transactions.length === 0) {
    body = isFiltered ? (
      <EmptyState
        icon={<ClockIcon className="size-7" />}
        title="No transactions match these filters"
        description="Try another type or status."
        headingLevel={3}
        className="border-none"
        action={
          <Button
            variant="secondary"
            onClick={() => {
              show({ type: undefined, status: undefined, pageIndex: 0 });
            }}
          >
            Clear filters
          </Button>
        }
      />
    ) : (
      <NoTransactionsYet description="Money you add, save, invest or spend will show here." />
    );
  } else {
    const isPaging = history.isPlaceholderData;
    const onlyPage = view.pageIndex === 0 && page?.has_more !== true;
    body = (
      <>
        <div aria-busy={isPaging} className={classNames(isPaging && 'opacity-60')}>
          <TransactionList transactions={transactions} />
        </div>
        <nav
          aria-label="Transaction pages"
          className="flex flex-col items-center gap-3 border-t border-slate-100 px-4 py-4 sm:flex-row sm:justify-between sm:px-6"
        >
          <p className="text-sm text-slate-500" role="status">
            {rangeText(view.pageIndex, transactions.length, page?.total ?? 0, isFiltered)}
          </p>
          {/* One page only: nothing to page through, so no buttons that can never be used. */}
          <div className={classNames('flex gap-3', onlyPage && 'hidden')}>
            <Button
              variant="secondary"
              size="sm"
              disabled={view.pageIndex === 0 || isPaging}
              onClick={() => {
                show({ ...view, pageIndex: view.pageIndex - 1 });
              }}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={page?.has_more !== true || isPaging}
              onClick={() => {
                show({ ...view, pageIndex: view.pageIndex + 1 });
              }}
            >
              Next
            </Button>
          </div>
          {history.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {readFailureMessage(history.error)}
            </p>
          ) : null}
        </nav>
      </>
    );
  }

  return <HistoryFrame filters={filterControls}>{body}</HistoryFrame>;
}
