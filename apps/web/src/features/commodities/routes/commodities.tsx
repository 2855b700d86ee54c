import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { commoditiesQueryOptions, useCommodities } from '../api/get-commodities.ts';
import { commodityCategoriesQueryOptions } from '../api/get-commodity-categories.ts';
import {
  commodityHoldingsQueryOptions,
  useCommodityHoldings,
} from '../api/get-commodity-holdings.ts';
import { CategoryChips } from '../components/category-chips.tsx';
import { CommodityCard, CommodityCardSkeleton } from '../components/commodity-card.tsx';
import { HoldingsCard } from '../components/holdings-card.tsx';
import { PriceChart } from '../components/price-chart.tsx';
import { TradePanel } from '../components/trade-panel.tsx';

/** What the page shows, asked for by its route's loader while the user is on its way. */
export function prefetchCommoditiesData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(commodityHoldingsQueryOptions),
    queryClient.query(commodityCategoriesQueryOptions),
    queryClient.query(commoditiesQueryOptions()),
  ]);
}

function Market() {
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [chosenId, setChosenId] = useState<string | undefined>();
  const commodities = useCommodities({ categoryId });
  const holdings = useCommodityHoldings();
  const held = new Set(holdings.data?.items.map((holding) => holding.commodity.id));
  const items = commodities.data?.items ?? [];
  const chosen = items.find((item) => item.id === chosenId) ?? items[0];

  return (
    <section aria-labelledby="market-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="market-heading" className="text-lg font-semibold text-slate-900">
          Market
        </h2>
        <ButtonLink to="/commodities-all" variant="ghost" size="sm">
          See all commodities
        </ButtonLink>
      </div>
      <CategoryChips
        value={categoryId}
        onChange={(next) => {
          setCategoryId(next);
          setChosenId(undefined);
        }}
      />
      {chosen ? <PriceChart key={chosen.id} commodity={chosen} /> : null}
      {commodities.isError || isRetryingRead(commodities) ? (
        <LoadFailed query={commodities} />
      ) : (
        <ul
          className="grid gap-gutter sm:grid-cols-2 xl:grid-cols-3"
          aria-busy={commodities.isPending}
        >
          {commodities.isPending
            ? Array.from({ length: 6 }, (_, index) => <CommodityCardSkeleton key={index} />)
            : items.map((commodity) => (
                <CommodityCard
                  key={commodity.id}
                  commodity={commodity}
                  selected={commodity.id === chosen?.id}
                  canSell={held.has(commodity.id)}
                  onSelect={() => {
                    setChosenId(commodity.id);
                  }}
                />
              ))}
        </ul>
      )}
    </section>
  );
}

/** Commodities: what the user holds, the market by category with a price chart, buy and sell. */
export function CommoditiesPage() {
  return (
    <>
      <title>Commodities · Ajo</title>
      <div className="space-y-section">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Commodities
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            Own grains, cash crops and gold by the unit, bought and sold from your wallet at today’s
            prices.
          </p>
        </div>
        <HoldingsCard />
        <Market />
      </div>
      <TradePanel />
    </>
  );
}
