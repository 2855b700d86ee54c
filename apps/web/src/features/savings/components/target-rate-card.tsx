import { useSavingsProduct } from '../api/get-savings-products.ts';
import { GrowthIcon } from './savings-icons.tsx';

/**
 * Annual Interest Rate, desktop only (spec section 2): the Target Savings product's first
 * duration rate, 'Per annum' (the spec's 'Per anum', spelt right). Laid out as the Fixed page's.
 */
export function TargetRateCard() {
  const target = useSavingsProduct('target_saving');
  const durations = target.product?.meta.durations ?? [];
  const rate = durations[0]?.rate;
  const best = durations.at(-1);
  return (
    <section
      aria-labelledby="target-rate-heading"
      className="hidden flex-col justify-between gap-4 rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5 desktop:flex"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="target-rate-heading" className="text-sm font-medium text-slate-500">
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
            data-testid="target-rate"
          >
            {String(rate)}%
          </p>
        )}
        <p className="mt-1 text-sm text-slate-600">Per annum</p>
      </div>
      <p className="text-xs leading-5 text-slate-500">
        {best && best.rate !== rate
          ? `Save for ${best.label} or more to earn ${String(best.rate)}%. `
          : ''}
        Interest is earned daily and paid when you reach your target.
      </p>
    </section>
  );
}
