import { Fragment, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { To } from 'react-router';
import type { SavingRecord } from '@ajo/contracts/savings';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PlusIcon } from '../../../components/wallet/wallet-icons.tsx';
import type { PlanTab } from '../utils/fixed-plan-location.ts';

const gridClassName = 'grid gap-4 sm:grid-cols-2 desktop:grid-cols-3';

/** What an empty tab says; the Active tab also offers the way to a first plan. */
interface EmptyTabWords {
  title: string;
  description: string;
}

/**
 * One tab of a product's plans (Fixed or Target) as a grid of cards: skeleton cards while
 * loading, what went wrong with Try again, and a way to start when the Active tab is empty.
 */
export function PlanCardList({
  tab,
  plans,
  skeletonCard,
  loadingLabel,
  emptyIcon,
  emptyActive,
  emptyMatured,
  newPlan,
  renderCard,
}: {
  tab: PlanTab;
  plans: UseQueryResult<SavingRecord[]>;
  skeletonCard: ReactNode;
  /** Read out while the cards load. */
  loadingLabel: string;
  emptyIcon: ReactNode;
  emptyActive: EmptyTabWords;
  emptyMatured: EmptyTabWords;
  newPlan: { to: To; label: string };
  renderCard: (record: SavingRecord) => ReactNode;
}) {
  // While Try again asks again, the failure (and its busy button) stays in place.
  if (plans.isError || isRetryingRead(plans)) {
    return <LoadFailed query={plans} />;
  }
  if (plans.isPending) {
    return (
      <>
        <ul className={gridClassName}>
          {Array.from({ length: 3 }, (_, index) => (
            <Fragment key={index}>{skeletonCard}</Fragment>
          ))}
        </ul>
        <span role="status" className="sr-only">
          {loadingLabel}
        </span>
      </>
    );
  }
  if (plans.data.length === 0) {
    return tab === 'active' ? (
      <EmptyState
        icon={emptyIcon}
        title={emptyActive.title}
        description={emptyActive.description}
        headingLevel={3}
        action={
          <ButtonLink to={newPlan.to}>
            <PlusIcon className="size-4" />
            {newPlan.label}
          </ButtonLink>
        }
      />
    ) : (
      <EmptyState
        icon={emptyIcon}
        title={emptyMatured.title}
        description={emptyMatured.description}
        headingLevel={3}
      />
    );
  }
  return (
    <ul className={gridClassName}>
      {plans.data.map((record) => (
        <Fragment key={record.saving_order.id}>{renderCard(record)}</Fragment>
      ))}
    </ul>
  );
}
