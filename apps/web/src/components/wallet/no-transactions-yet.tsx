import { ButtonLink } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { ClockIcon } from '../ui/icons.tsx';
import { useFundAccountLocation } from '../../lib/fund-account.ts';
import { PlusIcon } from './wallet-icons.tsx';

/** The empty history: what will show here, and the way to add the first money. */
export function NoTransactionsYet({ description }: { description: string }) {
  const fundTo = useFundAccountLocation();
  return (
    <EmptyState
      icon={<ClockIcon className="size-7" />}
      title="No transactions yet"
      description={description}
      headingLevel={3}
      className="border-none"
      action={
        <ButtonLink to={fundTo}>
          <PlusIcon className="size-4" />
          Fund wallet
        </ButtonLink>
      }
    />
  );
}
