import { Link } from 'react-router';
import type { Transaction } from '@ajo/contracts/wallet';
import { classNames } from '../../lib/class-names.ts';
import { formatLagosDateTime } from '../../lib/dates.ts';
import { formatMoneyText, formatSignedMoneyText } from '../../lib/money-text.ts';
import {
  transactionChannelLabels,
  transactionStatusLabels,
  transactionTypeLabels,
} from './transaction-labels.ts';
import { useTransactionLocation } from './transaction-location.ts';
import {
  AWAITING_CARD_PAYMENT,
  feeLineText,
  isAwaitingCardPayment,
  onHoldLine,
} from './transaction-presentation.ts';
import { ArrowDownLeftIcon, ArrowUpRightIcon, CardPendingIcon } from './wallet-icons.tsx';

const statusStyles: Record<Transaction['status'], string> = {
  successful: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  failed: 'bg-red-50 text-red-700 ring-red-600/20',
  reversed: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export function TransactionStatusBadge({
  status,
  awaitingCard = false,
}: {
  status: Transaction['status'];
  /** An unpaid card checkout: nothing is on its way, so it does not read as "Pending". */
  awaitingCard?: boolean;
}) {
  return (
    <span
      className={classNames(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        awaitingCard ? 'bg-slate-100 text-slate-700 ring-slate-500/20' : statusStyles[status],
      )}
    >
      {awaitingCard ? AWAITING_CARD_PAYMENT : transactionStatusLabels[status]}
    </span>
  );
}

/** Money that never arrived (or went back) is shown struck through, so totals are not misread. */
function didNotSettle(status: Transaction['status']): boolean {
  return status === 'failed' || status === 'reversed' || status === 'cancelled';
}

/** The icon: money in, money out, or a card checkout nobody has paid yet. */
function DirectionIcon({ transaction }: { transaction: Transaction }) {
  const awaitingCard = isAwaitingCardPayment(transaction);
  const isCredit = transaction.direction === 'credit' && !awaitingCard;
  return (
    <span
      aria-hidden="true"
      className={classNames(
        'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full sm:size-10',
        isCredit ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-700',
      )}
    >
      {awaitingCard ? <CardPendingIcon /> : isCredit ? <ArrowDownLeftIcon /> : <ArrowUpRightIcon />}
    </span>
  );
}

/**
 * The amount as it affects the wallet: signed for money in or out, unsigned for a checkout
 * awaiting payment (nothing has moved), struck through when it never settled.
 */
function AmountText({ transaction }: { transaction: Transaction }) {
  const awaitingCard = isAwaitingCardPayment(transaction);
  const isCredit = transaction.direction === 'credit';
  return (
    <p
      className={classNames(
        'font-semibold tabular-nums',
        didNotSettle(transaction.status)
          ? 'text-slate-500 line-through'
          : awaitingCard
            ? 'text-slate-600'
            : isCredit && transaction.status === 'successful'
              ? 'text-emerald-700'
              : 'text-slate-900',
      )}
    >
      {awaitingCard
        ? formatMoneyText(transaction.amount, transaction.currency)
        : formatSignedMoneyText(transaction.amount, transaction.direction, transaction.currency)}
    </p>
  );
}

/** One movement; the whole row opens its receipt. */
export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const receiptTo = useTransactionLocation(transaction.id);
  const awaitingCard = isAwaitingCardPayment(transaction);
  const feeLine = feeLineText(transaction);
  const onHold = onHoldLine(transaction);
  return (
    <li data-testid="transaction-row">
      <Link
        to={receiptTo}
        className="flex items-start gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:gap-4 sm:px-6"
      >
        <DirectionIcon transaction={transaction} />
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
            <time dateTime={transaction.created_at}>
              {formatLagosDateTime(transaction.created_at)}
            </time>
          </p>
          {/* Its status sits under the text, not beside the amount: on a phone the long label
              beside the amount squeezed the row into a narrow column of broken lines. */}
          {awaitingCard ? (
            <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
              <TransactionStatusBadge status={transaction.status} awaitingCard />
              <span>Not paid yet. Open it to resume or cancel.</span>
            </p>
          ) : null}
          {onHold ? (
            <p
              className={classNames(
                'mt-1 text-xs font-medium',
                onHold.state === 'held' ? 'text-amber-800' : 'text-emerald-800',
              )}
              data-testid="on-hold-line"
            >
              {onHold.text}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 text-right">
          <AmountText transaction={transaction} />
          {feeLine === null ? null : <p className="text-xs text-slate-500">{feeLine}</p>}
          {awaitingCard ? null : <TransactionStatusBadge status={transaction.status} />}
        </div>
      </Link>
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
