import type { QueryClient } from '@tanstack/react-query';
import { formatMoney } from '@ajo/money/format';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { useSavings, savingsQueryOptions } from '../api/get-savings.ts';
import { savingsProductsQueryOptions, useSavingsProduct } from '../api/get-savings-products.ts';
import { AnnualRateCard } from '../components/annual-rate-card.tsx';
import { FixedPlanList } from '../components/fixed-plan-list.tsx';
import { FixedPlanPanel } from '../components/fixed-plan-panel.tsx';
import { PlanTabsSection } from '../components/plan-tabs-section.tsx';
import { SavingsBalanceCard, SavingsBalanceLink } from '../components/savings-balance-card.tsx';
import { SavingsProductPage } from '../components/savings-product-page.tsx';
import { useNewFixedPlanLocation } from '../utils/fixed-plan-location.ts';
import { planCountText } from '../utils/plan-count-text.ts';
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
  return (
    <SavingsBalanceCard
      headingId="fixed-total-heading"
      heading="Total Balance"
      figure={formatMoney(totalSavedMinor(active.data ?? []), 'NGN')}
      figureTestId="fixed-total"
      caption={planCountText(active.data?.length ?? 0, {
        none: 'No active plans yet',
        before: 'In',
        noun: 'active plan',
      })}
      query={active}
      actions={<SavingsBalanceLink to={newPlanTo} label="Set a new fixed plan" />}
    />
  );
}

/** The first duration's rate, per annum; wide screens only (spec section 2). */
function FixedRateCard() {
  const fixed = useSavingsProduct('fixed');
  return (
    <AnnualRateCard
      headingId="fixed-rate-heading"
      rate={fixed.product?.meta.durations[0]?.rate}
      failure={useReadFailure(fixed)}
      rateTestId="fixed-rate"
      perAnnumLabel="per annum"
      note="Interest is earned daily and paid with your principal at maturity, less 10% withholding tax."
    />
  );
}

/**
 * Fixed Savings: the active plans' total, a new plan, the rate, and the plans under Active and
 * Matured (`?status=matured`, so a shared link opens on its tab). A plan opens its own page.
 */
export function FixedSavingsPage() {
  return (
    <>
      <SavingsProductPage
        documentTitle="Fixed savings · Ajo"
        heading="Fixed Savings"
        intro="Lock money away for a set time and earn up to 10% per annum."
        balanceCard={<FixedTotalCard />}
        sideCard={<FixedRateCard />}
      >
        <PlanTabsSection headingId="fixed-plans-heading" heading="Your plans">
          {(tab) => <FixedPlanList tab={tab} />}
        </PlanTabsSection>
      </SavingsProductPage>
      <FixedPlanPanel />
    </>
  );
}
