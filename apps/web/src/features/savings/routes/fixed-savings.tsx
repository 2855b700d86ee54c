import type { QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '@ajo/money/format';
import { PlusIcon } from '../../../components/wallet/wallet-icons.tsx';
import { walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { useSavings, savingsQueryOptions } from '../api/get-savings.ts';
import { savingsProductsQueryOptions, useSavingsProduct } from '../api/get-savings-products.ts';
import { FixedPlanList } from '../components/fixed-plan-list.tsx';
import { FixedPlanPanel } from '../components/fixed-plan-panel.tsx';
import { FixedPlanTabs, PLAN_TAB_PANEL_ID, planTabId } from '../components/fixed-plan-tabs.tsx';
import { SavingsBalanceCard } from '../components/savings-balance-card.tsx';
import { ChevronLeftIcon, GrowthIcon } from '../components/savings-icons.tsx';
import {
  readPlanTab,
  useNewFixedPlanLocation,
  writePlanTab,
} from '../utils/fixed-plan-location.ts';
import { totalSavedMinor } from '../utils/savings-totals.ts';

/** What the page shows first, asked for by its route's loader while the user is on its way. */
export function prefetchFixedSavingsData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(savingsProductsQueryOptions),
    queryClient.query(savingsQueryOptions({ slug: 'fixed', status: 'active' })),
    queryClient.query(walletsQueryOptions),
  ]);
}

/** Total Balance: ₦ and the sum of the active fixed plans (spec section 2). */
function FixedTotalCard() {
  const active = useSavings({ slug: 'fixed', status: 'active' });
  const newPlanTo = useNewFixedPlanLocation();
  const count = active.data?.length ?? 0;
  return (
    <SavingsBalanceCard
      headingId="fixed-total-heading"
      heading="Total Balance"
      figure={formatMoney(totalSavedMinor(active.data ?? []), 'NGN')}
      figureTestId="fixed-total"
      caption={
        count === 0
          ? 'No active plans yet'
          : `In ${String(count)} active plan${count === 1 ? '' : 's'}`
      }
      isPending={active.isPending}
      isError={active.isError}
      onRetry={() => {
        void active.refetch();
      }}
      actions={
        <Link
          to={newPlanTo}
          className="inline-flex h-11 items-center gap-2 rounded-xl bg-white px-5 text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-white"
        >
          <PlusIcon className="size-4" />
          Set a new fixed plan
        </Link>
      }
    />
  );
}

/** The first duration's rate, per annum; wide screens only (spec section 2). */
function AnnualRateCard() {
  const fixed = useSavingsProduct('fixed');
  const rate = fixed.product?.meta.durations[0]?.rate;
  return (
    <section
      aria-labelledby="fixed-rate-heading"
      className="hidden flex-col justify-between rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5 desktop:flex"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="fixed-rate-heading" className="text-sm font-medium text-slate-500">
          Annual Interest Rate
        </h2>
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent-50 text-accent-600">
          <GrowthIcon className="size-5" />
        </span>
      </div>
      <div>
        {rate === undefined ? (
          <span
            aria-hidden="true"
            className="block h-10 w-24 animate-pulse rounded-lg bg-slate-200"
          />
        ) : (
          <p
            className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums"
            data-testid="fixed-rate"
          >
            {String(rate)}%
          </p>
        )}
        <p className="mt-1 text-sm text-slate-600">per annum</p>
      </div>
      <p className="text-xs leading-5 text-slate-500">
        Interest is earned daily and paid with your principal at maturity, less 10% withholding tax.
      </p>
    </section>
  );
}

/**
 * Fixed Savings: the active plans' total, a new plan, the rate, and the plans under Active and
 * Matured (`?status=matured`, so a shared link opens on its tab). A plan opens its own page.
 */
export function FixedSavingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readPlanTab(searchParams);
  return (
    <>
      <title>Fixed savings · Ajo</title>
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
            Fixed Savings
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            Lock money away for a set time and earn up to 10% per annum.
          </p>
        </div>
        <div className="grid gap-gutter desktop:grid-cols-3">
          <div className="min-w-0 desktop:col-span-2">
            <FixedTotalCard />
          </div>
          <AnnualRateCard />
        </div>
        <section aria-labelledby="fixed-plans-heading" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="fixed-plans-heading" className="text-lg font-semibold text-slate-900">
              Your plans
            </h2>
            <FixedPlanTabs
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
            <FixedPlanList tab={tab} />
          </div>
        </section>
      </div>
      <FixedPlanPanel />
    </>
  );
}
