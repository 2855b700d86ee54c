import type { FixedIncomeOrder } from '@ajo/contracts/fixed-income';
import { formatBusinessDate } from '../../../lib/dates.ts';
import { PurchaseDone } from '../../../components/investment/purchase-done.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';

/** Step 3: what the server recorded, with the next payment. */
export function OrderCreated({ order, onDone }: { order: FixedIncomeOrder; onDone: () => void }) {
  return (
    <PurchaseDone
      title="Investment confirmed"
      summary={
        <p className="mt-1 text-sm text-slate-600">
          {formatMoneyText(order.amount)} in {order.fixed_income.name} at {String(order.rate)}% p.a.
        </p>
      }
      onDone={onDone}
    >
      <dl className="space-y-2 rounded-2xl bg-slate-50 p-4 text-left text-sm ring-1 ring-slate-200 ring-inset">
        {order.next_payment ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">
              Next {order.next_payment.kind === 'coupon' ? 'coupon' : 'payment'}
            </dt>
            <dd className="font-medium text-slate-900">
              {formatMoneyText(order.next_payment.total)} on{' '}
              {formatBusinessDate(order.next_payment.date)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Maturity date</dt>
          <dd className="font-medium text-slate-900" data-testid="created-maturity">
            {formatBusinessDate(order.maturity_date)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">You receive in all</dt>
          <dd className="font-semibold text-slate-900">{formatMoneyText(order.expected_total)}</dd>
        </div>
      </dl>
    </PurchaseDone>
  );
}
