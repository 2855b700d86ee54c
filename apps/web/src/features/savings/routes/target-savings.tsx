import type { QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '@ajo/money/format';
import { PlusIcon } from '../../../components/wallet/wallet-icons.tsx';
import { walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { savingsQueryOptions } from '../api/get-savings.ts';
import { savingsProductsQueryOptions } from '../api/get-savings-products.ts';
import { targetSavingsQueryOptions, useTargetSavings } from '../api/get-target-savings.ts';
import { FixedPlanTabs, PLAN_TAB_PANEL_ID, planTabId } from '../components/fixed-plan-tabs.tsx';
import { SavingsBalanceCard } from '../components/savings-balance-card.tsx';
import { ChevronLeftIcon } from '../components/savings-icons.tsx';
import { TargetChallengeBanner } from '../components/target-challenge-banner.tsx';
import { TargetPlanList } from '../components/target-plan-list.tsx';
import { TargetRateCard } from '../components/target-rate-card.tsx';
import { readPlanTab, writePlanTab } from '../utils/fixed-plan-location.ts';
import { newTargetLocation } from '../utils/target-location.ts';
import { totalSavedMinor } from '../utils/savings-totals.ts';

/** What the page shows first, asked for by its route's loader while the user is on its way. */
export function prefetchTargetSavingsData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(savingsProductsQueryOptions),
    queryClient.query(targetSavingsQueryOptions('active')),
    queryClient.query(savingsQueryOptions({ status: 'active' })),
    queryClient.query(walletsQueryOptions),
  ]);
}

/** Total Balance: ₦ and the sum of the active targets' amounts (spec sections 2 and 4). */
function TargetTotalCard() {
  const active = useTargetSavings('active');
  const count = active.data?.length ?? 0;
  return (
    <SavingsBalanceCard
      headingId="target-total-heading"
      heading="Total Balance"
      figure={formatMoney(totalSavedMinor(active.data ?? []), 'NGN')}
      figureTestId="target-total"
      caption={
        count === 0
          ? 'No active targets yet'
          : `Saved in ${String(count)} active target${count === 1 ? '' : 's'}`
      }
      isPending={active.isPending}
      isError={active.isError}
      onRetry={() => {
        void active.refetch();
      }}
      actions={
        <Link
          to={newTargetLocation()}
          className="inline-flex h-11 items-center gap-2 rounded-xl bg-white px-5 text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-white"
        >
          <PlusIcon className="size-4" />
          Create new target
        </Link>
      }
    />
  );
}

/**
 * Target Savings: the active targets' total, a new target, the rate, the challenge, and the
 * targets under Active and Matured (`?status=matured`; matured and broken plans alike).
 */
export function TargetSavingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readPlanTab(searchParams);
  return (
    <>
      <title>Target savings · Ajo</title>
      <div className="space-y-section">
        <div>
          <Link
            to="/savings"
            className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline"
          >
            <ChevronLeftIcon className="size-4" />
            Savings plans
          </Link>
          <h2 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Target Savings
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            Reach your goals faster: save a little every week or month towards what matters.
          </p>
        </div>
        <div className="grid gap-gutter desktop:grid-cols-3">
          <div className="min-w-0 desktop:col-span-2">
            <TargetTotalCard />
          </div>
          <TargetRateCard />
        </div>
        <TargetChallengeBanner />
        <section aria-labelledby="target-plans-heading" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="target-plans-heading" className="text-lg font-semibold text-slate-900">
              Your targets
            </h2>
            <FixedPlanTabs
              label="Targets"
              selected={tab}
              onSelect={(next) => {
                setSearchParams((current) => writePlanTab(current, next), {
                  replace: true,
                  preventScrollReset: true,
                });
              }}
            />
          </div>
          <div role="tabpanel" id={PLAN_TAB_PANEL_ID} aria-labelledby={planTabId(tab)}>
            <TargetPlanList tab={tab} />
          </div>
        </section>
      </div>
    </>
  );
}
