import type { QueryClient } from '@tanstack/react-query';
import { savingsProductSlugs } from '@ajo/contracts/savings';
import { formatMoney } from '@ajo/money/format';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { useSavings, savingsQueryOptions } from '../api/get-savings.ts';
import { savingsProductsQueryOptions, useSavingsProducts } from '../api/get-savings-products.ts';
import { ProductCard, ProductCardSkeleton } from '../components/product-card.tsx';
import { SavingsBalanceCard, SavingsBalanceLink } from '../components/savings-balance-card.tsx';
import { LockIcon } from '../components/savings-icons.tsx';
import { newFixedPlanLocation } from '../utils/fixed-plan-location.ts';
import { planCountText } from '../utils/plan-count-text.ts';
import { recordsOfProduct, totalSavedMinor } from '../utils/savings-totals.ts';
import { readFailureMessage } from '../../../lib/read-failure.ts';

/** What the overview shows, asked for by its route's loader while the user is on its way. */
export function prefetchSavingsOverviewData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(savingsProductsQueryOptions),
    queryClient.query(savingsQueryOptions({ status: 'active' })),
  ]);
}

/** The catalogue's order follows the spec: Fixed, Target Savings, Dollar Investment. */
function productRank(slug: string): number {
  const index = (savingsProductSlugs as readonly string[]).indexOf(slug);
  return index === -1 ? savingsProductSlugs.length : index;
}

function ProductCards() {
  const products = useSavingsProducts();
  const active = useSavings({ status: 'active' });
  const productsFailure = useReadFailure(products);
  const activeFailure = useReadFailure(active);
  if (products.isError || active.isError || productsFailure.shown || activeFailure.shown) {
    // While Try again asks, neither holds an error: what they said last stays.
    const failure = products.error ?? active.error ?? productsFailure.error ?? activeFailure.error;
    return (
      <div className="space-y-3">
        <FormErrorBanner message={failure ? readFailureMessage(failure) : undefined} />
        <RetryButton
          busy={products.isFetching || active.isFetching}
          onRetry={() => Promise.all([productsFailure.retry(), activeFailure.retry()])}
        />
      </div>
    );
  }
  if (products.isPending || active.isPending) {
    return (
      <>
        <ul className="grid gap-gutter md:grid-cols-3">
          {Array.from({ length: 3 }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </ul>
        <span role="status" className="sr-only">
          Loading your savings
        </span>
      </>
    );
  }
  const sorted = [...products.data].sort((a, b) => productRank(a.slug) - productRank(b.slug));
  return (
    <ul className="grid gap-gutter md:grid-cols-3">
      {sorted.map((product) => {
        const records = recordsOfProduct(active.data, product.slug);
        return (
          <ProductCard
            key={product.id}
            product={product}
            totalMinor={totalSavedMinor(records)}
            planCount={records.length}
          />
        );
      })}
    </ul>
  );
}

/** The naira saved in all active plans, and the way to a first plan while there is none. */
function TotalSavings() {
  const active = useSavings({ status: 'active' });
  const naira = (active.data ?? []).filter((record) => record.saving_order.currency === 'NGN');
  return (
    <SavingsBalanceCard
      headingId="savings-total-heading"
      heading="Total savings"
      figure={formatMoney(totalSavedMinor(naira), 'NGN')}
      figureTestId="savings-total"
      caption={planCountText(naira.length, {
        none: 'Nothing saved in a naira plan yet',
        before: 'Across',
        noun: 'active naira plan',
      })}
      query={active}
      actions={<SavingsBalanceLink to={newFixedPlanLocation()} label="New fixed plan" />}
    />
  );
}

/** A first plan is one step away: said once, beside the way to take it. */
function NoPlansYet() {
  const active = useSavings({ status: 'active' });
  if (active.data?.length !== 0) return null;
  return (
    <section
      aria-labelledby="no-plans-heading"
      className="flex flex-col gap-4 rounded-card border border-dashed border-brand-200 bg-brand-50/60 p-5 sm:flex-row sm:items-center sm:p-6"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm">
        <LockIcon className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="no-plans-heading" className="font-semibold text-slate-900">
          You have no savings plans yet
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-600">
          Start with a fixed plan: lock away as little as ₦1,000 and earn up to 10% per annum, paid
          to your wallet on the day it matures.
        </p>
      </div>
      <ButtonLink to={newFixedPlanLocation()} className="shrink-0">
        Set a fixed plan
      </ButtonLink>
    </section>
  );
}

/** Savings plans: the total, then one card per product with what the user holds in it. */
export function SavingsOverviewPage() {
  return (
    <>
      <title>Savings plans · Ajo</title>
      <div className="space-y-section">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Savings Plans
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            Put money aside and watch it grow, with interest credited to your wallet.
          </p>
        </div>
        <TotalSavings />
        <NoPlansYet />
        <section aria-labelledby="savings-products-heading" className="space-y-4">
          <h2 id="savings-products-heading" className="text-lg font-semibold text-slate-900">
            Ways to save
          </h2>
          <ProductCards />
        </section>
      </div>
    </>
  );
}
