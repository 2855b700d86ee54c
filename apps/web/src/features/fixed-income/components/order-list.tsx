import type { FixedIncomeOrder } from '@ajo/contracts/fixed-income';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FixedIncomeIcon } from '../../../components/ui/icons.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { lagosToday } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useFixedIncomeOrders } from '../api/get-fixed-income-orders.ts';
import { kindLabels } from '../utils/labels.ts';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { formatBusinessDate } from '../../../lib/dates.ts';

/** How far through its term an order is, 0–100, by days. */
function progressPercent(order: FixedIncomeOrder, today: string): number {
  const start = Date.parse(order.start_date);
  const end = Date.parse(order.maturity_date);
  const now = Date.parse(today);
  if (order.status === 'matured' || now >= end) return 100;
  return Math.max(0, Math.min(100, Math.round(((now - start) / (end - start)) * 100)));
}

function OrderCard({ order, today }: { order: FixedIncomeOrder; today: string }) {
  const progress = progressPercent(order, today);
  const next = order.next_payment;
  const matured = order.status === 'matured';
  return (
    <li
      data-testid="fixed-income-order"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">
            {kindLabels[order.fixed_income.kind]} · {String(order.rate)}% p.a.
          </p>
          <h3 className="mt-0.5 font-semibold text-slate-900">{order.fixed_income.name}</h3>
        </div>
        <span
          className={classNames(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
            matured
              ? 'bg-slate-100 text-slate-700 ring-slate-300'
              : 'bg-accent-50 text-accent-700 ring-accent-600/25',
          )}
        >
          {matured ? 'Matured' : 'Active'}
        </span>
      </div>
      <p className="mt-3 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
        {formatMoneyText(order.amount)}
      </p>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Time to maturity"
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={classNames('h-full rounded-full', matured ? 'bg-slate-400' : 'bg-accent-500')}
          style={{ width: `${String(progress)}%` }}
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">Bought</dt>
          <dd className="font-medium text-slate-900">{formatBusinessDate(order.start_date)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Maturity</dt>
          <dd className="font-medium text-slate-900" data-testid="order-maturity">
            {formatBusinessDate(order.maturity_date)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">
            {next ? (next.kind === 'coupon' ? 'Next coupon' : 'At maturity') : 'Paid back'}
          </dt>
          <dd className="font-medium text-slate-900 tabular-nums" data-testid="order-next">
            {next ? formatMoneyText(next.total) : formatMoneyText(order.expected_total)}
            {next ? (
              <span className="block text-xs font-normal text-slate-500">
                on {formatBusinessDate(next.date)}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Interest received</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {formatMoneyText(order.net_interest_paid)}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** My orders, newest first, with their next coupon and maturity. */
export function OrderList() {
  const orders = useFixedIncomeOrders();
  const today = lagosToday();
  // While Try again asks again, the failure (and its busy button) stays in place.
  if (orders.isError || isRetryingRead(orders)) {
    return <LoadFailed query={orders} />;
  }
  if (orders.isPending) {
    return (
      <ul aria-hidden="true" className="grid gap-gutter desktop:grid-cols-2">
        {[0, 1].map((index) => (
          <li key={index} className="h-48 animate-pulse rounded-card bg-white shadow-card" />
        ))}
      </ul>
    );
  }
  if (orders.data.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        icon={<FixedIncomeIcon className="size-7" />}
        title="No investments yet"
        description="Pick a treasury bill, bond or commercial paper above. Your orders, their next coupon and maturity date will show here."
      />
    );
  }
  return (
    <ul className="grid gap-gutter desktop:grid-cols-2">
      {orders.data.map((order) => (
        <OrderCard key={order.id} order={order} today={today} />
      ))}
    </ul>
  );
}
