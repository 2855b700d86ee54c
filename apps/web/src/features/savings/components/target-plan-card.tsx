import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SavingRecord } from '@ajo/contracts/savings';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { achievedText, progressWidth, targetAmountText } from '../utils/target-display.ts';
import { targetDetailLocation } from '../utils/target-location.ts';
import { formatYield } from '../utils/savings-totals.ts';
import { PlanStatusBadge } from './plan-status-badge.tsx';
import { ChevronRightIcon } from './savings-icons.tsx';
import { CategoryIcon } from './target-icons.tsx';

/** How much of the target is saved, as a bar with its figure for screen readers. */
export function TargetProgressBar({
  percent,
  label,
  className,
  barClassName = 'bg-accent-500',
}: {
  percent: number;
  label: string;
  className?: string;
  barClassName?: string;
}) {
  const width = progressWidth(percent);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.floor(width)}
      className={classNames('overflow-hidden rounded-full', className ?? 'h-2 bg-slate-100')}
    >
      <div
        className={classNames('h-full rounded-full transition-[width]', barClassName)}
        style={{ width: `${String(width)}%` }}
      />
    </div>
  );
}

/**
 * One target in the list (spec section 2): the reason, '₦<amount> target', '<n>% achieved',
 * Active or Matured and '<yield>%pa'. An active card opens the target; a matured one does not.
 */
export function TargetPlanCard({
  record,
  categoryLabel,
}: {
  record: SavingRecord;
  categoryLabel: string;
}) {
  const order = record.saving_order;
  const active = order.saving.active;
  const percent = order.target?.progress_percent ?? 0;
  const content: ReactNode = (
    <>
      <div className="flex items-center justify-between gap-3">
        <span
          className={classNames(
            'flex size-10 items-center justify-center rounded-xl',
            active ? 'bg-accent-50 text-accent-700' : 'bg-slate-100 text-slate-600',
          )}
        >
          <CategoryIcon label={categoryLabel} className="size-5" />
        </span>
        <PlanStatusBadge active={active} />
      </div>
      <h3
        className="mt-4 truncate text-base font-semibold text-slate-900"
        data-testid="target-reason"
      >
        {order.meta.reason}
      </h3>
      <p className="mt-0.5 text-sm text-slate-600" data-testid="target-amount">
        {targetAmountText(order.amount)}
      </p>
      <p
        className="mt-3 text-2xl font-bold tracking-tight text-slate-900 tabular-nums"
        data-testid="target-saved"
      >
        {formatMoneyText(record.amount)}
        <span className="ml-1.5 text-xs font-medium tracking-normal text-slate-500">saved</span>
      </p>
      <div className="mt-auto pt-4">
        <TargetProgressBar percent={percent} label={`${order.meta.reason}: target achieved`} />
        <p className="mt-2 flex items-center justify-between gap-2 text-xs">
          <span className="font-semibold text-slate-900" data-testid="target-achieved">
            {achievedText(percent, active)}
          </span>
          <span className="flex items-center gap-1">
            <span className="font-semibold text-accent-700" data-testid="plan-yield">
              {formatYield(order.meta.percentage_yield)}
            </span>
            {active ? (
              <ChevronRightIcon className="size-4 text-slate-400 group-hover:text-brand-600" />
            ) : null}
          </span>
        </p>
        {!active && order.status === 'broken' ? (
          <p className="mt-3 border-t border-slate-100 pt-3 text-xs text-slate-600">
            Broken early
            {order.paid ? (
              <>
                {' · '}
                <span className="font-semibold text-slate-900 tabular-nums">
                  {formatMoneyText(order.paid.payout)}
                </span>{' '}
                back to wallet
              </>
            ) : null}
          </p>
        ) : !active && order.paid ? (
          <p className="mt-3 border-t border-slate-100 pt-3 text-xs text-slate-600">
            Paid to wallet{' '}
            <span className="font-semibold text-slate-900 tabular-nums">
              {formatMoneyText(order.paid.payout)}
            </span>
          </p>
        ) : null}
      </div>
    </>
  );
  const cardClassName =
    'flex h-full flex-col rounded-card bg-white p-5 shadow-card ring-1 ring-slate-900/5';
  return (
    <li data-testid="target-plan-card">
      {active ? (
        <Link
          to={targetDetailLocation(record.id, order.id)}
          className={classNames(
            cardClassName,
            'group transition hover:-translate-y-0.5 hover:ring-brand-200 motion-reduce:transition-none',
          )}
        >
          {content}
        </Link>
      ) : (
        <div className={cardClassName}>{content}</div>
      )}
    </li>
  );
}

export function TargetPlanCardSkeleton() {
  return (
    <li
      aria-hidden="true"
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-slate-900/5"
    >
      <div className="flex items-center justify-between">
        <span className="size-10 animate-pulse rounded-xl bg-slate-200" />
        <span className="h-5 w-16 animate-pulse rounded-full bg-slate-100" />
      </div>
      <span className="mt-4 block h-4 w-32 animate-pulse rounded bg-slate-200" />
      <span className="mt-2 block h-3 w-24 animate-pulse rounded bg-slate-100" />
      <span className="mt-4 block h-7 w-36 animate-pulse rounded-lg bg-slate-200" />
      <span className="mt-5 block h-2 w-full animate-pulse rounded-full bg-slate-100" />
      <div className="mt-2 flex justify-between">
        <span className="h-3 w-20 animate-pulse rounded bg-slate-100" />
        <span className="h-3 w-10 animate-pulse rounded bg-slate-100" />
      </div>
    </li>
  );
}
