import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { targetSavingsMessages, type SavingRecord } from '@ajo/contracts/savings';
import { CheckCircleIcon } from '../../../components/wallet/wallet-icons.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatTargetDate } from '../utils/target-dates.ts';
import { targetDetailLocation, TARGET_SAVINGS_PATH } from '../utils/target-location.ts';

/** 'Target created', above a fresh step 0, with the ways to the new target and the list. */
export function TargetCreatedNotice({
  record,
  onDismiss,
}: {
  record: SavingRecord;
  onDismiss: () => void;
}) {
  const order = record.saving_order;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The Create Target button has gone: focus the way to the new target instead.
    ref.current?.querySelector('a')?.focus();
  }, []);
  return (
    <div
      ref={ref}
      className="flex flex-col gap-3 rounded-2xl border border-accent-100 bg-accent-50 p-4 sm:flex-row sm:items-center"
    >
      <CheckCircleIcon className="size-8 shrink-0 text-accent-600" />
      <div className="min-w-0 flex-1 text-sm">
        <p role="status" className="font-semibold text-slate-900" data-testid="target-created">
          {targetSavingsMessages.created}
        </p>
        <p className="mt-0.5 leading-6 text-slate-700">
          {order.meta.reason}: {formatMoneyText(order.amount)} by{' '}
          {formatTargetDate(order.meta.maturity_date)}.
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3 text-sm font-semibold">
        <Link
          to={targetDetailLocation(record.id, order.id)}
          className="rounded text-brand-700 hover:underline"
        >
          View target
        </Link>
        <Link to={TARGET_SAVINGS_PATH} className="rounded text-brand-700 hover:underline">
          All targets
        </Link>
        <button
          type="button"
          onClick={onDismiss}
          className="rounded text-slate-600 hover:text-slate-900"
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
