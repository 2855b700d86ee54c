import { useSavings } from '../api/get-savings.ts';
import { useNewFixedPlanLocation, type PlanTab } from '../utils/fixed-plan-location.ts';
import { FixedPlanCard, FixedPlanCardSkeleton } from './fixed-plan-card.tsx';
import { PlanCardList } from './plan-card-list.tsx';
import { LockIcon } from './savings-icons.tsx';

/** The fixed plans of one tab: skeleton cards while loading, a way to start when there are none. */
export function FixedPlanList({ tab }: { tab: PlanTab }) {
  const plans = useSavings({ slug: 'fixed', status: tab });
  const newPlanTo = useNewFixedPlanLocation();
  return (
    <PlanCardList
      tab={tab}
      plans={plans}
      skeletonCard={<FixedPlanCardSkeleton />}
      loadingLabel="Loading your fixed plans"
      emptyIcon={<LockIcon className="size-7" />}
      emptyActive={{
        title: 'No active fixed plans',
        description:
          "Lock away money you won't need for a while and earn up to 10% per annum. Your principal and interest come back to your wallet on the maturity date.",
      }}
      emptyMatured={{
        title: 'No matured plans yet',
        description:
          'When a plan reaches its maturity date, it moves here and its principal and interest go to your wallet.',
      }}
      newPlan={{ to: newPlanTo, label: 'Set a new fixed plan' }}
      renderCard={(record) => <FixedPlanCard record={record} />}
    />
  );
}
