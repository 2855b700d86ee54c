import { useId } from 'react';
import { balanceHistoryPeriods, type BalanceHistoryPeriod } from '@ajo/contracts/balance-history';
import { abbreviateAmount } from '@ajo/money/abbreviate';
import { formatMoney } from '@ajo/money/format';
import { AreaChart, type XTick } from '../../../components/charts/area-chart.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useBalanceHistory } from '../api/get-balance-history.ts';
import {
  daysWithChanges,
  describeBalanceTrend,
  formatDayMonth,
  toDayBalances,
  type DayBalance,
} from '../utils/balance-trend.ts';

const formatNaira = (amountMinor: bigint) => formatMoney(amountMinor, 'NGN');

/** The scale beside the plot: "₦250k", "₦1.2m" (a true minus sign below zero). */
const formatNairaShort = (amountMinor: bigint) =>
  amountMinor < 0n
    ? `\u2212₦${abbreviateAmount(-amountMinor)}`
    : `₦${abbreviateAmount(amountMinor)}`;

/**
 * The chart's frame with its date labels, shared by its placeholder so the card keeps its height
 * while it loads.
 */
const chartHeight = 'h-38 lg:h-46';

/** The first day, the middle one and today under the plot. */
function dateTicks(days: readonly DayBalance[]): XTick[] {
  if (days.length === 0) return [];
  const last = days.length - 1;
  const middle = Math.floor(last / 2);
  const ticks: XTick[] = [{ index: 0, label: formatDayMonth(days[0]?.date ?? '') }];
  if (middle > 0 && middle < last) {
    ticks.push({ index: middle, label: formatDayMonth(days[middle]?.date ?? '') });
  }
  if (last > 0) ticks.push({ index: last, label: 'Today' });
  return ticks;
}

function PeriodPicker({
  days,
  onChange,
}: {
  days: BalanceHistoryPeriod;
  onChange: (days: BalanceHistoryPeriod) => void;
}) {
  return (
    <div role="group" aria-label="Period" className="flex rounded-full bg-white/10 p-1">
      {balanceHistoryPeriods.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={period === days}
          onClick={() => {
            onChange(period);
          }}
          className={classNames(
            'rounded-full px-3 py-1 text-xs font-semibold transition-colors focus-visible:outline-white',
            period === days ? 'bg-white text-brand-800' : 'text-white hover:bg-white/15',
          )}
        >
          {period} days
        </button>
      ))}
    </div>
  );
}

/** The chart's figures as text: the days the balance changed, for anyone who would rather read. */
function ChangesTable({ days }: { days: readonly DayBalance[] }) {
  const rows = daysWithChanges(days);
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded font-semibold text-brand-50 underline underline-offset-2 focus-visible:outline-white">
        Show the numbers
      </summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">Your balance on the days it changed</caption>
        <thead>
          <tr className="text-brand-100">
            <th scope="col" className="py-1 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Balance
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {rows.map((day) => (
            <tr key={day.date} className="border-t border-white/15">
              <td className="py-1">{formatDayMonth(day.date)}</td>
              <td className="py-1 text-right">{formatNaira(day.balanceMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

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
        <PeriodPicker days={period} onChange={onPeriodChange} />
      </div>
      <div className={`relative mt-6 ${chartHeight}`}>
        {history.isPending ? (
          <div aria-hidden="true" className="size-full animate-pulse rounded-xl bg-white/10" />
        ) : history.isError ? (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-center">
            <p className="text-sm text-brand-50">We could not load your balance history.</p>
            <button
              type="button"
              onClick={() => {
                void history.refetch();
              }}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-white ring-1 ring-white/40 ring-inset hover:bg-white/10 focus-visible:outline-white"
            >
              Try again
            </button>
          </div>
        ) : (
          <>
            <AreaChart
              className="size-full"
              tone="onBrand"
              values={days.map((day) => day.balanceMinor)}
              labels={days.map((day) => formatDayMonth(day.date))}
              formatValue={formatNaira}
              formatAxisValue={formatNairaShort}
              xTicks={dateTicks(days)}
            />
            {days.every((day) => day.balanceMinor === 0n) ? (
              <p className="pointer-events-none absolute top-1/4 right-0 left-14 text-center text-sm font-medium text-brand-50">
                Your balance will chart here from your first deposit.
              </p>
            ) : null}
          </>
        )}
      </div>
      {/* Both below keep their height while loading, so the cards under this one never move. */}
      <figcaption className="mt-3 min-h-18 text-sm leading-6 text-brand-50 sm:min-h-12">
        {history.data ? describeBalanceTrend(days) : null}
      </figcaption>
      {history.data ? <ChangesTable days={days} /> : <div className="mt-3 h-5" />}
    </figure>
  );
}
