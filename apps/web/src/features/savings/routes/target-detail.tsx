import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { targetSavingsMessages } from '@ajo/contracts/savings';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { CheckCircleIcon, PlusIcon } from '../../../components/wallet/wallet-icons.tsx';
import { lagosToday } from '../../../lib/dates.ts';
import { isMissingPlan, useSavingOrder } from '../api/get-saving-order.ts';
import { useSavings } from '../api/get-savings.ts';
import { useSavingsProduct } from '../api/get-savings-products.ts';
import { SavingsBackLink } from '../components/savings-back-link.tsx';
import { TargetBreakDialog } from '../components/target-break-dialog.tsx';
import {
  TargetAccessNotice,
  TargetBanner,
  TargetEndedSummary,
  TargetFacts,
  TargetSavedCard,
} from '../components/target-detail-sections.tsx';
import { TargetTopUpView } from '../components/target-top-up-view.tsx';
import { detailSavingId, TARGET_SAVINGS_PATH } from '../utils/target-location.ts';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { focusIfLost } from '../utils/focus-if-lost.ts';

function DetailSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-gutter desktop:grid-cols-5">
      <div className="space-y-gutter desktop:col-span-3">
        <span className="block h-48 animate-pulse rounded-card bg-brand-100" />
        <span className="block h-14 animate-pulse rounded-2xl bg-brand-50" />
        <span className="block h-52 animate-pulse rounded-card bg-white ring-1 ring-slate-900/5" />
      </div>
      <span className="block h-72 animate-pulse rounded-card bg-white ring-1 ring-slate-900/5 desktop:col-span-2" />
    </div>
  );
}

function NotFound() {
  return (
    <EmptyState
      icon={<AlertIcon className="size-7" />}
      title="We could not find this target"
      description="The link may be mistyped, or the target belongs to another account."
      action={<ButtonLink to={TARGET_SAVINGS_PATH}>See your targets</ButtonLink>}
    />
  );
}

/**
 * The saving id (`?a=`, spec section 2) and its order id (`?o=`, or looked up in the list). `a`
 * doubles as the shell's panel switch (`?a=notification`): the plan shown stays while a panel is
 * open, and its id goes back into the URL once the panel has closed.
 */
function useDetailIds() {
  const [searchParams, setSearchParams] = useSearchParams();
  const a = searchParams.get('a');
  const [shown, setShown] = useState<string | null>(() => detailSavingId(a, null));
  const savingId = detailSavingId(a, shown);
  if (savingId !== shown) setShown(savingId);
  useEffect(() => {
    if (a === null && shown !== null) {
      setSearchParams(
        (current) => {
          // The id goes back first, where the link put it.
          const next = new URLSearchParams({ a: shown });
          for (const [name, value] of current) next.append(name, value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [a, shown, setSearchParams]);
  const orderParam = searchParams.get('o');
  const list = useSavings({ slug: 'target_saving' });
  const listed = list.data?.find((record) => record.id === savingId)?.saving_order.id;
  return {
    savingId: savingId ?? '',
    orderId: orderParam ?? listed ?? null,
    lookingUp: orderParam === null && list.isPending,
  };
}

/** One target: /savings/target-savings/detail?a=<savingId>&o=<orderId>. */
export function TargetDetailPage() {
  const ids = useDetailIds();
  const plan = useSavingOrder(ids.savingId, ids.orderId ?? '');
  const target = useSavingsProduct('target_saving');
  const [view, setView] = useState<'overview' | 'top-up'>('overview');
  const [toppedUp, setToppedUp] = useState(false);
  const [breaking, setBreaking] = useState(false);
  const today = lagosToday();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const toppedUpRef = useRef<HTMLParagraphElement>(null);
  const shownPlanId = plan.data?.id;
  const previousView = useRef(view);

  // A plan's page opened from a card or a link (which went with the page before): its heading.
  useEffect(() => {
    if (shownPlanId !== undefined) focusIfLost(headingRef.current);
  }, [shownPlanId]);

  // Back from the top up view, whose buttons went with it: the result, or Top Up again.
  useEffect(() => {
    if (previousView.current === 'top-up' && view === 'overview') {
      focusIfLost(toppedUp ? toppedUpRef.current : actionsRef.current?.querySelector('button'));
    }
    previousView.current = view;
  }, [view, toppedUp]);

  let content;
  if (ids.savingId === '' || (ids.orderId === null && !ids.lookingUp)) {
    content = <NotFound />;
  } else if (ids.orderId !== null && (plan.isError || isRetryingRead(plan))) {
    // While Try again asks again, the failure (and its busy button) stays in place.
    content = isMissingPlan(plan.error) ? <NotFound /> : <LoadFailed query={plan} />;
  } else if (ids.orderId === null || plan.isPending) {
    content = (
      <>
        <DetailSkeleton />
        <span role="status" className="sr-only">
          Loading your target
        </span>
      </>
    );
  } else if (plan.isError) {
    // Not reached (a plan asked for and refused is handled above); it narrows `plan` for below.
    content = <LoadFailed query={plan} />;
  } else {
    const record = plan.data;
    const active = record.saving_order.saving.active;
    content = (
      <div className="grid items-start gap-gutter desktop:grid-cols-5">
        <div className="min-w-0 space-y-gutter desktop:col-span-3">
          <TargetBanner plan={record} today={today} headingRef={headingRef} />
          {toppedUp && view === 'overview' ? (
            <p
              ref={toppedUpRef}
              role="status"
              tabIndex={-1}
              className="flex items-center gap-3 rounded-2xl border border-accent-100 bg-accent-50 px-4 py-3 text-sm font-semibold text-slate-900"
              data-testid="target-topped-up"
            >
              <CheckCircleIcon className="size-5 shrink-0 text-accent-600" />
              {targetSavingsMessages.toppedUp}
            </p>
          ) : null}
          <TargetAccessNotice />
          {view === 'top-up' && active ? (
            <TargetTopUpView
              plan={record}
              onCancel={() => {
                setView('overview');
              }}
              onDone={() => {
                setToppedUp(true);
                setView('overview');
              }}
            />
          ) : (
            <TargetSavedCard
              plan={record}
              actionsRef={actionsRef}
              actions={
                active ? (
                  <>
                    <Button
                      size="lg"
                      onClick={() => {
                        setToppedUp(false);
                        setView('top-up');
                      }}
                    >
                      <PlusIcon className="size-4" />
                      Top Up
                    </Button>
                    <Button
                      variant="danger"
                      size="lg"
                      onClick={() => {
                        setToppedUp(false);
                        setBreaking(true);
                      }}
                    >
                      Break Plan
                    </Button>
                  </>
                ) : undefined
              }
            />
          )}
        </div>
        <div className="min-w-0 space-y-gutter desktop:col-span-2">
          <TargetEndedSummary plan={record} />
          <TargetFacts plan={record} meta={target.product?.meta} today={today} />
        </div>
        <TargetBreakDialog
          open={breaking}
          savingId={record.id}
          orderId={record.saving_order.id}
          reason={record.saving_order.meta.reason}
          onRequestClose={() => {
            setBreaking(false);
          }}
          onClosed={() => {
            // Broken, the plan has no Break Plan to give focus back to: the page's heading.
            focusIfLost(headingRef.current);
          }}
        />
      </div>
    );
  }

  return (
    <>
      <title>Target · Ajo</title>
      <div className="space-y-6">
        <SavingsBackLink to={TARGET_SAVINGS_PATH} label="Target Savings" />
        {content}
      </div>
    </>
  );
}
