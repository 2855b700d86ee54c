import { useId, useState } from 'react';
import { abbreviateAmount } from '@ajo/money/abbreviate';
import { formatMoney } from '@ajo/money/format';
import { AreaChart, type XTick } from '../../../components/charts/area-chart.tsx';
import { classNames } from '../../../lib/class-names.ts';
import {
  portfolioPeriods,
  usePortfolioHistory,
  type PortfolioPeriod,
} from '../api/get-portfolio-history.ts';
import { formatDayMonth } from '../utils/balance-trend.ts';
import {
  describePortfolioTrend,
  toPortfolioDays,
  type PortfolioDay,
} from '../utils/portfolio-shares.ts';

const formatNaira = (amountMinor: bigint) => formatMoney(amountMinor, 'NGN');

/** The scale beside the plot, the spec's abbreviation: "₦250k", "₦1.2m". */
const formatNairaShort = (amountMinor: bigint) =>
  amountMinor < 0n
    ? `\u2212₦${abbreviateAmount(-amountMinor)}`
    : `₦${abbreviateAmount(amountMinor)}`;

const periodLabels: Record<PortfolioPeriod, string> = {
  '30': '30 days',
  '90': '90 days',
  '365': '1 year',
};

function dateTicks(days: readonly PortfolioDay[]): XTick[] {
  if (days.length < 2) return [];
  const last = days.length - 1;
  const middle = Math.floor(last / 2);
  const ticks: XTick[] = [{ index: 0, label: formatDayMonth(days[0]?.date ?? '') }];
  if (middle > 0 && middle < last) {
    ticks.push({ index: middle, label: formatDayMonth(days[middle]?.date ?? '') });
  }
  ticks.push({ index: last, label: 'Today' });
  return ticks;
}

function PeriodPicker({
  days,
  onChange,
}: {
  days: PortfolioPeriod;
  onChange: (days: PortfolioPeriod) => void;
}) {
  return (
    <div role="group" aria-label="Period" className="flex rounded-full bg-slate-100 p-1">
      {portfolioPeriods.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={period === days}
          onClick={() => {
            onChange(period);
          }}
          className={classNames(
            'rounded-full px-3 py-1 text-xs font-semibold transition-colors',
            period === days
              ? 'bg-white text-brand-700 shadow-sm'
              : 'text-slate-600 hover:bg-slate-200',
          )}
        >
          {periodLabels[period]}
        </button>
      ))}
    </div>
  );
}

/** The chart's figures as text: each day's total, for anyone who would rather read. */
function DaysTable({ days }: { days: readonly PortfolioDay[] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer rounded font-semibold text-brand-700 underline underline-offset-2">
        Show the numbers
      </summary>
      <div className="mt-2 max-h-48 overflow-y-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Your portfolio at the end of each day</caption>
          <thead>
            <tr className="text-slate-500">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="text-slate-800 tabular-nums">
            {days.map((day) => (
              <tr key={day.date} className="border-t border-slate-100">
                <td className="py-1">{formatDayMonth(day.date)}</td>
                <td className="py-1 text-right">{formatNaira(day.totalMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

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
        <PeriodPicker days={period} onChange={setPeriod} />
      </div>
      <div className="relative mt-6 h-38 lg:h-46">
        {history.isPending ? (
          <div aria-hidden="true" className="size-full animate-pulse rounded-xl bg-slate-100" />
        ) : history.isError ? (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-center">
            <p className="text-sm text-slate-600">We could not load your portfolio history.</p>
            <button
              type="button"
              onClick={() => {
                void history.refetch();
              }}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
            >
              Try again
            </button>
          </div>
        ) : (
          <>
            <AreaChart
              className="size-full"
              values={days.map((day) => day.totalMinor)}
              labels={days.map((day) => formatDayMonth(day.date))}
              formatValue={formatNaira}
              formatAxisValue={formatNairaShort}
              xTicks={dateTicks(days)}
            />
            {days.every((day) => day.totalMinor === 0n) ? (
              <p className="pointer-events-none absolute top-1/4 right-0 left-14 text-center text-sm font-medium text-slate-500">
                Your portfolio will chart here once you save or invest.
              </p>
            ) : null}
          </>
        )}
      </div>
      <figcaption className="mt-3 min-h-12 text-sm leading-6 text-slate-600">
        {history.data ? describePortfolioTrend(days) : null}
      </figcaption>
      {history.data ? <DaysTable days={[...days].reverse()} /> : <div className="mt-2 h-5" />}
    </figure>
  );
}
