import { useId, useState } from 'react';
import { formatMoney } from '@ajo/money/format';
import { AreaChart } from '../../../components/charts/area-chart.tsx';
import {
  ChartPlot,
  dateTicks,
  formatNairaShort,
  NumbersTable,
  PeriodPicker,
} from '../../../components/charts/chart-parts.tsx';
import {
  portfolioPeriods,
  usePortfolioHistory,
  type PortfolioPeriod,
} from '../api/get-portfolio-history.ts';
import { formatDayMonth } from '../../../lib/dates.ts';
import { describePortfolioTrend, toPortfolioDays } from '../utils/portfolio-shares.ts';

const formatNaira = (amountMinor: bigint) => formatMoney(amountMinor, 'NGN');

const periodLabels: Record<PortfolioPeriod, string> = {
  '30': '30 days',
  '90': '90 days',
  '365': '1 year',
};

/**
 * "Portfolio over time": the total at the end of each day with a snapshot over the period, then
 * today, as an area chart with the same figures in a sentence and a table.
 */
export function PortfolioChart() {
  const headingId = useId();
  const [period, setPeriod] = useState<PortfolioPeriod>('30');
  const history = usePortfolioHistory(period);
  const days = history.data ? toPortfolioDays(history.data.items) : [];

  return (
    <figure aria-labelledby={headingId} className="flex min-w-0 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-medium text-slate-600">
          Portfolio over time
        </h3>
        <PeriodPicker
          periods={portfolioPeriods}
          value={period}
          onChange={setPeriod}
          label={(days) => periodLabels[days]}
        />
      </div>
      <div className="mt-6">
        <ChartPlot
          history={history}
          failedText="We could not load your portfolio history."
          heightClass="h-38 lg:h-46"
        >
          <AreaChart
            className="size-full"
            values={days.map((day) => day.totalMinor)}
            labels={days.map((day) => formatDayMonth(day.date))}
            formatValue={formatNaira}
            formatAxisValue={formatNairaShort}
            xTicks={dateTicks(
              days.map((day) => day.date),
              formatDayMonth,
            )}
          />
          {days.every((day) => day.totalMinor === 0n) ? (
            <p className="pointer-events-none absolute top-1/4 right-0 left-14 text-center text-sm font-medium text-slate-500">
              Your portfolio will chart here once you save or invest.
            </p>
          ) : null}
        </ChartPlot>
      </div>
      <figcaption className="mt-3 min-h-12 text-sm leading-6 text-slate-600">
        {history.data ? describePortfolioTrend(days) : null}
      </figcaption>
      {history.data ? (
        <NumbersTable
          caption="Your portfolio at the end of each day"
          valueHeading="Total"
          rows={[...days].reverse().map((day) => ({
            key: day.date,
            day: formatDayMonth(day.date),
            value: formatNaira(day.totalMinor),
          }))}
        />
      ) : (
        <div className="mt-3 h-5" />
      )}
    </figure>
  );
}
