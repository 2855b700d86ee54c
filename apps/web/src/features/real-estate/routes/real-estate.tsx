import type { QueryClient } from '@tanstack/react-query';
import { formatMoney } from '@ajo/money/format';
import {
  CatalogueGrid,
  InvestmentPage,
  InvestmentTotalCard,
} from '../../../components/investment/investment-page.tsx';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import {
  realEstateHoldingsQueryOptions,
  useRealEstateHoldings,
} from '../api/get-real-estate-holdings.ts';
import { realEstatesQueryOptions, useRealEstates } from '../api/get-real-estates.ts';
import { BuyPropertyPanel } from '../components/buy-panel.tsx';
import { HoldingList } from '../components/holding-list.tsx';
import { PropertyCard, PropertyCardSkeleton } from '../components/property-card.tsx';

/** What the page shows first, asked for by its route's loader. */
export function prefetchRealEstateData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(realEstatesQueryOptions),
    queryClient.query(realEstateHoldingsQueryOptions),
    queryClient.query(walletsQueryOptions),
  ]);
}

/** What the holdings cost, and the rent they have paid so far. */
function OwnedCard() {
  const holdings = useRealEstateHoldings();
  const items = holdings.data ?? [];
  const costMinor = items.reduce((sum, holding) => sum + moneyTextToMinor(holding.cost), 0n);
  const rentMinor = items.reduce(
    (sum, holding) => sum + moneyTextToMinor(holding.rental_income_net),
    0n,
  );
  const units = items.reduce((sum, holding) => sum + holding.units, 0);
  return (
    <InvestmentTotalCard
      headingId="real-estate-owned"
      heading="Property you own"
      tone="accent"
      isPending={holdings.isPending}
      loadFailed={holdings.isError}
      totalMinor={costMinor}
      totalTestId="real-estate-total"
      caption={
        items.length === 0
          ? 'Own a share of rented homes and warehouses from ₦20,000 a unit.'
          : `${units.toLocaleString('en-NG')} units in ${String(items.length)} propert${items.length === 1 ? 'y' : 'ies'} · ${formatMoney(rentMinor, 'NGN')} rent received`
      }
    />
  );
}

function Properties() {
  const properties = useRealEstates();
  return (
    <CatalogueGrid
      catalogue={properties}
      columns={4}
      skeletonCard={<PropertyCardSkeleton />}
      renderCard={(property) => <PropertyCard property={property} />}
    />
  );
}

/** Real estate: what I own, the properties with units for sale, and my holdings with rent. */
export function RealEstatePage() {
  const holdings = useRealEstateHoldings();
  return (
    <InvestmentPage
      title="Real estate"
      description="Buy whole units of let properties and receive your share of the rent every month."
      totalCard={<OwnedCard />}
      catalogue={{ id: 'real-estate-properties', title: 'Properties', content: <Properties /> }}
      holdings={{ id: 'real-estate-holdings', title: 'My holdings', content: <HoldingList /> }}
      holdingsFirst={(holdings.data?.length ?? 0) > 0}
      buyPanel={<BuyPropertyPanel />}
    />
  );
}
