import { useId, useState } from 'react';
import type { Commodity } from '@ajo/contracts/commodities';
import { formatMoney } from '@ajo/money/format';
import { AreaChart } from '../../../components/charts/area-chart.tsx';
import {
  ChartPlot,
  dateTicks,
  formatNairaShort,
  PeriodPicker,
} from '../../../components/charts/chart-parts.tsx';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { useCommodityPrices } from '../api/get-commodity-prices.ts';
import { formatDayMonth } from '../../../lib/dates.ts';
import { chartBaselineMinor, describePriceTrend } from '../utils/price-trend.ts';

const periods = [30, 90] as const;
type Period = (typeof periods)[number];

const formatNaira = (amountMinor: bigint) => formatMoney(amountMinor, 'NGN');
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
        <PeriodPicker
          periods={periods}
          value={days}
          onChange={setDays}
          label={(period) => `${String(period)} days`}
        />
      </div>
      <div className="mt-5">
        <ChartPlot
          history={prices}
          failedText="We could not load the price history."
          heightClass="h-40 lg:h-48"
        >
          <AreaChart
            className="size-full"
            values={points.map((point) => point.priceMinor - baselineMinor)}
            labels={points.map((point) => formatDayMonth(point.date))}
            formatValue={(valueMinor) => formatNaira(valueMinor + baselineMinor)}
            formatAxisValue={(valueMinor) => formatNairaShort(valueMinor + baselineMinor)}
            xTicks={dateTicks(
              points.map((point) => point.date),
              formatDayMonth,
            )}
          />
        </ChartPlot>
      </div>
      <figcaption className="mt-3 min-h-12 text-sm leading-6 text-slate-600">
        {prices.data ? describePriceTrend(commodity.name, points, formatNaira) : null}
      </figcaption>
    </figure>
  );
}
