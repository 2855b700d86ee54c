import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { isMissingPlan, useSavingOrder } from '../api/get-saving-order.ts';
import { AccrualHistory } from '../components/accrual-history.tsx';
import {
  MaturitySummary,
  NoBreakingNote,
  PlanFacts,
  PlanHero,
} from '../components/fixed-plan-sections.tsx';
import { SavingsBackLink } from '../components/savings-back-link.tsx';
import { FIXED_SAVINGS_PATH } from '../utils/fixed-plan-location.ts';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { focusIfLost } from '../utils/focus-if-lost.ts';

function DetailSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-gutter desktop:grid-cols-5">
      <div className="space-y-gutter desktop:col-span-3">
        <span className="block h-56 animate-pulse rounded-card bg-brand-100" />
        <span className="block h-52 animate-pulse rounded-card bg-white ring-1 ring-slate-900/5" />
      </div>
      <span className="block h-80 animate-pulse rounded-card bg-white ring-1 ring-slate-900/5 desktop:col-span-2" />
    </div>
  );
}

/** One fixed plan, from its shareable address /savings/fixed/{savingId}/{orderId}. */
export function FixedPlanDetailPage() {
  const { savingId = '', orderId = '' } = useParams();
  const plan = useSavingOrder(savingId, orderId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownPlanId = plan.data?.id;

  // Opened from a card or a link, which went with the page before: focus the plan's heading.
  useEffect(() => {
    if (shownPlanId !== undefined) focusIfLost(headingRef.current);
  }, [shownPlanId]);

  let content;
  if (plan.isError || isRetryingRead(plan)) {
    const missing = isMissingPlan(plan.error);
    content = missing ? (
      <EmptyState
        icon={<AlertIcon className="size-7" />}
        title="We could not find this plan"
        description="The link may be mistyped, or the plan belongs to another account."
        action={<ButtonLink to={FIXED_SAVINGS_PATH}>See your fixed plans</ButtonLink>}
      />
    ) : (
      <LoadFailed query={plan} />
    );
  } else if (plan.isPending) {
    content = (
      <>
        <DetailSkeleton />
        <span role="status" className="sr-only">
          Loading your plan
        </span>
      </>
    );
  } else {
    const active = plan.data.saving_order.saving.active;
    content = (
      <div className="grid items-start gap-gutter desktop:grid-cols-5">
        <div className="min-w-0 space-y-gutter desktop:col-span-3">
          <PlanHero plan={plan.data} headingRef={headingRef} />
          <NoBreakingNote active={active} />
          <PlanFacts plan={plan.data} />
          <MaturitySummary plan={plan.data} />
        </div>
        <div className="min-w-0 desktop:col-span-2">
          <AccrualHistory accruals={plan.data.accruals} />
        </div>
      </div>
    );
  }

  return (
    <>
      <title>Fixed plan · Ajo</title>
      <div className="space-y-6">
        <SavingsBackLink to={FIXED_SAVINGS_PATH} label="Fixed Savings" />
        {content}
      </div>
    </>
  );
}
