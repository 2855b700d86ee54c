import type { CardTransaction } from '@ajo/contracts/cards';
import { Button } from '../../../components/ui/button.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { useCardTransactions } from '../api/get-card-transactions.ts';
import {
  cardTransactionBadge,
  cardTransactionSubtitle,
  cardTransactionTitle,
  formatCardTransactionAmount,
  type BadgeTone,
} from '../utils/card-display.ts';
import { ArrowIntoIcon, ArrowOutIcon, GlobeIcon } from './card-icons.tsx';

const badgeStyles: Record<BadgeTone, string> = {
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

function StatusBadge({ status }: { status: CardTransaction['status'] }) {
  const badge = cardTransactionBadge(status);
  return (
    <span
      className={classNames(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        badgeStyles[badge.tone],
      )}
      data-testid="card-transaction-status"
    >
      {badge.label}
    </span>
  );
}

function TransactionGlyph({ transaction }: { transaction: CardTransaction }) {
  const merchant = transaction.type === 'purchase' || transaction.type === 'refund';
  const incoming = !transaction.amount.startsWith('-');
  return (
    <span
      aria-hidden="true"
      className={classNames(
        'flex size-10 shrink-0 items-center justify-center rounded-full',
        transaction.status === 'declined'
          ? 'bg-red-50 text-red-600'
          : merchant
            ? 'bg-brand-50 text-brand-700'
            : incoming
              ? 'bg-emerald-50 text-emerald-700'
              : 'bg-slate-100 text-slate-700',
      )}
    >
      {merchant ? (
        <GlobeIcon className="size-5" />
      ) : incoming ? (
        <ArrowIntoIcon className="size-5" />
      ) : (
        <ArrowOutIcon className="size-5" />
      )}
    </span>
  );
}

function TransactionRow({ transaction }: { transaction: CardTransaction }) {
  const faded = transaction.status === 'declined' || transaction.status === 'reversed';
  return (
    <li
      className="flex gap-3 py-3.5"
      data-testid="card-transaction"
      data-status={transaction.status}
    >
      <TransactionGlyph transaction={transaction} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <p className="truncate font-semibold text-slate-900" data-testid="card-transaction-title">
            {cardTransactionTitle(transaction)}
          </p>
          <p
            className={classNames(
              'shrink-0 font-semibold tabular-nums',
              faded ? 'text-slate-500 line-through' : 'text-slate-900',
            )}
            data-testid="card-transaction-amount"
          >
            {formatCardTransactionAmount(transaction)}
          </p>
        </div>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="text-xs text-slate-500">
            {[cardTransactionSubtitle(transaction), formatLagosDateTime(transaction.created_at)]
              .filter((part) => part !== '')
              .join(' · ')}
          </p>
          <StatusBadge status={transaction.status} />
        </div>
        {transaction.status === 'declined' && transaction.decline_reason ? (
          <p
            className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-xs leading-5 text-red-800"
            data-testid="card-transaction-decline-reason"
          >
            <span className="font-semibold">Declined: </span>
            {transaction.decline_reason}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function LoadingRows() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="flex gap-3 py-3.5">
          <span className="size-10 animate-pulse rounded-full bg-slate-100" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-2/3 animate-pulse rounded bg-slate-100" />
            <span className="block h-3 w-1/3 animate-pulse rounded bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Everything that happened on the card, newest first: fundings, withdrawals, fees, purchases with
 * their merchant and state (pending until the merchant settles), and declined attempts with why.
 */
export function CardTransactions({ cardId }: { cardId: string }) {
  const transactions = useCardTransactions(cardId);
  const failure = useReadFailure(transactions);
  const items = transactions.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section
      aria-labelledby="card-transactions-heading"
      aria-busy={transactions.isPending}
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <h2 id="card-transactions-heading" className="text-base font-semibold text-slate-900">
        Card transactions
      </h2>
      {failure.shown ? (
        <div className="mt-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          <p>We could not load your card transactions.</p>
          <RetryButton busy={transactions.isFetching} className="mt-3" onRetry={failure.retry} />
        </div>
      ) : transactions.isPending ? (
        <LoadingRows />
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
          <p className="font-semibold text-slate-900">No transactions yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Purchases, fundings and withdrawals on this card show here.
          </p>
        </div>
      ) : (
        <>
          <ul className="mt-1 divide-y divide-slate-100">
            {items.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
          {transactions.hasNextPage ? (
            <Button
              variant="secondary"
              className="mt-3 w-full"
              isLoading={transactions.isFetchingNextPage}
              onClick={() => {
                void transactions.fetchNextPage();
              }}
            >
              Show more
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
