import type { FixedIncomeProduct } from '@ajo/contracts/fixed-income';
import { BuyCardAction } from '../../../components/investment/buy-card-action.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { classNames } from '../../../lib/class-names.ts';
import {
  BUY_PANEL_ID,
  kindLabels,
  PRODUCT_PARAM,
  scheduleLabel,
  taxLabel,
} from '../utils/labels.ts';

const tones: Record<FixedIncomeProduct['kind'], string> = {
  treasury_bill: 'bg-brand-50 text-brand-700',
  fgn_bond: 'bg-accent-50 text-accent-700',
  commercial_paper: 'bg-sun-100 text-sun-900',
  corporate_bond: 'bg-violet-50 text-violet-700',
};

/** One product: what it is, what it pays and when, the smallest order, and Buy. */
export function ProductCard({ product }: { product: FixedIncomeProduct }) {
  const headingId = `fixed-income-${product.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="fixed-income-product"
      className="flex flex-col rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={classNames(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            tones[product.kind],
          )}
        >
          {kindLabels[product.kind]}
        </span>
        <span className="text-xs font-medium text-slate-500">{taxLabel(product)}</span>
      </div>
      <h3 id={headingId} className="mt-3 text-base font-semibold text-slate-900">
        {product.name}
      </h3>
      <p className="mt-0.5 text-xs text-slate-500">{product.issuer}</p>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
          {String(product.rate)}%
        </span>
        <span className="text-sm text-slate-600">per annum</span>
      </p>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-xs">
        <div className="rounded-xl bg-slate-50 px-2.5 py-2">
          <dt className="text-slate-500">Tenor</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{product.tenor_label}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 px-2.5 py-2">
          <dt className="text-slate-500">Minimum</dt>
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">
            {formatMoneyText(product.minimum).replace(/\.00$/, '')}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 px-2.5 py-2">
          <dt className="text-slate-500">Pays</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">
            {product.coupon_schedule === 'semi_annual' ? 'Semi-annual' : 'At maturity'}
          </dd>
        </div>
      </dl>
      <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{product.description}</p>
      <BuyCardAction
        panelId={BUY_PANEL_ID}
        itemParam={PRODUCT_PARAM}
        itemId={product.id}
        canBuy={product.active}
        buyLabel="Buy"
        buyAccessibleName={`Buy ${product.name}`}
        unavailableText={`Closed for new orders · ${scheduleLabel(product)}`}
        spacing="mt-5"
      />
    </article>
  );
}

/** The cards' shape while the catalogue loads. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-80 flex-col gap-3 rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <span className="h-5 w-24 animate-pulse rounded-full bg-slate-200" />
      <span className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
      <span className="h-9 w-28 animate-pulse rounded bg-slate-200" />
      <span className="h-14 w-full animate-pulse rounded-xl bg-slate-100" />
      <span className="mt-auto h-11 w-full animate-pulse rounded-xl bg-slate-200" />
    </div>
  );
}
