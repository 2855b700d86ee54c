import type { QueryClient } from '@tanstack/react-query';
import { formatMoney } from '@ajo/money/format';
import { walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { savingsQueryOptions } from '../api/get-savings.ts';
import { savingsProductsQueryOptions } from '../api/get-savings-products.ts';
import { targetSavingsQueryOptions, useTargetSavings } from '../api/get-target-savings.ts';
import { PlanTabsSection } from '../components/plan-tabs-section.tsx';
import { SavingsBalanceCard, SavingsBalanceLink } from '../components/savings-balance-card.tsx';
import { SavingsProductPage } from '../components/savings-product-page.tsx';
import { TargetChallengeBanner } from '../components/target-challenge-banner.tsx';
import { TargetPlanList } from '../components/target-plan-list.tsx';
import { TargetRateCard } from '../components/target-rate-card.tsx';
import { planCountText } from '../utils/plan-count-text.ts';
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
  return (
    <SavingsBalanceCard
      headingId="target-total-heading"
      heading="Total Balance"
      figure={formatMoney(totalSavedMinor(active.data ?? []), 'NGN')}
      figureTestId="target-total"
      caption={planCountText(active.data?.length ?? 0, {
        none: 'No active targets yet',
        before: 'Saved in',
        noun: 'active target',
      })}
      query={active}
      actions={<SavingsBalanceLink to={newTargetLocation()} label="Create new target" />}
    />
  );
}

/**
 * Target Savings: the active targets' total, a new target, the rate, the challenge, and the
 * targets under Active and Matured (`?status=matured`; matured and broken plans alike).
 */
export function TargetSavingsPage() {
  return (
    <SavingsProductPage
      documentTitle="Target savings · Ajo"
      heading="Target Savings"
      intro="Reach your goals faster: save a little every week or month towards what matters."
      balanceCard={<TargetTotalCard />}
      sideCard={<TargetRateCard />}
    >
      <TargetChallengeBanner />
      <PlanTabsSection headingId="target-plans-heading" heading="Your targets" tabsLabel="Targets">
        {(tab) => <TargetPlanList tab={tab} />}
      </PlanTabsSection>
    </SavingsProductPage>
  );
}
