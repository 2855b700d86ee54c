import { useSavingsProduct } from '../api/get-savings-products.ts';
import { useTargetSavings } from '../api/get-target-savings.ts';
import type { PlanTab } from '../utils/fixed-plan-location.ts';
import { newTargetLocation } from '../utils/target-location.ts';
import { PlanCardList } from './plan-card-list.tsx';
import { TargetIcon } from './savings-icons.tsx';
import { TargetPlanCard, TargetPlanCardSkeleton } from './target-plan-card.tsx';

/** The targets of one tab: skeleton cards while loading, a way to start when there are none. */
export function TargetPlanList({ tab }: { tab: PlanTab }) {
  const plans = useTargetSavings(tab);
  const target = useSavingsProduct('target_saving');
  const categories = target.product?.meta.categories ?? [];
  return (
    <PlanCardList
      tab={tab}
      plans={plans}
      skeletonCard={<TargetPlanCardSkeleton />}
      loadingLabel="Loading your targets"
      emptyIcon={<TargetIcon className="size-7" />}
      emptyActive={{
        title: 'No active targets',
        description:
          'Save towards a personal goal - vacation, house rent, a gadget or anything you like. Let us collect it from your wallet every week or month, or top up as you go.',
      }}
      emptyMatured={{
        title: 'No matured targets yet',
        description:
          'A target moves here when it reaches its withdrawal date or is broken early, and its money goes back to your wallet.',
      }}
      newPlan={{ to: newTargetLocation(), label: 'Create new target' }}
      renderCard={(record) => (
        <TargetPlanCard
          record={record}
          categoryLabel={
            categories.find((category) => category.id === record.saving_order.target?.category)
              ?.label ?? ''
          }
        />
      )}
    />
  );
}
