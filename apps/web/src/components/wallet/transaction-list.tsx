import type { Transaction } from '@ajo/contracts/wallet';
import { classNames } from '../../lib/class-names.ts';
import { formatLagosDateTime } from '../../lib/dates.ts';
import {
  formatMoneyText,
  formatSignedMoneyText,
  isPositiveMoneyText,
} from '../../lib/money-text.ts';
import {
  transactionChannelLabels,
  transactionStatusLabels,
  transactionTypeLabels,
} from './transaction-labels.ts';
import { ArrowDownLeftIcon, ArrowUpRightIcon } from './wallet-icons.tsx';

const statusStyles: Record<Transaction['status'], string> = {
  successful: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  failed: 'bg-red-50 text-red-700 ring-red-600/20',
  reversed: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export function TransactionStatusBadge({ status }: { status: Transaction['status'] }) {
  return (
    <span
      className={classNames(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        statusStyles[status],
      )}
    >
      {transactionStatusLabels[status]}
    </span>
  );
}

/** Money that never arrived (or went back) is shown struck through, so totals are not misread. */
function didNotSettle(status: Transaction['status']): boolean {
  return status === 'failed' || status === 'reversed' || status === 'cancelled';
}

export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const isCredit = transaction.direction === 'credit';
  const settledAway = didNotSettle(transaction.status);
  const hasFee = isPositiveMoneyText(transaction.fee);
  const hasHeldPart = isPositiveMoneyText(transaction.on_hold_amount);
  return (
    <li className="flex items-start gap-3 px-4 py-4 sm:gap-4 sm:px-6" data-testid="transaction-row">
      <span
        aria-hidden="true"
        className={classNames(
          'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full sm:size-10',
          isCredit ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-700',
        )}
      >
        {isCredit ? <ArrowDownLeftIcon /> : <ArrowUpRightIcon />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 font-medium wrap-anywhere text-slate-900">
          {transaction.description}
        </p>
        <p className="mt-0.5 text-xs text-slate-500 sm:text-sm">
          {/* Phones keep the line short: the icon and amount already say money in or out. */}
          <span className="sr-only sm:not-sr-only">
            {transactionTypeLabels[transaction.type]} ·{' '}
          </span>
          {transactionChannelLabels[transaction.channel]} ·{' '}
          <time dateTime={transaction.created_at}>{formatLagosDateTime(transaction.created_at)}</time>
        </p>
        {hasHeldPart ? (
          <p className="mt-1 text-xs font-medium text-amber-800">
            {formatMoneyText(transaction.on_hold_amount, transaction.currency)} on hold (above your
            limit)
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <p
          className={classNames(
            'font-semibold tabular-nums',
            settledAway
              ? 'text-slate-500 line-through'
              : isCredit && transaction.status === 'successful'
                ? 'text-emerald-700'
                : 'text-slate-900',
          )}
        >
          {formatSignedMoneyText(transaction.amount, transaction.direction, transaction.currency)}
        </p>
        {hasFee ? (
          <p className="text-xs text-slate-500">
            Fee {formatMoneyText(transaction.fee, transaction.currency)}
          </p>
        ) : null}
        <TransactionStatusBadge status={transaction.status} />
      </div>
    </li>
  );
}

export function TransactionList({ transactions }: { transactions: readonly Transaction[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {transactions.map((transaction) => (
        <TransactionRow key={transaction.id} transaction={transaction} />
      ))}
    </ul>
  );
}

/** Grey bars in the shape of the rows, while the first page loads. */
export function TransactionListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="flex items-center gap-4 px-4 py-4 sm:px-6">
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-2/3 max-w-56 animate-pulse rounded bg-slate-200" />
            <span className="block h-3 w-1/2 max-w-40 animate-pulse rounded bg-slate-100" />
          </span>
          <span className="flex flex-col items-end gap-2">
            <span className="block h-4 w-20 animate-pulse rounded bg-slate-200" />
            <span className="block h-4 w-14 animate-pulse rounded-full bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}
