import { useId, useState } from 'react';
import type { TransactionDetail } from '@ajo/contracts/wallet';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { CardPendingIcon } from '../../../components/wallet/wallet-icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useCancelCardDeposit } from '../api/cancel-card-deposit.ts';
import { NestedDialogBoundary } from './nested-dialog-boundary.tsx';

/** Only a real web page is followed, whatever the server answered. */
function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function CancelTopUpDialog({
  transaction,
  open,
  onRequestClose,
}: {
  transaction: TransactionDetail;
  open: boolean;
  onRequestClose: () => void;
}) {
  const headingId = useId();
  const cancel = useCancelCardDeposit();
  const close = () => {
    if (!cancel.isPending) onRequestClose();
  };
  return (
    <ModalDialog
      open={open}
      onRequestClose={close}
      onClosed={() => {
        cancel.reset();
      }}
      labelledBy={headingId}
      closeLabel="Close without cancelling"
    >
      <h2 id={headingId} className="pr-10 text-lg font-semibold text-slate-900">
        Cancel this card top-up?
      </h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        The {formatMoneyText(transaction.amount, transaction.currency)} top-up started on{' '}
        {formatLagosDateTime(transaction.created_at)} will be cancelled. Your card has not been
        charged. If you paid it a moment ago, we will add it to your wallet instead.
      </p>
      <div className="mt-4">
        <FormErrorBanner
          message={
            isApiError(cancel.error) && cancel.error.code === 'payment_not_pending'
              ? undefined
              : cancel.error?.message
          }
        />
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={close} disabled={cancel.isPending} data-autofocus>
          Keep it
        </Button>
        <Button
          variant="danger"
          isLoading={cancel.isPending}
          onClick={() => {
            cancel.mutate(transaction.reference, {
              onSuccess: onRequestClose,
              onError: (error) => {
                // Paid in the meantime: good news, and the receipt now shows it as paid.
                if (isApiError(error) && error.code === 'payment_not_pending') {
                  toast.success(error.message);
                  onRequestClose();
                }
              },
            });
          }}
        >
          Cancel top-up
        </Button>
      </div>
    </ModalDialog>
  );
}

/**
 * A card top-up whose checkout was opened but never paid: nothing is on its way, so it says so
 * plainly and offers the two ways out, finishing the payment (the partner's checkout page) or
 * giving up on it (after a confirmation).
 */
export function AwaitingCardPayment({ transaction }: { transaction: TransactionDetail }) {
  const [confirming, setConfirming] = useState(false);
  const checkoutUrl =
    transaction.checkout_url !== null && isWebAddress(transaction.checkout_url)
      ? transaction.checkout_url
      : null;
  return (
    <section
      aria-labelledby="awaiting-card-heading"
      className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-950 print:hidden"
    >
      <div className="flex items-start gap-3">
        <CardPendingIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0 flex-1">
          <h3 id="awaiting-card-heading" className="font-semibold">
            Awaiting card payment
          </h3>
          <p className="mt-1 leading-6">
            Your card has not been charged and nothing has been added to your wallet.{' '}
            {checkoutUrl
              ? 'Finish paying on the secure checkout page, or cancel this top-up.'
              : 'You can cancel this top-up and start a new one.'}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {checkoutUrl ? (
          <a href={checkoutUrl} className={buttonClassName('primary', 'md', 'sm:flex-1')}>
            Resume payment
          </a>
        ) : null}
        <Button
          variant="secondary"
          className="sm:flex-1"
          onClick={() => {
            setConfirming(true);
          }}
        >
          Cancel top-up
        </Button>
      </div>
      <NestedDialogBoundary>
        <CancelTopUpDialog
          transaction={transaction}
          open={confirming}
          onRequestClose={() => {
            setConfirming(false);
          }}
        />
      </NestedDialogBoundary>
    </section>
  );
}
