import type { RealEstateHolding } from '@ajo/contracts/real-estate';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RealEstateIcon } from '../../../components/ui/icons.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useRealEstateHoldings } from '../api/get-real-estate-holdings.ts';
import { unitsText } from '../utils/labels.ts';
import { PropertyArt } from './property-art.tsx';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { formatBusinessDate } from '../../../lib/dates.ts';

function HoldingCard({ holding }: { holding: RealEstateHolding }) {
  const property = holding.real_estate;
  return (
    <li
      data-testid="property-holding"
      className="flex gap-4 rounded-card bg-white p-4 shadow-card ring-1 ring-slate-900/5 sm:p-card"
    >
      <div className="hidden h-24 w-32 shrink-0 overflow-hidden rounded-xl sm:block">
        <PropertyArt art={property.art} id={`holding-${property.slug}`} />
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{property.name}</h3>
        <p className="text-xs text-slate-500">{property.location}</p>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-500">Units</dt>
            <dd className="font-medium text-slate-900 tabular-nums" data-testid="holding-units">
              {unitsText(holding.units)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Cost</dt>
            <dd className="font-medium text-slate-900 tabular-nums">
              {formatMoneyText(holding.cost)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Rent received</dt>
            <dd className="font-medium text-accent-700 tabular-nums" data-testid="holding-rent">
              {formatMoneyText(holding.rental_income_net)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Next rent</dt>
            <dd className="font-medium text-slate-900">
              {formatBusinessDate(holding.next_rent_date)}
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

/** My holdings: units, cost, rent received (net of tax) and the next rent date. */
export function HoldingList() {
  const holdings = useRealEstateHoldings();
  // While Try again asks again, the failure (and its busy button) stays in place.
  if (holdings.isError || isRetryingRead(holdings)) {
    return <LoadFailed query={holdings} />;
  }
  if (holdings.isPending) {
    return (
      <ul aria-hidden="true" className="space-y-3">
        {[0, 1].map((index) => (
          <li key={index} className="h-28 animate-pulse rounded-card bg-white shadow-card" />
        ))}
      </ul>
    );
  }
  if (holdings.data.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        icon={<RealEstateIcon className="size-7" />}
        title="No property yet"
        description="Buy a few units of a property above and earn a share of its rent every month."
      />
    );
  }
  return (
    <ul className="space-y-3">
      {holdings.data.map((holding) => (
        <HoldingCard key={holding.id} holding={holding} />
      ))}
    </ul>
  );
}
