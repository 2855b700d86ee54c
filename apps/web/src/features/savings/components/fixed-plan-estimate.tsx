import { formatMoney } from '@ajo/money/format';
import type { FixedPlanEstimate } from '../utils/fixed-plan-estimate.ts';
import { formatBusinessDate } from '../../../lib/dates.ts';
import { EarningsSummary } from './earnings-summary.tsx';

/** The form's preview of what a plan earns, computed here and labelled an estimate. */
export function FixedPlanEstimateSummary({
  estimate,
  ratePercent,
}: {
  estimate: FixedPlanEstimate;
  ratePercent: number;
}) {
  return (
    <section aria-live="polite" data-testid="fixed-plan-estimate">
      <EarningsSummary
        title="What you will earn"
        note="Estimated"
        rows={[
          {
            label: `Interest at ${String(ratePercent)}% p.a.`,
            value: formatMoney(estimate.grossInterestMinor, 'NGN'),
            testId: 'estimate-gross',
          },
          {
            label: 'Withholding tax (10%)',
            value: `\u2212${formatMoney(estimate.withholdingTaxMinor, 'NGN')}`,
            testId: 'estimate-tax',
            deduction: true,
          },
          {
            label: 'Net interest',
            value: formatMoney(estimate.netInterestMinor, 'NGN'),
            testId: 'estimate-net',
          },
          {
            label: `You get on ${formatBusinessDate(estimate.maturityDate)}`,
            value: formatMoney(estimate.payoutMinor, 'NGN'),
            testId: 'estimate-payout',
            emphasis: true,
          },
        ]}
      />
    </section>
  );
}
