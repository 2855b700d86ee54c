import type { Ref } from 'react';
import type { SavingOrderDetail } from '@ajo/contracts/savings';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { formatLagosDate } from '../../../lib/dates.ts';
import { formatMoneyText, isPositiveMoneyText } from '../../../lib/money-text.ts';
import { formatBusinessDate } from '../../../lib/dates.ts';
import { formatYield, termProgressPercent } from '../utils/savings-totals.ts';
import { EarningsSummary } from './earnings-summary.tsx';
import { Fact, FactsCard } from './facts-card.tsx';
import { PlanStatusBadge } from './plan-status-badge.tsx';
import { LockIcon } from './savings-icons.tsx';

/*
 * The parts of a fixed plan's page: the principal and its progress, the facts, what maturity pays
 * (projected, then paid) and the note that a fixed plan cannot be broken.
 */

/**
 * Principal, status and how far the term has come. Its heading is where focus goes when the
 * plan's page opens from a card or a link (headingRef).
 */
export function PlanHero({
  plan,
  headingRef,
}: {
  plan: SavingOrderDetail;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const order = plan.saving_order;
  const active = order.saving.active;
  const progress = termProgressPercent(order.accrued_interest, order.projected.gross_interest);
  return (
    <section
      aria-labelledby="plan-principal-heading"
      className="relative overflow-hidden rounded-card bg-linear-to-br from-brand-600 via-brand-700 to-brand-900 p-6 text-white shadow-lg shadow-brand-900/10 sm:p-7"
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-white/10"
      />
      <div className="relative">
        <div className="flex items-center justify-between gap-3">
          <h2
            ref={headingRef}
            id="plan-principal-heading"
            tabIndex={-1}
            className="text-sm font-medium text-brand-100 focus-visible:outline-white"
          >
            Fixed plan · {order.meta.duration}
          </h2>
          <span className="rounded-full bg-white px-0.5 py-0.5">
            <PlanStatusBadge active={active} />
          </span>
        </div>
        <p
          className="mt-2 text-4xl font-bold tracking-tight tabular-nums sm:text-[2.75rem]"
          data-testid="plan-principal"
        >
          {formatMoneyText(plan.amount)}
        </p>
        <p className="mt-1 text-sm text-brand-100">
          Principal · {active ? 'earning' : 'earned'}{' '}
          <span className="font-semibold text-white">
            {formatYield(order.meta.percentage_yield)}
          </span>
        </p>
        {active ? (
          <div className="mt-6">
            <div className="flex justify-between text-xs text-brand-100">
              <span>{formatBusinessDate(order.meta.start_date)}</span>
              <span>{formatBusinessDate(order.meta.maturity_date)}</span>
            </div>
            <div
              role="progressbar"
              aria-label="Term completed"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="mt-1.5 h-2 overflow-hidden rounded-full bg-white/20"
            >
              <div
                className="h-full rounded-full bg-sun-300"
                style={{ width: `${String(progress)}%` }}
              />
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}

export function PlanFacts({ plan }: { plan: SavingOrderDetail }) {
  const order = plan.saving_order;
  const facts = [
    { label: 'Principal', value: formatMoneyText(plan.amount), testId: 'fact-principal' },
    {
      label: 'Interest rate',
      value: `${String(order.meta.percentage_yield)}% per annum`,
      testId: 'fact-rate',
    },
    { label: 'Start date', value: formatBusinessDate(order.meta.start_date), testId: 'fact-start' },
    {
      label: 'Maturity date',
      value: formatBusinessDate(order.meta.maturity_date),
      testId: 'fact-maturity',
    },
    { label: 'Duration', value: order.meta.duration, testId: 'fact-duration' },
    {
      label: order.saving.active ? 'Interest so far' : 'Interest earned',
      value: formatMoneyText(order.accrued_interest),
      testId: 'fact-accrued',
    },
  ];
  return (
    <FactsCard
      headingId="plan-facts-heading"
      wideColumns={3}
      footer={
        <div className="mt-5 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4 text-xs text-slate-500">
          <span className="min-w-0">
            Plan reference <span className="font-mono break-all text-slate-700">{order.id}</span>
          </span>
          <CopyButton value={order.id} what="plan reference" />
        </div>
      }
    >
      {facts.map((fact) => (
        <Fact key={fact.label} {...fact} />
      ))}
    </FactsCard>
  );
}

/** At maturity: projected until then, what was paid once it has. */
export function MaturitySummary({ plan }: { plan: SavingOrderDetail }) {
  const order = plan.saving_order;
  const paid = order.paid;
  const figures = paid ?? order.projected;
  return (
    <EarningsSummary
      className="bg-white p-card shadow-card sm:p-card"
      title={paid ? 'Paid at maturity' : 'At maturity'}
      note={paid ? `Paid on ${formatLagosDate(paid.matured_at)}` : 'Projected'}
      rows={[
        {
          label: 'Gross interest',
          value: formatMoneyText(figures.gross_interest),
          testId: 'maturity-gross',
        },
        {
          label: 'Withholding tax (10%)',
          value: `\u2212${formatMoneyText(figures.withholding_tax)}`,
          testId: 'maturity-tax',
          deduction: true,
        },
        {
          label: 'Net interest',
          value: formatMoneyText(figures.net_interest),
          testId: 'maturity-net',
        },
        // A fixed plan is never broken, so these stay at zero; shown only if the server says more.
        ...(paid && isPositiveMoneyText(paid.forfeited_interest)
          ? [
              {
                label: 'Interest forfeited',
                value: `\u2212${formatMoneyText(paid.forfeited_interest)}`,
                deduction: true,
              },
            ]
          : []),
        ...(paid && isPositiveMoneyText(paid.charge)
          ? [
              {
                label: 'Charge',
                value: `\u2212${formatMoneyText(paid.charge)}`,
                deduction: true,
              },
            ]
          : []),
        {
          label: paid ? 'Paid to your wallet' : 'You get in your wallet',
          value: formatMoneyText(figures.payout),
          testId: 'maturity-payout',
          emphasis: true,
        },
      ]}
    />
  );
}

export function NoBreakingNote({ active }: { active: boolean }) {
  return (
    <p className="flex items-start gap-3 rounded-2xl border border-brand-100 bg-brand-50 px-4 py-3.5 text-sm leading-6 text-brand-900">
      <LockIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
      <span>
        {active
          ? 'Fixed plans cannot be broken early. Your principal and net interest are paid to your wallet on the maturity date.'
          : 'This plan has matured: its principal and net interest were paid to your wallet. Fixed plans cannot be broken early.'}
      </span>
    </p>
  );
}
