import type { QueryClient } from '@tanstack/react-query';
import { formatMoney } from '@ajo/money/format';
import { classNames } from '../../../lib/class-names.ts';
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
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

/** What the page shows first, asked for by its route's loader. */
export function prefetchRealEstateData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(realEstatesQueryOptions),
    queryClient.query(realEstateHoldingsQueryOptions),
    queryClient.query(walletsQueryOptions),
  ]);
}

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
    <section
      aria-labelledby="real-estate-owned"
      className="rounded-card bg-gradient-to-br from-accent-600 to-accent-700 p-card text-white shadow-card"
    >
      <h2 id="real-estate-owned" className="text-sm font-medium text-white/80">
        Property you own
      </h2>
      {holdings.isPending ? (
        <span
          aria-hidden="true"
          className="mt-2 block h-10 w-40 animate-pulse rounded-lg bg-white/20"
        />
      ) : (
        <p
          className="mt-1 text-4xl font-bold tracking-tight tabular-nums"
          data-testid="real-estate-total"
        >
          {formatMoney(costMinor, 'NGN')}
        </p>
      )}
      <p className="mt-2 text-sm text-white/85">
        {items.length === 0
          ? 'Own a share of rented homes and warehouses from ₦20,000 a unit.'
          : `${units.toLocaleString('en-NG')} units in ${String(items.length)} propert${items.length === 1 ? 'y' : 'ies'} · ${formatMoney(rentMinor, 'NGN')} rent received`}
      </p>
    </section>
  );
}

function Properties() {
  const properties = useRealEstates();
  if (properties.isPending) {
    return (
      <div className="grid gap-gutter sm:grid-cols-2 desktop:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <PropertyCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (properties.isError) {
    return <LoadFailed query={properties} />;
  }
  return (
    <div className="grid gap-gutter sm:grid-cols-2 desktop:grid-cols-4">
      {properties.data.map((property) => (
        <PropertyCard key={property.id} property={property} />
      ))}
    </div>
  );
}

/** Real estate: what I own, the properties with units for sale, and my holdings with rent. */
export function RealEstatePage() {
  const holdings = useRealEstateHoldings();
  const hasHoldings = (holdings.data?.length ?? 0) > 0;
  return (
    <>
      <title>Real estate · Ajo</title>
      <div className="space-y-section">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Real estate
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            Buy whole units of let properties and receive your share of the rent every month.
          </p>
        </div>
        <OwnedCard />
        {/* Someone who owns units sees them first; someone new sees what to buy first. */}
        <div className="flex flex-col gap-section">
          <section
            aria-labelledby="real-estate-properties"
            className={classNames('space-y-4', hasHoldings ? 'order-2' : 'order-1')}
          >
            <h2 id="real-estate-properties" className="text-lg font-semibold text-slate-900">
              Properties
            </h2>
            <Properties />
          </section>
          <section
            aria-labelledby="real-estate-holdings"
            className={classNames('space-y-4', hasHoldings ? 'order-1' : 'order-2')}
          >
            <h2 id="real-estate-holdings" className="text-lg font-semibold text-slate-900">
              My holdings
            </h2>
            <HoldingList />
          </section>
        </div>
      </div>
      <BuyPropertyPanel />
    </>
  );
}
