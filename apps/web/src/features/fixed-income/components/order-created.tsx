import type { FixedIncomeOrder } from '@ajo/contracts/fixed-income';
import { Button } from '../../../components/ui/button.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatDate } from '../utils/labels.ts';

/** Step 3: what the server recorded, with the next payment. */
export function OrderCreated({ order, onDone }: { order: FixedIncomeOrder; onDone: () => void }) {
  return (
    <div className="space-y-5 text-center" role="status">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-50 text-2xl text-accent-600">
        ✓
      </span>
      <div>
        <p className="text-lg font-semibold text-slate-900">Investment confirmed</p>
        <p className="mt-1 text-sm text-slate-600">
          {formatMoneyText(order.amount)} in {order.fixed_income.name} at {String(order.rate)}% p.a.
        </p>
      </div>
      <dl className="space-y-2 rounded-2xl bg-slate-50 p-4 text-left text-sm ring-1 ring-slate-200 ring-inset">
        {order.next_payment ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">
              Next {order.next_payment.kind === 'coupon' ? 'coupon' : 'payment'}
            </dt>
            <dd className="font-medium text-slate-900">
              {formatMoneyText(order.next_payment.total)} on {formatDate(order.next_payment.date)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Maturity date</dt>
          <dd className="font-medium text-slate-900" data-testid="created-maturity">
            {formatDate(order.maturity_date)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">You receive in all</dt>
          <dd className="font-semibold text-slate-900">{formatMoneyText(order.expected_total)}</dd>
        </div>
      </dl>
      <Button size="lg" className="w-full" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
