import { Link } from 'react-router';
import type { SavingRecord } from '@ajo/contracts/savings';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatBusinessDate } from '../../../lib/dates.ts';
import { fixedPlanPath } from '../utils/fixed-plan-location.ts';
import { formatYield, termProgressPercent } from '../utils/savings-totals.ts';
import { PlanStatusBadge } from './plan-status-badge.tsx';
import { ChevronRightIcon, LockIcon } from './savings-icons.tsx';

/** How far the term has come, as a bar with its figure for screen readers. */
function TermProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-1.5 overflow-hidden rounded-full bg-slate-100"
    >
      <div className="h-full rounded-full bg-accent-500" style={{ width: `${String(percent)}%` }} />
    </div>
  );
}

/**
 * One fixed plan in the list: ₦ amount, maturity date, Active or Matured, and its yield as
 * "10%pa" (spec section 2). An active plan shows the interest booked so far; a matured one what
 * it paid. The card opens the plan's own page.
 */
export function FixedPlanCard({ record }: { record: SavingRecord }) {
  const order = record.saving_order;
  const active = order.saving.active;
  const progress = termProgressPercent(order.accrued_interest, order.projected.gross_interest);
  return (
    <li data-testid="fixed-plan-card">
      <Link
        to={fixedPlanPath(record.id, order.id)}
        className="group flex h-full flex-col rounded-card bg-white p-5 shadow-card ring-1 ring-slate-900/5 transition hover:-translate-y-0.5 hover:ring-brand-200 motion-reduce:transition-none"
      >
        <div className="flex items-center justify-between gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <LockIcon className="size-5" />
          </span>
          <PlanStatusBadge active={active} />
        </div>
        <p className="mt-4 text-xs font-medium text-slate-500">Fixed · {order.meta.duration}</p>
        <p
          className="mt-0.5 text-2xl font-bold tracking-tight text-slate-900 tabular-nums"
          data-testid="plan-amount"
        >
          {formatMoneyText(record.amount)}
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Maturity date</dt>
            <dd className="font-semibold text-slate-900" data-testid="plan-maturity">
              {formatBusinessDate(order.meta.maturity_date)}
            </dd>
          </div>
          <div className="text-right">
            <dt className="text-xs text-slate-500">Interest</dt>
            <dd className="font-semibold text-accent-700" data-testid="plan-yield">
              {formatYield(order.meta.percentage_yield)}
            </dd>
          </div>
        </dl>
        <div className="mt-auto pt-4">
          {active ? (
            <>
              <TermProgress percent={progress} label="Term completed" />
              <p className="mt-2 flex items-center justify-between gap-2 text-xs text-slate-600">
                <span>
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {formatMoneyText(order.accrued_interest)}
                  </span>{' '}
                  earned so far
                </span>
                <ChevronRightIcon className="size-4 text-slate-400 group-hover:text-brand-600" />
              </p>
            </>
          ) : (
            <p className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-600">
              <span>
                Paid to wallet{' '}
                <span className="font-semibold text-slate-900 tabular-nums">
                  {formatMoneyText(order.paid?.payout ?? order.projected.payout)}
                </span>
              </span>
              <ChevronRightIcon className="size-4 text-slate-400 group-hover:text-brand-600" />
            </p>
          )}
        </div>
      </Link>
    </li>
  );
}

export function FixedPlanCardSkeleton() {
  return (
    <li
      aria-hidden="true"
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-slate-900/5"
    >
      <div className="flex items-center justify-between">
        <span className="size-10 animate-pulse rounded-xl bg-slate-200" />
        <span className="h-5 w-16 animate-pulse rounded-full bg-slate-100" />
      </div>
      <span className="mt-4 block h-3 w-20 animate-pulse rounded bg-slate-100" />
      <span className="mt-2 block h-7 w-36 animate-pulse rounded-lg bg-slate-200" />
      <div className="mt-4 flex justify-between">
        <span className="h-8 w-24 animate-pulse rounded bg-slate-100" />
        <span className="h-8 w-14 animate-pulse rounded bg-slate-100" />
      </div>
      <span className="mt-4 block h-1.5 w-full animate-pulse rounded-full bg-slate-100" />
    </li>
  );
}
