import { Link } from 'react-router';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import {
  TransactionList,
  TransactionListSkeleton,
} from '../../../components/wallet/transaction-list.tsx';
import { NoTransactionsYet } from '../../../components/wallet/no-transactions-yet.tsx';
import { useRecentTransactions } from '../../../lib/wallet-queries.ts';

/** How many of the newest transactions Home shows; the rest are on /wallet. */
export const RECENT_TRANSACTIONS_COUNT = 5;

function RecentTransactionsBody() {
  const recent = useRecentTransactions(RECENT_TRANSACTIONS_COUNT);
  const failure = useReadFailure(recent);

  if (recent.isError || failure.shown) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <p className="text-sm text-slate-600">We could not load your recent transactions.</p>
        <RetryButton busy={recent.isFetching} onRetry={failure.retry} />
      </div>
    );
  }
  if (recent.isPending) return <TransactionListSkeleton rows={3} />;
  if (recent.data.items.length === 0) {
    return (
      <NoTransactionsYet description="Fund your wallet by bank transfer or card to get started." />
    );
  }
  return <TransactionList transactions={recent.data.items} />;
}

/** The five newest transactions, with the way to the full history. */
export function RecentTransactions() {
  return (
    <section
      aria-labelledby="recent-transactions-heading"
      className="h-full rounded-card bg-white shadow-card ring-1 ring-slate-900/5"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-4 py-4 sm:px-6">
        <h2 id="recent-transactions-heading" className="text-lg font-semibold text-slate-900">
          Recent transactions
        </h2>
        <Link
          to="/wallet"
          className="rounded text-sm font-semibold text-brand-700 hover:underline"
          aria-label="See all transactions"
        >
          See all
        </Link>
      </div>
      <RecentTransactionsBody />
    </section>
  );
}
