import type { BalanceHistoryPeriod } from '@ajo/contracts/balance-history';
import { StrokeIcon, type IconProps } from '../../../components/ui/stroke-icon.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useBalanceHistory } from '../api/get-balance-history.ts';
import { balanceChangeText, toDayBalances } from '../utils/balance-trend.ts';

function TrendIcon({ rising, ...props }: IconProps & { rising: boolean }) {
  return (
    <StrokeIcon {...props}>
      <path d={rising ? 'M4 16l6-6 4 4 6-7M15 7h5v5' : 'M4 8l6 6 4-4 6 7M15 17h5v-5'} />
    </StrokeIcon>
  );
}

/**
 * "+₦250,000.00 in 30 days" under the balance: how it moved over the chart's period, at a glance.
 * The slot keeps its height while the history loads or when nothing moved, so the buttons under
 * it never jump. The chart's caption says the same in a full sentence.
 */
export function BalanceChange({
  period,
  className,
}: {
  period: BalanceHistoryPeriod;
  /** The slot's height and margin, shared with the balance card's loading shapes. */
  className: string;
}) {
  const history = useBalanceHistory(period);
  const change = history.data ? balanceChangeText(toDayBalances(history.data.items)) : undefined;
  return (
    <p className={classNames('flex items-center', className)} data-testid="balance-change">
      {change ? (
        <span
          className={classNames(
            'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold tabular-nums',
            change.rising ? 'bg-accent-500/25 text-accent-100' : 'bg-white/15 text-white',
          )}
        >
          <TrendIcon rising={change.rising} className="size-4 shrink-0" />
          <span>
            {change.amount} <span className="font-medium text-brand-50">in {period} days</span>
          </span>
        </span>
      ) : null}
    </p>
  );
}
