import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PlusIcon } from '../../../components/wallet/wallet-icons.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useSavings } from '../api/get-savings.ts';
import { formatBusinessDate } from '../../../lib/dates.ts';
import { dollarPanelSearch } from '../utils/dollar-location.ts';
import { newestFirst } from '../utils/dollar-investments.ts';
import { formatYield } from '../utils/savings-totals.ts';
import { PlanStatusBadge } from './plan-status-badge.tsx';
import { DollarIcon } from './savings-icons.tsx';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';

/** The user's dollar investments as cards: amount, term, rate, due date and status. */
export function DollarInvestmentList() {
  const records = useSavings({ slug: 'dollar' });
  const { search } = useLocation();
  // While Try again asks again, the failure (and its busy button) stays in place.
  if (records.isError || isRetryingRead(records)) {
    return <LoadFailed query={records} />;
  }
  if (records.isPending) {
    return (
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 desktop:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <li
            key={index}
            className="h-40 animate-pulse rounded-card bg-white ring-1 ring-slate-900/5"
          />
        ))}
      </ul>
    );
  }
  if (records.data.length === 0) {
    return (
      <EmptyState
        icon={<DollarIcon className="size-7" />}
        title="No dollar investments yet"
        description="Invest from $50 and earn interest in dollars. On the due date your dollars and their interest arrive in your dollar wallet."
        headingLevel={3}
        action={
          <ButtonLink to={{ search: dollarPanelSearch(search) }}>
            <PlusIcon className="size-4" />
            Make your first investment
          </ButtonLink>
        }
      />
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 desktop:grid-cols-3">
      {newestFirst(records.data).map((record) => {
        const order = record.saving_order;
        return (
          <li
            key={order.id}
            className="rounded-card bg-white p-5 shadow-card ring-1 ring-slate-900/5"
            data-testid="dollar-investment-card"
          >
            <div className="flex items-start justify-between gap-3">
              <span className="flex size-10 items-center justify-center rounded-xl bg-sun-100 text-sun-900">
                <DollarIcon className="size-5" />
              </span>
              <PlanStatusBadge active={order.saving.active} />
            </div>
            <p className="mt-4 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
              {formatMoneyText(record.amount, 'USD')}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {order.meta.duration} · {formatYield(order.meta.percentage_yield)}
            </p>
            <p className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-600">
              Due date{' '}
              <span className="font-semibold text-slate-900">
                {formatBusinessDate(order.meta.maturity_date)}
              </span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
