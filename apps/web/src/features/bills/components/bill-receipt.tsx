import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BillPayment } from '@ajo/contracts/bills';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TransactionStatusBadge } from '../../../components/wallet/transaction-list.tsx';
import { CheckCircleIcon, XCircleIcon } from '../../../components/wallet/wallet-icons.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { refreshAfterBill } from '../api/pay-bill.ts';
import { useBillPayment } from '../api/get-bill-payment.ts';
import { paymentService, receiptExplanation, receiptHeadline } from '../utils/bill-display.ts';
import { readablePhone } from '../utils/phone-network.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { TokenCard } from './token-card.tsx';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-slate-600">{label}</dt>
      <dd
        className="min-w-0 text-right font-medium wrap-anywhere text-slate-900"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

function StatusIcon({ status }: { status: BillPayment['status'] }) {
  const tone =
    status === 'pending'
      ? 'bg-amber-50 text-amber-600'
      : status === 'successful'
        ? 'bg-emerald-50 text-emerald-600'
        : 'bg-red-50 text-red-600';
  return (
    <span
      className={classNames('flex size-14 items-center justify-center rounded-full', tone)}
      aria-hidden="true"
    >
      {status === 'pending' ? (
        <Spinner className="size-7" />
      ) : status === 'successful' ? (
        <CheckCircleIcon className="size-7" />
      ) : (
        <XCircleIcon className="size-7" />
      )}
    </span>
  );
}

/**
 * When the payment this receipt follows leaves `pending`, the history, the recent recipients and
 * the balance are read again, so the page behind agrees with the receipt at once.
 */
function useRefreshWhenSettled(status: BillPayment['status']) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before !== 'pending' || status === 'pending') return;
    void refreshAfterBill(queryClient);
  }, [status, queryClient]);
}

const recipientLabels: Record<number, string> = {
  1: 'Phone number',
  2: 'Phone number',
  4: 'Meter number',
  5: 'Account ID',
};

/**
 * A bill payment's receipt. While the biller has not answered it is asked for again every few
 * seconds, so the status (and a prepaid token) appear here without a reload.
 */
export function BillReceipt({
  payment: initial,
  headingId,
}: {
  payment: BillPayment;
  headingId: string;
}) {
  const { data: payment } = useBillPayment(initial);
  useRefreshWhenSettled(payment.status);
  const explanation = receiptExplanation(payment);
  const settledAway = payment.status === 'failed' || payment.status === 'reversed';
  return (
    <div className="space-y-5">
      <div className="flex flex-col items-center pt-2 text-center" role="status" aria-live="polite">
        <StatusIcon status={payment.status} />
        {/* A receipt opened from the history starts here, where it says what happened (a
            receipt after Pay focuses Done, which keeps the top in sight). */}
        <h2
          id={headingId}
          tabIndex={-1}
          data-autofocus=""
          className="mt-4 text-lg font-semibold text-slate-900 focus:outline-none"
          data-testid="bill-receipt-title"
        >
          {receiptHeadline(payment)}
        </h2>
        <p
          className={classNames(
            'mt-1 text-3xl font-bold tracking-tight tabular-nums',
            settledAway ? 'text-slate-500 line-through' : 'text-slate-900',
          )}
        >
          {formatMoneyText(payment.amount)}
        </p>
        {explanation === undefined ? null : (
          <p className="mt-2 max-w-sm text-sm leading-6 text-slate-600">{explanation}</p>
        )}
      </div>
      {payment.token === null ? null : <TokenCard token={payment.token} units={payment.units} />}
      <dl className="divide-y divide-slate-100 rounded-2xl bg-slate-50 px-4 text-sm ring-1 ring-slate-900/5">
        <Row label="Service">{paymentService(payment)}</Row>
        <Row label={recipientLabels[payment.type] ?? 'For'}>
          {payment.type === 1 || payment.type === 2
            ? readablePhone(payment.customer_id)
            : payment.customer_id}
        </Row>
        {payment.plan === null ? null : <Row label="Plan">{payment.plan.name}</Row>}
        {payment.customer_name === null ? null : <Row label="Name">{payment.customer_name}</Row>}
        {payment.address === null ? null : <Row label="Address">{payment.address}</Row>}
        <Row label="Amount">{formatMoneyText(payment.amount)}</Row>
        <Row label="Fee">{formatMoneyText(payment.fee)}</Row>
        <Row label="Total" testId="bill-receipt-total">
          {formatMoneyText(payment.total)}
        </Row>
        <Row label="Status" testId="bill-receipt-status">
          <TransactionStatusBadge status={payment.status} />
        </Row>
        <Row label="Date">{formatLagosDateTime(payment.created_at)}</Row>
        <div className="py-2.5">
          <dt className="text-slate-600">Reference</dt>
          <dd className="mt-1 flex items-center justify-between gap-2">
            <span className="min-w-0 font-mono text-xs font-medium break-all text-slate-900">
              {payment.reference}
            </span>
            <CopyButton value={payment.reference} what="reference" className="shrink-0" />
          </dd>
        </div>
      </dl>
    </div>
  );
}
