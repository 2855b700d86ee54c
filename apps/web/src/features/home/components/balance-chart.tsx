import { useId } from 'react';
import { balanceHistoryPeriods, type BalanceHistoryPeriod } from '@ajo/contracts/balance-history';
import { formatMoney } from '@ajo/money/format';
import { AreaChart } from '../../../components/charts/area-chart.tsx';
import {
  ChartPlot,
  dateTicks,
  formatNairaShort,
  NumbersTable,
  PeriodPicker,
} from '../../../components/charts/chart-parts.tsx';
import { useBalanceHistory } from '../api/get-balance-history.ts';
import { formatDayMonth } from '../../../lib/dates.ts';
import { daysWithChanges, describeBalanceTrend, toDayBalances } from '../utils/balance-trend.ts';

const formatNaira = (amountMinor: bigint) => formatMoney(amountMinor, 'NGN');

/**
 * "Balance over time": the naira balance at the end of each of the last 30 or 90 days, as an area
 * chart on the blue balance card, with the same figures in a sentence and a table.
 */
export function BalanceChart({
  period,
  onPeriodChange,
}: {
  period: BalanceHistoryPeriod;
  onPeriodChange: (period: BalanceHistoryPeriod) => void;
}) {
  const headingId = useId();
  const history = useBalanceHistory(period);
  const days = history.data ? toDayBalances(history.data.items) : [];

  return (
    <figure
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col"
      data-testid="balance-chart"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-medium text-brand-100">
          Balance over time
        </h3>
        <PeriodPicker
          periods={balanceHistoryPeriods}
          value={period}
          onChange={onPeriodChange}
          label={(days) => `${days} days`}
          tone="onBrand"
        />
      </div>
      <div className="mt-6">
        <ChartPlot
          history={history}
          failedText="We could not load your balance history."
          heightClass="h-38 lg:h-46"
          tone="onBrand"
        >
          <AreaChart
            className="size-full"
            tone="onBrand"
            values={days.map((day) => day.balanceMinor)}
            labels={days.map((day) => formatDayMonth(day.date))}
            formatValue={formatNaira}
            formatAxisValue={formatNairaShort}
            xTicks={dateTicks(
              days.map((day) => day.date),
              formatDayMonth,
            )}
          />
          {days.every((day) => day.balanceMinor === 0n) ? (
            <p className="pointer-events-none absolute top-1/4 right-0 left-14 text-center text-sm font-medium text-brand-50">
              Your balance will chart here from your first deposit.
            </p>
          ) : null}
        </ChartPlot>
      </div>
      {/* Both below keep their height while loading, so the cards under this one never move. */}
      <figcaption className="mt-3 min-h-18 text-sm leading-6 text-brand-50 sm:min-h-12">
        {history.data ? describeBalanceTrend(days) : null}
      </figcaption>
      {history.data ? (
        <NumbersTable
          caption="Your balance on the days it changed"
          valueHeading="Balance"
          rows={daysWithChanges(days).map((day) => ({
            key: day.date,
            day: formatDayMonth(day.date),
            value: formatNaira(day.balanceMinor),
          }))}
          tone="onBrand"
        />
      ) : (
        <div className="mt-3 h-5" />
      )}
    </figure>
  );
}
