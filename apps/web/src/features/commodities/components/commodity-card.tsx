import { Link, useSearchParams } from 'react-router';
import type { Commodity } from '@ajo/contracts/commodities';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { tradeSearch } from '../utils/trade-location.ts';
import { formatChangeBps } from '../utils/price-trend.ts';

export function ChangeBadge({ bps }: { bps: number }) {
  return (
    <span
      className={classNames(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
        bps > 0
          ? 'bg-emerald-50 text-emerald-800'
          : bps < 0
            ? 'bg-red-50 text-red-800'
            : 'bg-slate-100 text-slate-700',
      )}
      title="Change in the sell price since yesterday"
    >
      {formatChangeBps(bps)}
    </span>
  );
}

/** Buy and (when held) Sell, as links that open the trade panel on this page. */
export function TradeLinks({ commodity, canSell }: { commodity: Commodity; canSell: boolean }) {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex gap-2">
      <Link
        to={tradeSearch(searchParams, commodity.id, 'buy')}
        className={buttonClassName('primary', 'sm', 'flex-1')}
        aria-label={`Buy ${commodity.name}`}
      >
        Buy
      </Link>
      {canSell ? (
        <Link
          to={tradeSearch(searchParams, commodity.id, 'sell')}
          className={buttonClassName('secondary', 'sm', 'flex-1')}
          aria-label={`Sell ${commodity.name}`}
        >
          Sell
        </Link>
      ) : null}
    </div>
  );
}

/**
 * One commodity with today's prices: the card itself chooses the chart shown above (`selected`),
 * and its links open the trade panel.
 */
export function CommodityCard({
  commodity,
  selected,
  canSell,
  onSelect,
}: {
  commodity: Commodity;
  selected: boolean;
  canSell: boolean;
  onSelect: () => void;
}) {
  return (
    <li
      className={classNames(
        'flex flex-col gap-4 rounded-card bg-white p-4 shadow-sm ring-1 transition-shadow ring-inset',
        selected ? 'ring-2 ring-brand-600' : 'ring-slate-200',
      )}
      data-testid={`commodity-${commodity.code}`}
    >
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className="-m-1 block rounded-xl p-1 text-left"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="block font-semibold text-slate-900">{commodity.name}</span>
            <span className="block text-xs text-slate-500">
              {commodity.category_name} · per {commodity.unit}
            </span>
          </span>
          <ChangeBadge bps={commodity.change_bps} />
        </span>
        <span className="mt-3 grid grid-cols-2 gap-2 text-sm">
          <span>
            <span className="block text-xs text-slate-500">Buy</span>
            <span className="block font-semibold text-slate-900 tabular-nums">
              {formatMoneyText(commodity.buy_price)}
            </span>
          </span>
          <span>
            <span className="block text-xs text-slate-500">Sell</span>
            <span className="block font-semibold text-slate-900 tabular-nums">
              {formatMoneyText(commodity.sell_price)}
            </span>
          </span>
        </span>
        <span className="sr-only">, show its price chart</span>
      </button>
      <TradeLinks commodity={commodity} canSell={canSell} />
    </li>
  );
}

export function CommodityCardSkeleton() {
  return (
    <li
      aria-hidden="true"
      className="rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-200 ring-inset"
    >
      <span className="block h-4 w-24 animate-pulse rounded bg-slate-200" />
      <span className="mt-2 block h-3 w-32 animate-pulse rounded bg-slate-100" />
      <span className="mt-4 block h-5 w-full animate-pulse rounded bg-slate-100" />
      <span className="mt-4 block h-9 w-full animate-pulse rounded-xl bg-slate-100" />
    </li>
  );
}
