import { useEffect, useRef } from 'react';
import { fixedSavingsMessages, type SavingRecord } from '@ajo/contracts/savings';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { CheckCircleIcon } from '../../../components/wallet/wallet-icons.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatBusinessDate } from '../../../lib/dates.ts';
import { fixedPlanPath } from '../utils/fixed-plan-location.ts';

/** The plan is made: 'Amount fixed Successfully', when it matures and what it will pay. */
export function FixedPlanCreated({ record, onDone }: { record: SavingRecord; onDone: () => void }) {
  const order = record.saving_order;
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The Fix Amount button has gone: focus the way out instead of losing it to the page.
    doneRef.current?.querySelector('button')?.focus();
  }, []);
  return (
    <div className="flex flex-col items-center py-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent-50 text-accent-600">
        <CheckCircleIcon className="size-8" />
      </span>
      <p
        role="status"
        className="mt-4 text-lg font-semibold text-slate-900"
        data-testid="fixed-plan-success"
      >
        {fixedSavingsMessages.created}
      </p>
      <p className="mt-2 max-w-xs text-sm leading-6 text-slate-600">
        <strong className="font-semibold text-slate-900">{formatMoneyText(record.amount)}</strong>{' '}
        is fixed for {order.meta.duration} at {String(order.meta.percentage_yield)}% per annum. On{' '}
        {formatBusinessDate(order.meta.maturity_date)} you get{' '}
        <strong className="font-semibold text-slate-900">
          {formatMoneyText(order.projected.payout)}
        </strong>{' '}
        back in your wallet.
      </p>
      <div ref={doneRef} className="mt-6 flex w-full flex-col gap-3">
        <Button size="lg" onClick={onDone}>
          Done
        </Button>
        <ButtonLink to={fixedPlanPath(record.id, order.id)} variant="ghost">
          View plan
        </ButtonLink>
      </div>
    </div>
  );
}
