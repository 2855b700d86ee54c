import type { QueryClient } from '@tanstack/react-query';
import { formatMoney } from '@ajo/money/format';
import { classNames } from '../../../lib/class-names.ts';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import {
  fixedIncomeOrdersQueryOptions,
  useFixedIncomeOrders,
} from '../api/get-fixed-income-orders.ts';
import { fixedIncomesQueryOptions, useFixedIncomes } from '../api/get-fixed-incomes.ts';
import { BuyPanel } from '../components/buy-panel.tsx';
import { OrderList } from '../components/order-list.tsx';
import { ProductCard, ProductCardSkeleton } from '../components/product-card.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

/** What the page shows first, asked for by its route's loader. */
export function prefetchFixedIncomeData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(fixedIncomesQueryOptions),
    queryClient.query(fixedIncomeOrdersQueryOptions),
    queryClient.query(walletsQueryOptions),
  ]);
}

/** What the active orders hold and have paid so far. */
function InvestedCard() {
  const orders = useFixedIncomeOrders();
  const active = (orders.data ?? []).filter((order) => order.status === 'active');
  const investedMinor = active.reduce((sum, order) => sum + moneyTextToMinor(order.amount), 0n);
  const earnedMinor = (orders.data ?? []).reduce(
    (sum, order) => sum + moneyTextToMinor(order.net_interest_paid),
    0n,
  );
  return (
    <section
      aria-labelledby="fixed-income-invested"
      className="rounded-card bg-gradient-to-br from-brand-600 to-brand-800 p-card text-white shadow-card"
    >
      <h2 id="fixed-income-invested" className="text-sm font-medium text-white/80">
        Invested in fixed income
      </h2>
      {orders.isPending ? (
        <span
          aria-hidden="true"
          className="mt-2 block h-10 w-40 animate-pulse rounded-lg bg-white/20"
        />
      ) : (
        <p
          className="mt-1 text-4xl font-bold tracking-tight tabular-nums"
          data-testid="fixed-income-total"
        >
          {formatMoney(investedMinor, 'NGN')}
        </p>
      )}
      <p className="mt-2 text-sm text-white/80">
        {active.length === 0
          ? 'Earn fixed returns from government and company debt.'
          : `In ${String(active.length)} active order${active.length === 1 ? '' : 's'} · ${formatMoney(earnedMinor, 'NGN')} interest received`}
      </p>
    </section>
  );
}

function Products() {
  const products = useFixedIncomes();
  if (products.isPending) {
    return (
      <div className="grid gap-gutter sm:grid-cols-2 desktop:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (products.isError) {
    return <LoadFailed query={products} />;
  }
  return (
    <div className="grid gap-gutter sm:grid-cols-2 desktop:grid-cols-3">
      {products.data.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </div>
  );
}

/**
 * Fixed income: what is invested, the products (treasury bills, FGN bonds, commercial paper,
 * corporate bonds) to buy, and my orders with their next coupon and maturity.
 */
export function FixedIncomePage() {
  const orders = useFixedIncomeOrders();
  const hasOrders = (orders.data?.length ?? 0) > 0;
  return (
    <>
      <title>Fixed income · Ajo</title>
      <div className="space-y-section">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Fixed income
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            Treasury bills, FGN bonds and commercial paper: a fixed rate, paid on known dates.
          </p>
        </div>
        <InvestedCard />
        {/* Someone who holds orders sees them first; someone new sees what to buy first. */}
        <div className="flex flex-col gap-section">
          <section
            aria-labelledby="fixed-income-products"
            className={classNames('space-y-4', hasOrders ? 'order-2' : 'order-1')}
          >
            <h2 id="fixed-income-products" className="text-lg font-semibold text-slate-900">
              Products
            </h2>
            <Products />
          </section>
          <section
            aria-labelledby="fixed-income-orders"
            className={classNames('space-y-4', hasOrders ? 'order-1' : 'order-2')}
          >
            <h2 id="fixed-income-orders" className="text-lg font-semibold text-slate-900">
              My orders
            </h2>
            <OrderList />
          </section>
        </div>
      </div>
      <BuyPanel />
    </>
  );
}
