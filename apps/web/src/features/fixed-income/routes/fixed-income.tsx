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
  fixedIncomeOrdersQueryOptions,
  useFixedIncomeOrders,
} from '../api/get-fixed-income-orders.ts';
import { fixedIncomesQueryOptions, useFixedIncomes } from '../api/get-fixed-incomes.ts';
import { BuyPanel } from '../components/buy-panel.tsx';
import { OrderList } from '../components/order-list.tsx';
import { ProductCard, ProductCardSkeleton } from '../components/product-card.tsx';

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
    <InvestmentTotalCard
      headingId="fixed-income-invested"
      heading="Invested in fixed income"
      tone="brand"
      isPending={orders.isPending}
      loadFailed={orders.isError}
      totalMinor={investedMinor}
      totalTestId="fixed-income-total"
      caption={
        active.length === 0
          ? 'Earn fixed returns from government and company debt.'
          : `In ${String(active.length)} active order${active.length === 1 ? '' : 's'} · ${formatMoney(earnedMinor, 'NGN')} interest received`
      }
    />
  );
}

function Products() {
  const products = useFixedIncomes();
  return (
    <CatalogueGrid
      catalogue={products}
      columns={3}
      skeletonCard={<ProductCardSkeleton />}
      renderCard={(product) => <ProductCard product={product} />}
    />
  );
}

/**
 * Fixed income: what is invested, the products (treasury bills, FGN bonds, commercial paper,
 * corporate bonds) to buy, and my orders with their next coupon and maturity.
 */
export function FixedIncomePage() {
  const orders = useFixedIncomeOrders();
  return (
    <InvestmentPage
      title="Fixed income"
      description="Treasury bills, FGN bonds and commercial paper: a fixed rate, paid on known dates."
      totalCard={<InvestedCard />}
      catalogue={{ id: 'fixed-income-products', title: 'Products', content: <Products /> }}
      holdings={{ id: 'fixed-income-orders', title: 'My orders', content: <OrderList /> }}
      holdingsFirst={(orders.data?.length ?? 0) > 0}
      buyPanel={<BuyPanel />}
    />
  );
}
