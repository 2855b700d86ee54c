import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { SavingsProduct } from '@ajo/contracts/savings';
import { formatMoney } from '@ajo/money/format';
import { isCurrency } from '@ajo/money/currency';
import { classNames } from '../../../lib/class-names.ts';
import { ChevronRightIcon, DollarIcon, LockIcon, TargetIcon } from './savings-icons.tsx';
import { MedalIcon } from './target-icons.tsx';

interface ProductLook {
  /** The name on the card, when it says more than the catalogue's ("Fixed" → "Fixed Savings"). */
  title?: string;
  icon: ComponentType<{ className?: string }>;
  tone: string;
  /** The product's page, or undefined while it is not built yet. */
  to?: string;
  /** The way in while the user holds nothing in it ("Start a plan" unless it says otherwise). */
  start?: string;
}

const looks: Record<string, ProductLook> = {
  fixed: {
    title: 'Fixed Savings',
    icon: LockIcon,
    tone: 'bg-brand-50 text-brand-700',
    to: '/savings/fixed',
  },
  target_saving: {
    icon: TargetIcon,
    tone: 'bg-accent-50 text-accent-700',
    to: '/savings/target-savings',
  },
  // A challenge is joined, not started: the spec's banner says 'Join Challenge'.
  olympic_challenge: { icon: MedalIcon, tone: 'bg-sun-100 text-sun-900', start: 'Join Challenge' },
  dollar: { icon: DollarIcon, tone: 'bg-sun-100 text-sun-900', to: '/savings/dollar' },
};

/** Where a product's screens are: the challenge's page is named by the product's id. */
const pathOf = (product: SavingsProduct, look: ProductLook) =>
  product.slug === 'olympic_challenge' ? `/savings/target-savings/${product.id}` : look.to;

const fallbackLook: ProductLook = { icon: LockIcon, tone: 'bg-slate-100 text-slate-700' };

/** "Up to 10% p.a." from the product's rate chart; nothing when it has none. */
function bestRateText(product: SavingsProduct): string | undefined {
  const rates = product.meta.durations.map((duration) => duration.rate);
  if (rates.length === 0) return undefined;
  return `Up to ${String(Math.max(...rates))}% p.a.`;
}

/**
 * One savings product on the overview: what it is, what the user holds in it, and the way in. A
 * product whose screens are not built yet says "Coming soon" instead of linking to nothing.
 */
export function ProductCard({
  product,
  totalMinor,
  planCount,
}: {
  product: SavingsProduct;
  totalMinor: bigint;
  planCount: number;
}) {
  const found = looks[product.slug] ?? fallbackLook;
  const look = { ...found, to: pathOf(product, found) };
  const Icon = look.icon;
  const currency = isCurrency(product.currency) ? product.currency : 'NGN';
  const rate = bestRateText(product);
  const headingId = `product-${product.slug}-heading`;
  const content = (
    <>
      <div className="flex items-start justify-between gap-3">
        <span
          className={classNames('flex size-12 items-center justify-center rounded-2xl', look.tone)}
        >
          <Icon className="size-6" />
        </span>
        {look.to ? (
          rate ? (
            <span className="rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-700">
              {rate}
            </span>
          ) : null
        ) : (
          <span className="rounded-full bg-sun-300 px-2.5 py-0.5 text-xs font-bold tracking-wide text-sun-900 uppercase">
            Coming soon
          </span>
        )}
      </div>
      <h3 id={headingId} className="mt-4 text-lg font-semibold text-slate-900">
        {look.title ?? product.name}
      </h3>
      <p className="mt-1 text-sm leading-6 text-slate-600">{product.description}</p>
      <div className="mt-auto pt-5">
        <p className="text-xs font-medium text-slate-500">Your balance</p>
        <p
          className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums"
          data-testid="product-total"
        >
          {formatMoney(totalMinor, currency)}
        </p>
        <p className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
          {look.to ? (
            <>
              {/* The link covers the whole card (its ::after), so the card is one big target. */}
              <Link
                to={look.to}
                className="rounded font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-card after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
              >
                {planCount === 0
                  ? (look.start ?? 'Start a plan')
                  : `View ${String(planCount)} plan${planCount === 1 ? '' : 's'}`}
                <span className="sr-only"> in {look.title ?? product.name}</span>
              </Link>
              <ChevronRightIcon className="size-4 text-brand-600 transition-transform group-hover:translate-x-0.5" />
            </>
          ) : (
            <span className="text-slate-600">We are building this next.</span>
          )}
        </p>
      </div>
    </>
  );
  return (
    <li data-testid={`product-${product.slug}`}>
      <section
        aria-labelledby={headingId}
        className={classNames(
          'relative flex h-full flex-col rounded-card p-card shadow-card ring-1 ring-slate-900/5',
          look.to
            ? 'group bg-white transition hover:-translate-y-0.5 hover:ring-brand-200 motion-reduce:transition-none'
            : 'bg-white/70',
        )}
      >
        {content}
      </section>
    </li>
  );
}

export function ProductCardSkeleton() {
  return (
    <li
      aria-hidden="true"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <span className="block size-12 animate-pulse rounded-2xl bg-slate-200" />
      <span className="mt-4 block h-5 w-32 animate-pulse rounded bg-slate-200" />
      <span className="mt-2 block h-4 w-full animate-pulse rounded bg-slate-100" />
      <span className="mt-1.5 block h-4 w-2/3 animate-pulse rounded bg-slate-100" />
      <span className="mt-6 block h-3 w-20 animate-pulse rounded bg-slate-100" />
      <span className="mt-2 block h-7 w-28 animate-pulse rounded-lg bg-slate-200" />
    </li>
  );
}
