import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { useSavingsProduct } from '../api/get-savings-products.ts';
import { AnnualRateCard } from './annual-rate-card.tsx';

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
    <AnnualRateCard
      headingId="target-rate-heading"
      rate={rate}
      failure={useReadFailure(target)}
      rateTestId="target-rate"
      perAnnumLabel="Per annum"
      note={
        <>
          {best && best.rate !== rate
            ? `Save for ${best.label} or more to earn ${String(best.rate)}%. `
            : ''}
          Interest is earned daily and paid when you reach your target.
        </>
      }
      spaced
    />
  );
}
