import type { RealEstateProperty } from '@ajo/contracts/real-estate';
import { BuyCardAction } from '../../../components/investment/buy-card-action.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { BUY_PANEL_ID, PROPERTY_PARAM, unitsText } from '../utils/labels.ts';
import { PropertyArt } from './property-art.tsx';

/** One property: its picture, where it is, price per unit, units left, yield, and Buy units. */
export function PropertyCard({ property }: { property: RealEstateProperty }) {
  const headingId = `property-${property.slug}`;
  const soldPercent = Math.round(
    ((property.units_total - property.units_available) / property.units_total) * 100,
  );
  const soldOut = property.units_available === 0 || !property.active;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="property-card"
      className="flex flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-slate-900/5"
    >
      <div className="relative h-40">
        <PropertyArt art={property.art} id={property.slug} />
        <span className="absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-accent-700 shadow-sm">
          {String(property.expected_yield)}% yearly rent
        </span>
      </div>
      <div className="flex flex-1 flex-col p-card">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {property.name}
        </h3>
        <p className="mt-0.5 text-xs text-slate-500">{property.location}</p>
        <p className="mt-3 flex items-baseline gap-1.5">
          <span className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
            {formatMoneyText(property.price_per_unit)}
          </span>
          <span className="text-sm text-slate-600">per unit</span>
        </p>
        <div className="mt-3">
          <div className="flex justify-between text-xs text-slate-600">
            <span data-testid="units-left">{unitsText(property.units_available)} left</span>
            <span>{String(soldPercent)}% sold</span>
          </div>
          <div
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label={`${property.name} units sold`}
            aria-valuenow={soldPercent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div
              className="h-full rounded-full bg-brand-600"
              style={{ width: `${String(soldPercent)}%` }}
            />
          </div>
        </div>
        <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{property.description}</p>
        <p className="mt-3 text-xs text-slate-500">
          About {formatMoneyText(property.monthly_rent_per_unit)} rent a month per unit, before tax.
        </p>
        <BuyCardAction
          panelId={BUY_PANEL_ID}
          itemParam={PROPERTY_PARAM}
          itemId={property.id}
          canBuy={!soldOut}
          buyLabel="Buy units"
          buyAccessibleName={`Buy units of ${property.name}`}
          unavailableText="Sold out"
          spacing="mt-4"
        />
      </div>
    </article>
  );
}

export function PropertyCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-96 flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-slate-900/5"
    >
      <span className="h-40 animate-pulse bg-slate-200" />
      <div className="flex flex-1 flex-col gap-3 p-card">
        <span className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
        <span className="h-8 w-32 animate-pulse rounded bg-slate-200" />
        <span className="h-2 w-full animate-pulse rounded bg-slate-100" />
        <span className="mt-auto h-11 w-full animate-pulse rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}
