import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BillPayment } from '@ajo/contracts/bills';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PinConfirmField, usePinConfirm } from '../../../components/pin/pin-confirm.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { DialogDoneButton } from '../../../components/ui/dialog-done-button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useFundAccountLocation } from '../../../lib/fund-account.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { useWallets } from '../../../lib/wallet-queries.ts';
import { payBillMutationKey, usePayBill } from '../api/pay-bill.ts';
import { billPaymentQueryKey } from '../api/get-bill-payment.ts';
import {
  purchaseHeadline,
  purchaseSummaryRows,
  type BillPurchase,
} from '../utils/bill-purchase.ts';
import type { BillQuote } from '../utils/bill-quote.ts';
import { BillCostSummary, SummaryLine } from './bill-cost-summary.tsx';
import { BillReceipt } from './bill-receipt.tsx';
import { isUnknownOutcome, settleAttempt } from '../../../lib/money-attempts.ts';

/** What the dialog shows: a purchase to confirm, or the receipt of a payment already made. */
export type BillDialogView =
  | { kind: 'confirm'; purchase: BillPurchase; quote: BillQuote; idempotencyKey: string }
  | { kind: 'receipt'; payment: BillPayment };

/** Warns before paying when the wallet cannot cover the total, with the way to fund it. */
function ShortfallNotice({ total }: { total: string }) {
  const wallets = useWallets();
  const fundTo = useFundAccountLocation();
  const available = wallets.data?.naira?.available_amount;
  if (available === undefined || moneyTextToMinor(available) >= moneyTextToMinor(total)) {
    return null;
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p>
        Your available balance is <strong>{formatMoneyText(available)}</strong>. Fund your wallet to
        pay {formatMoneyText(total)}.
      </p>
      <ButtonLink to={fundTo} size="sm" variant="secondary" className="shrink-0">
        Fund wallet
      </ButtonLink>
    </div>
  );
}

function ConfirmStep({
  view,
  headingId,
  onPaid,
  onCancel,
}: {
  view: Extract<BillDialogView, { kind: 'confirm' }>;
  headingId: string;
  onPaid: (payment: BillPayment) => void;
  onCancel: () => void;
}) {
  const pay = usePayBill();
  const pin = usePinConfirm();
  const { purchase, quote } = view;
  const total = formatMoneyText(quote.total);
  const payBill = () => {
    if (pay.isPending) return;
    pin.confirm((value) => {
      pay.mutate(
        { purchase, idempotencyKey: view.idempotencyKey, pin: value },
        {
          onSuccess: (payment) => {
            settleAttempt('bill', view.idempotencyKey);
            onPaid(payment);
          },
          onError: (error) => {
            settleAttempt('bill', view.idempotencyKey, error);
            pin.onError(error);
          },
        },
      );
    });
  };
  return (
    <div className="space-y-5">
      <div className="pr-10">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Confirm payment
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-600">
          {purchaseHeadline(purchase)}. {total} will leave your wallet.
        </p>
      </div>
      <BillCostSummary quote={quote}>
        {purchaseSummaryRows(purchase).map((row) => (
          <SummaryLine key={row.label} label={row.label} value={row.value} />
        ))}
        <div aria-hidden="true" className="border-t border-slate-200" />
      </BillCostSummary>
      {/* After a lost answer the wallet may be short by this very payment: Pay asks Ajo again. */}
      {pay.error && isUnknownOutcome(pay.error) ? null : <ShortfallNotice total={quote.total} />}
      <PinConfirmField pin={pin} disabled={pay.isPending} onEnter={payBill} />
      <FormErrorBanner message={pin.otherError(pay.error)} />
      <div className="flex flex-col gap-3">
        <Button size="lg" isLoading={pay.isPending} disabled={!pin.isSet} onClick={payBill}>
          Pay {total}
        </Button>
        <Button variant="ghost" disabled={pay.isPending} onClick={onCancel}>
          Change details
        </Button>
      </div>
    </div>
  );
}

/**
 * Confirming a bill and its receipt, in one dialog: the purchase with its amount, fee and total;
 * Pay; then the receipt, which follows the payment until the biller answers. Opened with a
 * receipt view, it shows a past payment's receipt.
 */
export function BillDialog({
  view,
  onRequestClose,
  onPaid,
}: {
  view: BillDialogView | null;
  onRequestClose: () => void;
  /**
   * A payment was made and its receipt closed: the payment as last seen (a pending one may have
   * failed meanwhile), so the form behind starts again only after money went out.
   */
  onPaid: (payment: BillPayment) => void;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  // The content stays while the dialog slides away, after the owner has let go of the view.
  const [shown, setShown] = useState(view);
  const [paid, setPaid] = useState<BillPayment | null>(null);
  if (view !== null && view !== shown) {
    setShown(view);
    setPaid(null);
  }
  const receipt = paid ?? (shown?.kind === 'receipt' ? shown.payment : null);

  return (
    <ModalDialog
      open={view !== null}
      // While Pay is on its way the dialog stays: its answer is the receipt shown here. Asked of
      // the mutations as they are now, not as last drawn, so an Escape straight after Pay is
      // refused too.
      onRequestClose={() => {
        if (queryClient.isMutating({ mutationKey: payBillMutationKey }) === 0) onRequestClose();
      }}
      onClosed={() => {
        if (paid) {
          onPaid(queryClient.getQueryData<BillPayment>(billPaymentQueryKey(paid.id)) ?? paid);
        }
        setShown(null);
        setPaid(null);
      }}
      labelledBy={headingId}
      closeLabel={receipt ? 'Close receipt' : 'Close confirmation'}
    >
      {receipt ? (
        <div className="space-y-5">
          <BillReceipt payment={receipt} headingId={headingId} />
          <DialogDoneButton onClick={onRequestClose} />
        </div>
      ) : shown?.kind === 'confirm' ? (
        <ConfirmStep
          view={shown}
          headingId={headingId}
          onPaid={(payment) => {
            setPaid(payment);
          }}
          onCancel={onRequestClose}
        />
      ) : null}
    </ModalDialog>
  );
}
