import { Link, useSearchParams } from 'react-router';
import type { CommodityHolding } from '@ajo/contracts/commodities';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { useCommodityHoldings } from '../api/get-commodity-holdings.ts';
import { formatChangeBps } from '../utils/price-trend.ts';
import { tradeSearch } from '../utils/trade-location.ts';
import { readableUnits } from '../utils/trade-quote.ts';

/** "+₦1,200.00" or "−₦300.00" (a true minus sign). */
function signedNaira(text: string) {
  const minor = moneyTextToMinor(text);
  const magnitude = formatMoneyText(minor < 0n ? text.slice(1) : text);
  return minor > 0n ? `+${magnitude}` : minor < 0n ? `\u2212${magnitude}` : magnitude;
}

function GainText({
  gain,
  bps,
  onBrand = false,
}: {
  gain: string;
  bps: number;
  onBrand?: boolean;
}) {
  const minor = moneyTextToMinor(gain);
  return (
    <span
      className={classNames(
        'font-semibold tabular-nums',
        onBrand
          ? minor < 0n
            ? 'text-red-100'
            : 'text-emerald-100'
          : minor < 0n
            ? 'text-red-700'
            : minor > 0n
              ? 'text-emerald-700'
              : 'text-slate-600',
      )}
    >
      {signedNaira(gain)} ({formatChangeBps(bps)})
    </span>
  );
}

function HoldingRow({ holding }: { holding: CommodityHolding }) {
  const [searchParams] = useSearchParams();
  const { commodity } = holding;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid={`holding-${commodity.code}`}
    >
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{commodity.name}</p>
        <p className="text-sm text-slate-500" data-testid="holding-units">
          {readableUnits(holding.units)} × {commodity.unit}
        </p>
      </div>
      <div className="ml-auto text-right">
        <p className="font-semibold text-slate-900 tabular-nums" data-testid="holding-value">
          {formatMoneyText(holding.value)}
        </p>
        <p className="text-sm">
          <GainText gain={holding.gain} bps={holding.gain_bps} />
        </p>
      </div>
      <Link
        to={tradeSearch(searchParams, commodity.id, 'sell')}
        className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
        aria-label={`Sell ${commodity.name}`}
      >
        Sell
      </Link>
    </li>
  );
}

/**
 * What the user holds: the value at today's sell prices and the gain or loss against what it
 * cost, then one row per commodity.
 */
export function HoldingsCard() {
  const holdings = useCommodityHoldings();
  const failure = useReadFailure(holdings);
  const totalGain = holdings.data?.total_gain ?? '0.00';
  const totalCost = moneyTextToMinor(holdings.data?.total_cost ?? '0.00');
  const gainBps =
    totalCost === 0n ? 0 : Number((moneyTextToMinor(totalGain) * 10_000n) / totalCost);
  return (
    <section
      aria-labelledby="holdings-heading"
      className="overflow-hidden rounded-card bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="relative bg-linear-to-br from-brand-600 via-brand-700 to-brand-900 p-6 text-white">
        <h2 id="holdings-heading" className="text-sm font-medium text-brand-100">
          My commodities
        </h2>
        {holdings.isError || failure.shown ? (
          <div className="mt-3">
            <p className="text-base font-semibold">We could not load your holdings.</p>
            <RetryButton
              busy={holdings.isFetching}
              tone="onBrand"
              className="mt-3"
              onRetry={failure.retry}
            />
          </div>
        ) : holdings.isPending ? (
          <div aria-hidden="true" className="mt-2">
            <span className="block h-10 w-52 max-w-full animate-pulse rounded-lg bg-white/20" />
            <span className="mt-3 block h-4 w-40 animate-pulse rounded bg-white/15" />
          </div>
        ) : (
          <>
            <p
              className="mt-2 text-4xl font-bold tracking-tight tabular-nums"
              data-testid="holdings-total"
            >
              {formatMoneyText(holdings.data.total_value)}
            </p>
            <p className="mt-2 text-sm text-brand-100">
              {holdings.data.items.length === 0 ? (
                'Value at today’s sell prices'
              ) : (
                <>
                  <GainText gain={totalGain} bps={gainBps} onBrand /> on{' '}
                  {formatMoneyText(holdings.data.total_cost)} invested
                </>
              )}
            </p>
          </>
        )}
      </div>
      {holdings.data ? (
        holdings.data.items.length === 0 ? (
          <p className="px-6 py-5 text-sm leading-6 text-slate-600">
            You hold no commodities yet. Pick one below and buy from your wallet, from ₦1,000.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 px-6">
            {holdings.data.items.map((holding) => (
              <HoldingRow key={holding.commodity.id} holding={holding} />
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
