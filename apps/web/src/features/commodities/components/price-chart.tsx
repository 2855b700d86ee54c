import { useId, useState } from 'react';
import type { Commodity } from '@ajo/contracts/commodities';
import { abbreviateAmount } from '@ajo/money/abbreviate';
import { formatMoney } from '@ajo/money/format';
import { AreaChart, type XTick } from '../../../components/charts/area-chart.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { useCommodityPrices } from '../api/get-commodity-prices.ts';
import { chartBaselineMinor, describePriceTrend, formatDayMonth } from '../utils/price-trend.ts';

const periods = [30, 90] as const;
type Period = (typeof periods)[number];

const formatNaira = (amountMinor: bigint) => formatMoney(amountMinor, 'NGN');
const formatNairaShort = (amountMinor: bigint) => `₦${abbreviateAmount(amountMinor)}`;

function dateTicks(dates: readonly string[]): XTick[] {
  if (dates.length === 0) return [];
  const last = dates.length - 1;
  const middle = Math.floor(last / 2);
  const ticks: XTick[] = [{ index: 0, label: formatDayMonth(dates[0] ?? '') }];
  if (middle > 0 && middle < last) {
    ticks.push({ index: middle, label: formatDayMonth(dates[middle] ?? '') });
  }
  if (last > 0) ticks.push({ index: last, label: 'Today' });
  return ticks;
}

/**
 * A commodity's buy price per unit over the last 30 or 90 days (decision 0018's hand-drawn SVG
 * chart), with the same figures in a sentence for anyone who would rather read.
 */
export function PriceChart({ commodity }: { commodity: Commodity }) {
  const headingId = useId();
  const [days, setDays] = useState<Period>(30);
  const prices = useCommodityPrices(commodity.id, days);
  const points = (prices.data?.items ?? []).map((point) => ({
    date: point.date,
    priceMinor: moneyTextToMinor(point.buy_price),
  }));
  // The chart draws prices above a baseline (its scale starts at zero) and labels them back.
  const baselineMinor = chartBaselineMinor(points.map((point) => point.priceMinor));

  return (
    <figure
      aria-labelledby={headingId}
      className="rounded-card bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="price-chart"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {commodity.name} price
          </h3>
          <p className="text-sm text-slate-500">Naira per {commodity.unit}, to buy</p>
        </div>
        <div role="group" aria-label="Period" className="flex rounded-full bg-slate-100 p-1">
          {periods.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={period === days}
              onClick={() => {
                setDays(period);
              }}
              className={classNames(
                'rounded-full px-3 py-1 text-xs font-semibold transition-colors',
                period === days
                  ? 'bg-white text-brand-800 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {period} days
            </button>
          ))}
        </div>
      </div>
      <div className="relative mt-5 h-40 lg:h-48">
        {prices.isPending ? (
          <div aria-hidden="true" className="size-full animate-pulse rounded-xl bg-slate-100" />
        ) : prices.isError ? (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-center">
            <p className="text-sm text-slate-600">We could not load the price history.</p>
            <button
              type="button"
              onClick={() => {
                void prices.refetch();
              }}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
            >
              Try again
            </button>
          </div>
        ) : (
          <AreaChart
            className="size-full"
            values={points.map((point) => point.priceMinor - baselineMinor)}
            labels={points.map((point) => formatDayMonth(point.date))}
            formatValue={(valueMinor) => formatNaira(valueMinor + baselineMinor)}
            formatAxisValue={(valueMinor) => formatNairaShort(valueMinor + baselineMinor)}
            xTicks={dateTicks(points.map((point) => point.date))}
          />
        )}
      </div>
      <figcaption className="mt-3 min-h-12 text-sm leading-6 text-slate-600">
        {prices.data ? describePriceTrend(commodity.name, points, formatNaira) : null}
      </figcaption>
    </figure>
  );
}
