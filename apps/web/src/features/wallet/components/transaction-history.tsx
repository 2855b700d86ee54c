import { useId, useState, type ReactNode } from 'react';
import { FILTERED_COUNT_CAP } from '@ajo/contracts/wallet';
import { groupThousands } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, ClockIcon } from '../../../components/ui/icons.tsx';
import {
  transactionStatusOptions,
  transactionTypeOptions,
} from '../../../components/wallet/transaction-labels.ts';
import {
  TransactionList,
  TransactionListSkeleton,
} from '../../../components/wallet/transaction-list.tsx';
import { NoTransactionsYet } from '../../../components/wallet/no-transactions-yet.tsx';
import { RefreshIcon } from '../../../components/wallet/wallet-icons.tsx';
import {
  useTransactionHistory,
  type TransactionFilters,
  type TransactionStatus,
  type TransactionType,
} from '../../../lib/wallet-queries.ts';

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

function isTransactionType(value: string): value is TransactionType {
  return transactionTypeOptions.some((option) => option.value === value);
}

function isTransactionStatus(value: string): value is TransactionStatus {
  return transactionStatusOptions.some((option) => option.value === value);
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

/** Every transaction, newest first, filterable by type and status, ten at a time. */
export function TransactionHistory() {
  const [filters, setFilters] = useState<TransactionFilters>({});
  const history = useTransactionHistory(filters);
  const isFiltered = filters.type !== undefined || filters.status !== undefined;
  const transactions = history.data?.pages.flatMap((page) => page.items) ?? [];
  const total = history.data?.pages[0]?.total ?? 0;

  const filterControls = (
    <div className="flex gap-3">
      <FilterSelect
        label="Type"
        value={filters.type ?? ''}
        allLabel="All types"
        options={transactionTypeOptions}
        onChange={(value) => {
          setFilters((current) => ({
            ...current,
            type: isTransactionType(value) ? value : undefined,
          }));
        }}
      />
      <FilterSelect
        label="Status"
        value={filters.status ?? ''}
        allLabel="All statuses"
        options={transactionStatusOptions}
        onChange={(value) => {
          setFilters((current) => ({
            ...current,
            status: isTransactionStatus(value) ? value : undefined,
          }));
        }}
      />
    </div>
  );

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <>
        <TransactionListSkeleton rows={6} />
        <span className="sr-only" role="status">
          Loading transactions
        </span>
      </>
    );
  } else if (history.isError && transactions.length === 0) {
    body = (
      <EmptyState
        icon={<AlertIcon className="size-7" />}
        title="We could not load your transactions"
        description={history.error.message}
        headingLevel={3}
        className="border-none"
        action={
          <Button
            variant="secondary"
            isLoading={history.isFetching}
            onClick={() => {
              void history.refetch();
            }}
          >
            <RefreshIcon className="size-4" />
            Try again
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
              setFilters({});
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
    body = (
      <>
        <TransactionList transactions={transactions} />
        <div className="flex flex-col items-center gap-3 border-t border-slate-100 px-4 py-4 sm:flex-row sm:justify-between sm:px-6">
          <p className="text-sm text-slate-500" role="status">
            Showing {transactions.length} of{' '}
            {isFiltered && total >= FILTERED_COUNT_CAP
              ? `${groupThousands(String(FILTERED_COUNT_CAP))}+`
              : groupThousands(String(total))}
          </p>
          {history.hasNextPage ? (
            <Button
              variant="secondary"
              isLoading={history.isFetchingNextPage}
              onClick={() => {
                void history.fetchNextPage();
              }}
            >
              Load more
            </Button>
          ) : null}
          {history.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-red-700">
              {history.error.message}
            </p>
          ) : null}
        </div>
      </>
    );
  }

  return <HistoryFrame filters={filterControls}>{body}</HistoryFrame>;
}
