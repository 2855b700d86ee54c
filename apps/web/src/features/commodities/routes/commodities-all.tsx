import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { commoditiesQueryOptions, useCommodities } from '../api/get-commodities.ts';
import { commodityCategoriesQueryOptions } from '../api/get-commodity-categories.ts';
import {
  commodityHoldingsQueryOptions,
  useCommodityHoldings,
} from '../api/get-commodity-holdings.ts';
import { CategoryChips } from '../components/category-chips.tsx';
import { ChangeBadge, TradeLinks } from '../components/commodity-card.tsx';
import { TradePanel } from '../components/trade-panel.tsx';

export function prefetchAllCommoditiesData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(commoditiesQueryOptions()),
    queryClient.query(commodityCategoriesQueryOptions),
    queryClient.query(commodityHoldingsQueryOptions),
  ]);
}

const SEARCH_DELAY_MS = 250;

/** All commodities: the whole catalogue, searchable and by category, each with Buy (and Sell). */
export function AllCommoditiesPage() {
  const [searchText, setSearchText] = useState('');
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const commodities = useCommodities({ search, categoryId });
  const holdings = useCommodityHoldings();
  const held = new Set(holdings.data?.items.map((holding) => holding.commodity.id));
  const items = commodities.data?.items ?? [];

  return (
    <>
      <title>All commodities · Ajo</title>
      <div className="space-y-section">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            All commodities
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            Every commodity you can own, with today’s buy and sell prices per unit.
          </p>
        </div>
        <div className="space-y-4">
          <TextField
            label="Search commodities"
            type="search"
            placeholder="Maize, cocoa, gold…"
            value={searchText}
            maxLength={64}
            onChange={(event) => {
              setSearchText(event.target.value);
            }}
          />
          <CategoryChips value={categoryId} onChange={setCategoryId} />
        </div>
        {commodities.isError || isRetryingRead(commodities) ? (
          <LoadFailed query={commodities} />
        ) : commodities.isPending ? (
          <ul aria-hidden="true" className="space-y-3">
            {Array.from({ length: 5 }, (_, index) => (
              <li
                key={index}
                className="h-20 animate-pulse rounded-card bg-white ring-1 ring-slate-200"
              />
            ))}
          </ul>
        ) : items.length === 0 ? (
          <EmptyState
            title="No commodity matches"
            description={`Nothing matches “${search}”. Try another name, such as maize or gold.`}
          />
        ) : (
          <ul
            className="divide-y divide-slate-100 overflow-hidden rounded-card bg-white shadow-sm ring-1 ring-slate-200"
            aria-busy={commodities.isFetching}
            data-testid="commodity-list"
          >
            {items.map((commodity) => (
              <li
                key={commodity.id}
                className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-3 p-4 sm:grid-cols-[1fr_auto_auto_12rem]"
                data-testid={`commodity-${commodity.code}`}
              >
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{commodity.name}</p>
                  <p className="text-xs text-slate-500">
                    {commodity.category_name} · per {commodity.unit}
                  </p>
                </div>
                <ChangeBadge bps={commodity.change_bps} />
                <dl className="col-span-2 grid grid-cols-2 gap-4 text-sm sm:col-span-1 sm:text-right">
                  <div>
                    <dt className="text-xs text-slate-500">Buy</dt>
                    <dd className="font-semibold tabular-nums">
                      {formatMoneyText(commodity.buy_price)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Sell</dt>
                    <dd className="font-semibold tabular-nums">
                      {formatMoneyText(commodity.sell_price)}
                    </dd>
                  </div>
                </dl>
                <div className="col-span-2 sm:col-span-1">
                  <TradeLinks commodity={commodity} canSell={held.has(commodity.id)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <TradePanel />
    </>
  );
}
