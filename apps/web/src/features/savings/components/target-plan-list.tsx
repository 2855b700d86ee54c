import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PlusIcon } from '../../../components/wallet/wallet-icons.tsx';
import { useSavingsProduct } from '../api/get-savings-products.ts';
import { useTargetSavings } from '../api/get-target-savings.ts';
import type { PlanTab } from '../utils/fixed-plan-location.ts';
import { newTargetLocation } from '../utils/target-location.ts';
import { TargetIcon } from './savings-icons.tsx';
import { TargetPlanCard, TargetPlanCardSkeleton } from './target-plan-card.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

const gridClassName = 'grid gap-4 sm:grid-cols-2 desktop:grid-cols-3';

/** The targets of one tab: skeleton cards while loading, a way to start when there are none. */
export function TargetPlanList({ tab }: { tab: PlanTab }) {
  const plans = useTargetSavings(tab);
  const target = useSavingsProduct('target_saving');
  const categories = target.product?.meta.categories ?? [];

  if (plans.isPending) {
    return (
      <>
        <ul className={gridClassName}>
          {Array.from({ length: 3 }, (_, index) => (
            <TargetPlanCardSkeleton key={index} />
          ))}
        </ul>
        <span role="status" className="sr-only">
          Loading your targets
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
        icon={<TargetIcon className="size-7" />}
        title="No active targets"
        description="Save towards a personal goal - vacation, house rent, a gadget or anything you like. Let us collect it from your wallet every week or month, or top up as you go."
        headingLevel={3}
        action={
          <ButtonLink to={newTargetLocation()}>
            <PlusIcon className="size-4" />
            Create new target
          </ButtonLink>
        }
      />
    ) : (
      <EmptyState
        icon={<TargetIcon className="size-7" />}
        title="No matured targets yet"
        description="A target moves here when it reaches its withdrawal date or is broken early, and its money goes back to your wallet."
        headingLevel={3}
      />
    );
  }
  return (
    <ul className={gridClassName}>
      {plans.data.map((record) => (
        <TargetPlanCard
          key={record.saving_order.id}
          record={record}
          categoryLabel={
            categories.find((category) => category.id === record.saving_order.target?.category)
              ?.label ?? ''
          }
        />
      ))}
    </ul>
  );
}
