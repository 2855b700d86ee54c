import type { ReactNode, Ref } from 'react';
import type { SavingOrderDetail, SavingsProduct } from '@ajo/contracts/savings';
import { formatLagosDate } from '../../../lib/dates.ts';
import { formatMoneyText, isPositiveMoneyText } from '../../../lib/money-text.ts';
import { frequencyLabel } from '../utils/target-display.ts';
import { daysLeft, daysLeftText, formatTargetDate } from '../utils/target-dates.ts';
import { EarningsSummary } from './earnings-summary.tsx';
import { Fact, FactsCard } from './facts-card.tsx';
import { PlanStatusBadge } from './plan-status-badge.tsx';
import { TargetProgressBar } from './target-plan-card.tsx';
import { ShieldCheckIcon } from './target-icons.tsx';

/*
 * The parts of a target's page (spec section 2): the banner, the notice, the saved amount and
 * its progress, 'What I need to know', and once ended what was paid.
 */

type Meta = SavingsProduct['meta'] | undefined;

/**
 * The reason, days left, the target and the rate, as '% pa'. The reason is the page's heading,
 * where focus goes when the page opens or the control that had it goes away (headingRef).
 */
export function TargetBanner({
  plan,
  today,
  headingRef,
}: {
  plan: SavingOrderDetail;
  today: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const order = plan.saving_order;
  const active = order.saving.active;
  const left = daysLeft(order.meta.maturity_date, today);
  return (
    <section
      aria-labelledby="target-banner-heading"
      className="relative overflow-hidden rounded-card bg-linear-to-br from-brand-600 via-brand-700 to-brand-900 p-6 text-white shadow-lg shadow-brand-900/10 sm:p-7"
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-white/10"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-20 left-1/3 size-40 rounded-full bg-white/5"
      />
      <div className="relative">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-medium text-brand-100">Target Savings</p>
          <span className="rounded-full bg-white px-0.5 py-0.5">
            <PlanStatusBadge
              active={active}
              label={order.status === 'broken' ? 'Broken' : undefined}
            />
          </span>
        </div>
        <h2
          ref={headingRef}
          id="target-banner-heading"
          tabIndex={-1}
          className="mt-2 text-2xl font-bold tracking-tight break-words focus-visible:outline-white sm:text-3xl"
          data-testid="target-banner-reason"
        >
          {order.meta.reason}
        </h2>
        <dl className="mt-5 grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-xs text-brand-100">Target</dt>
            <dd className="mt-0.5 font-semibold tabular-nums" data-testid="target-banner-amount">
              {formatMoneyText(order.amount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-brand-100">Time left</dt>
            <dd className="mt-0.5 font-semibold" data-testid="target-banner-days">
              {active ? daysLeftText(left) : 'Ended'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-brand-100">Interest</dt>
            <dd className="mt-0.5 font-semibold" data-testid="target-banner-rate">
              {String(order.meta.percentage_yield)}% pa
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

/** The spec's notice that the deposits are the user's alone. */
export function TargetAccessNotice() {
  return (
    <p className="flex items-start gap-3 rounded-2xl border border-brand-100 bg-brand-50 px-4 py-3.5 text-sm leading-6 text-brand-900">
      <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
      <span>Your individual savings/deposits is accessible to only you at due date.</span>
    </p>
  );
}

/** Total Saved Amount, the progress bar, the collection's state, and what can be done. */
export function TargetSavedCard({
  plan,
  actions,
  actionsRef,
}: {
  plan: SavingOrderDetail;
  actions?: ReactNode;
  /** The actions' box, whose first button (Top Up) takes focus back from the top up view. */
  actionsRef?: Ref<HTMLDivElement>;
}) {
  const order = plan.saving_order;
  const target = order.target;
  const percent = target?.progress_percent ?? 0;
  const automatic = target?.collection_method === 'automatic';
  return (
    <section
      aria-labelledby="target-saved-heading"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <div className="flex items-end justify-between gap-3">
        <div>
          <h2 id="target-saved-heading" className="text-sm font-medium text-slate-500">
            Total Saved Amount
          </h2>
          <p
            className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums"
            data-testid="target-saved-amount"
          >
            {formatMoneyText(plan.amount)}
          </p>
        </div>
        <p
          className="text-right text-sm font-semibold text-accent-700"
          data-testid="target-progress"
        >
          {String(Math.floor(percent))}%
        </p>
      </div>
      <TargetProgressBar
        percent={percent}
        label="Target achieved"
        className="mt-3 h-3 bg-slate-100"
        barClassName="bg-linear-to-r from-accent-500 to-accent-300"
      />
      <p className="mt-2 text-xs text-slate-500">of your {formatMoneyText(order.amount)} target</p>
      {target && order.saving.active ? (
        <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 text-sm">
          <Fact
            label={automatic ? 'Next collection' : 'Suggested top up'}
            value={
              automatic ? (
                target.next_collection_date ? (
                  <>
                    {formatTargetDate(target.next_collection_date)}
                    <span className="block text-xs font-medium text-slate-500">
                      {formatMoneyText(target.next_collection_amount ?? target.collection_amount)}{' '}
                      from your wallet
                    </span>
                  </>
                ) : percent >= 100 ? (
                  'Target reached: no more collections'
                ) : (
                  'No instalments left'
                )
              ) : (
                formatMoneyText(target.collection_amount)
              )
            }
            testId="target-next-collection"
          />
          {automatic ? (
            <Fact
              label="Missed instalments"
              value={
                <span className={target.missed_instalments > 0 ? 'text-red-700' : undefined}>
                  {String(target.missed_instalments)}
                </span>
              }
              testId="target-missed"
            />
          ) : (
            <Fact label="Collection" value="Manual top ups" testId="target-collection" />
          )}
        </dl>
      ) : null}
      {actions ? (
        <div ref={actionsRef} className="mt-5 grid grid-cols-2 gap-3">
          {actions}
        </div>
      ) : null}
    </section>
  );
}

/** 'What I need to know' (spec section 2), dates as 'MMMM Do YYYY'. */
export function TargetFacts({
  plan,
  meta,
  today,
}: {
  plan: SavingOrderDetail;
  meta: Meta;
  today: string;
}) {
  const order = plan.saving_order;
  const target = order.target;
  const frequency = target
    ? frequencyLabel(target.frequency, meta?.collection_frequencies)
    : order.meta.duration;
  return (
    <FactsCard
      headingId="target-facts-heading"
      wideColumns={3}
      footer={
        // Advice for a running plan only: an ended one shows what it paid instead.
        order.saving.active ? (
          <p className="mt-5 border-t border-slate-100 pt-4 text-xs leading-5 text-slate-500">
            Interest so far{' '}
            <span className="font-semibold text-slate-900 tabular-nums" data-testid="fact-accrued">
              {formatMoneyText(order.accrued_interest)}
            </span>
            . Meet your target by the withdrawal date to keep it; otherwise only your deposits are
            paid back.
          </p>
        ) : undefined
      }
    >
      <Fact
        label="Withdrawal Date"
        value={formatTargetDate(order.meta.maturity_date)}
        testId="fact-withdrawal"
      />
      <Fact label="Frequency" value={frequency} testId="fact-frequency" />
      <Fact
        label="Start Date"
        value={formatTargetDate(order.meta.start_date)}
        testId="fact-start"
      />
      <Fact label="My Target" value={formatMoneyText(order.amount)} testId="fact-target" />
      <Fact
        label="Days Left"
        value={String(order.saving.active ? daysLeft(order.meta.maturity_date, today) : 0)}
        testId="fact-days-left"
      />
      <Fact
        label="Interest"
        value={`${String(order.meta.percentage_yield)}% per annum`}
        testId="fact-interest"
      />
    </FactsCard>
  );
}

/** Once ended: what was paid to the wallet, and what was kept back. */
export function TargetEndedSummary({ plan }: { plan: SavingOrderDetail }) {
  const order = plan.saving_order;
  const paid = order.paid;
  if (!paid) return null;
  const broken = order.status === 'broken';
  return (
    <EarningsSummary
      className="bg-white p-card shadow-card sm:p-card"
      title={broken ? 'Broken early' : 'Paid at maturity'}
      note={`${broken ? 'Broken' : 'Paid'} on ${formatLagosDate(paid.matured_at)}`}
      rows={[
        // Deposits, less the charge, plus net interest: what was paid. Forfeited interest was never
        // added, so it is shown without a minus, as the break dialog shows it.
        { label: 'Your deposits', value: formatMoneyText(plan.amount) },
        ...(isPositiveMoneyText(paid.charge)
          ? [
              {
                label: '1% charge on deposits',
                value: `\u2212${formatMoneyText(paid.charge)}`,
                deduction: true,
              },
            ]
          : []),
        ...(isPositiveMoneyText(paid.forfeited_interest)
          ? [
              {
                label: 'Interest forfeited',
                value: formatMoneyText(paid.forfeited_interest),
                deduction: true,
              },
            ]
          : []),
        ...(isPositiveMoneyText(paid.net_interest)
          ? [{ label: 'Net interest', value: formatMoneyText(paid.net_interest) }]
          : []),
        {
          label: 'Paid to your wallet',
          value: formatMoneyText(paid.payout),
          emphasis: true,
          testId: 'target-paid',
        },
      ]}
    />
  );
}
