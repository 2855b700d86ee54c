import type { ReactNode } from 'react';
import { abbreviateAmount } from '@ajo/money/abbreviate';
import { classNames } from '../../lib/class-names.ts';
import { useReadFailure } from '../ui/load-failed.tsx';
import { RetryButton } from '../ui/retry-button.tsx';
import type { XTick } from './area-chart.tsx';

/**
 * The parts every history chart of the app shares around its `AreaChart` (the balance on Home,
 * the portfolio, a commodity's price): the period picker, the plot's loading and error states,
 * the dates under the plot and the table of the same figures. `onBrand` draws them in white for
 * the blue balance card.
 */
export type ChartTone = 'default' | 'onBrand';

/** The scale beside the plot, the spec's abbreviation: "₦250k", "₦1.2m" (a true minus below zero). */
export const formatNairaShort = (amountMinor: bigint) =>
  amountMinor < 0n
    ? `\u2212₦${abbreviateAmount(-amountMinor)}`
    : `₦${abbreviateAmount(amountMinor)}`;

/** The first day, the middle one and "Today" under the plot, each at its point. */
export function dateTicks(dates: readonly string[], formatDate: (date: string) => string): XTick[] {
  if (dates.length === 0) return [];
  const last = dates.length - 1;
  const middle = Math.floor(last / 2);
  const ticks: XTick[] = [{ index: 0, label: formatDate(dates[0] ?? '') }];
  if (middle > 0 && middle < last) {
    ticks.push({ index: middle, label: formatDate(dates[middle] ?? '') });
  }
  if (last > 0) ticks.push({ index: last, label: 'Today' });
  return ticks;
}

export function PeriodPicker<Period extends string | number>({
  periods,
  value,
  onChange,
  label,
  tone = 'default',
}: {
  periods: readonly Period[];
  value: Period;
  onChange: (period: Period) => void;
  /** "30 days", "1 year". */
  label: (period: Period) => string;
  tone?: ChartTone;
}) {
  const onBrand = tone === 'onBrand';
  return (
    <div
      role="group"
      aria-label="Period"
      className={classNames('flex rounded-full p-1', onBrand ? 'bg-white/10' : 'bg-slate-100')}
    >
      {periods.map((period) => (
        <button
          key={String(period)}
          type="button"
          aria-pressed={period === value}
          onClick={() => {
            onChange(period);
          }}
          className={classNames(
            'rounded-full px-3 py-1 text-xs font-semibold transition-colors',
            onBrand && 'focus-visible:outline-white',
            period === value
              ? onBrand
                ? 'bg-white text-brand-800'
                : 'bg-white text-brand-700 shadow-sm'
              : onBrand
                ? 'text-white hover:bg-white/15'
                : 'text-slate-600 hover:bg-slate-200',
          )}
        >
          {label(period)}
        </button>
      ))}
    </div>
  );
}

/**
 * The plot's box: a pulse while the history loads, the sentence and "Try again" when it failed,
 * else the chart. It keeps one height throughout, so nothing below it moves.
 */
export function ChartPlot({
  history,
  failedText,
  heightClass,
  tone = 'default',
  children,
}: {
  history: {
    isPending: boolean;
    error: Error | null;
    isFetching: boolean;
    refetch: () => Promise<unknown>;
  };
  /** "We could not load your balance history." */
  failedText: string;
  /** "h-38 lg:h-46". */
  heightClass: string;
  tone?: ChartTone;
  children: ReactNode;
}) {
  const onBrand = tone === 'onBrand';
  const failure = useReadFailure(history);
  return (
    <div className={`relative ${heightClass}`}>
      {failure.shown ? (
        <div className="flex size-full flex-col items-center justify-center gap-2 text-center">
          <p className={classNames('text-sm', onBrand ? 'text-brand-50' : 'text-slate-600')}>
            {failedText}
          </p>
          <RetryButton tone={onBrand ? 'onBrand' : 'default'} onRetry={failure.retry} />
        </div>
      ) : history.isPending ? (
        <div
          aria-hidden="true"
          className={classNames(
            'size-full animate-pulse rounded-xl',
            onBrand ? 'bg-white/10' : 'bg-slate-100',
          )}
        />
      ) : (
        children
      )}
    </div>
  );
}

export interface NumbersRow {
  key: string;
  /** "25 Nov". */
  day: string;
  /** "₦250,000.00". */
  value: string;
}

/** The chart's figures as text, behind "Show the numbers", for anyone who would rather read. */
export function NumbersTable({
  caption,
  valueHeading,
  rows,
  tone = 'default',
}: {
  /** Read by screen readers: "Your balance on the days it changed". */
  caption: string;
  /** "Balance", "Total". */
  valueHeading: string;
  rows: readonly NumbersRow[];
  tone?: ChartTone;
}) {
  const onBrand = tone === 'onBrand';
  return (
    <details className="mt-3 text-sm">
      <summary
        className={classNames(
          'cursor-pointer rounded font-semibold underline underline-offset-2',
          onBrand ? 'text-brand-50 focus-visible:outline-white' : 'text-brand-700',
        )}
      >
        Show the numbers
      </summary>
      <div className="mt-2 max-h-48 overflow-y-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className={onBrand ? 'text-brand-100' : 'text-slate-500'}>
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {valueHeading}
              </th>
            </tr>
          </thead>
          <tbody className={classNames('tabular-nums', !onBrand && 'text-slate-800')}>
            {rows.map((row) => (
              <tr
                key={row.key}
                className={classNames('border-t', onBrand ? 'border-white/15' : 'border-slate-100')}
              >
                <td className="py-1">{row.day}</td>
                <td className="py-1 text-right">{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
