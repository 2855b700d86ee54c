import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PlusIcon } from '../../../components/wallet/wallet-icons.tsx';
import { useSavings } from '../api/get-savings.ts';
import { useNewFixedPlanLocation, type PlanTab } from '../utils/fixed-plan-location.ts';
import { FixedPlanCard, FixedPlanCardSkeleton } from './fixed-plan-card.tsx';
import { LockIcon } from './savings-icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

const gridClassName = 'grid gap-4 sm:grid-cols-2 desktop:grid-cols-3';

/** The fixed plans of one tab: skeleton cards while loading, a way to start when there are none. */
export function FixedPlanList({ tab }: { tab: PlanTab }) {
  const plans = useSavings({ slug: 'fixed', status: tab });
  const newPlanTo = useNewFixedPlanLocation();

  if (plans.isPending) {
    return (
      <>
        <ul className={gridClassName}>
          {Array.from({ length: 3 }, (_, index) => (
            <FixedPlanCardSkeleton key={index} />
          ))}
        </ul>
        <span role="status" className="sr-only">
          Loading your fixed plans
        </span>
      </>
    );
  }
  if (plans.isError) {
    return <LoadFailed query={plans} />;
  }
  if (plans.data.length === 0) {
    return tab === 'active' ? (
      <EmptyState
        icon={<LockIcon className="size-7" />}
        title="No active fixed plans"
        description="Lock away money you won't need for a while and earn up to 10% per annum. Your principal and interest come back to your wallet on the maturity date."
        headingLevel={3}
        action={
          <ButtonLink to={newPlanTo}>
            <PlusIcon className="size-4" />
            Set a new fixed plan
          </ButtonLink>
        }
      />
    ) : (
      <EmptyState
        icon={<LockIcon className="size-7" />}
        title="No matured plans yet"
        description="When a plan reaches its maturity date, it moves here and its principal and interest go to your wallet."
        headingLevel={3}
      />
    );
  }
  return (
    <ul className={gridClassName}>
      {plans.data.map((record) => (
        <FixedPlanCard key={record.saving_order.id} record={record} />
      ))}
    </ul>
  );
}
