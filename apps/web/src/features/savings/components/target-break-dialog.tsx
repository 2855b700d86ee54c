import { useId, useState } from 'react';
import type { SavingRecord } from '@ajo/contracts/savings';
import { Button } from '../../../components/ui/button.tsx';
import { PinConfirmField, usePinConfirm } from '../../../components/pin/pin-confirm.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { DialogDoneButton } from '../../../components/ui/dialog-done-button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CheckCircleIcon } from '../../../components/wallet/wallet-icons.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { attemptKey, settleAttempt } from '../../../lib/money-attempts.ts';
import { useBreakTarget } from '../api/break-target.ts';
import { useTargetBreakQuote } from '../api/get-target-break-quote.ts';
import { EarningsSummary } from './earnings-summary.tsx';

/**
 * Break Plan's confirmation: exactly what comes back (the server's quote: the deposits, the 1%
 * charge, the interest forfeited, what reaches the wallet), then the break, then what happened.
 */
export function TargetBreakDialog({
  open,
  savingId,
  orderId,
  reason,
  onRequestClose,
  onClosed,
}: {
  open: boolean;
  savingId: string;
  orderId: string;
  reason: string;
  onRequestClose: () => void;
  /** Once the dialog has gone: after a break, Break Plan has gone too, so focus needs a place. */
  onClosed?: () => void;
}) {
  const headingId = useId();
  const quote = useTargetBreakQuote(savingId, orderId, open);
  const breakPlan = useBreakTarget();
  const pin = usePinConfirm();
  const [broken, setBroken] = useState<SavingRecord | null>(null);
  // One key per opening of the dialog; after a break whose answer was lost, the next opening
  // keeps it (money-attempts.ts), so the server answers the first break instead of a second.
  const flow = `break:${orderId}`;
  const [idempotencyKey, setIdempotencyKey] = useState(() => attemptKey(flow));
  const paid = broken?.saving_order.paid;
  const confirmBreak = () => {
    if (!quote.isSuccess || breakPlan.isPending) return;
    pin.confirm((value) => {
      breakPlan.mutate(
        { savingId, orderId, idempotencyKey, pin: value },
        {
          onSuccess: (record) => {
            settleAttempt(flow, idempotencyKey);
            setBroken(record);
          },
          onError: (error) => {
            settleAttempt(flow, idempotencyKey, error);
            pin.onError(error);
          },
        },
      );
    });
  };

  let content;
  if (broken) {
    content = (
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-accent-50 text-accent-600">
          <CheckCircleIcon className="size-8" />
        </span>
        <h2 id={headingId} className="mt-4 text-lg font-semibold text-slate-900">
          Target broken
        </h2>
        <p
          role="status"
          className="mt-2 text-sm leading-6 text-slate-600"
          data-testid="target-broken"
        >
          {paid ? formatMoneyText(paid.payout) : 'Your deposits, less the 1% charge,'} is back in
          your wallet.
        </p>
        <div className="mt-6 w-full">
          <DialogDoneButton onClick={onRequestClose} />
        </div>
      </div>
    );
  } else {
    content = (
      <div className="space-y-5">
        <div className="pr-10">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Break {reason}?
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-600">
            Breaking before the withdrawal date loses the interest earned and costs 1% of your
            deposits. This is what comes back to your wallet:
          </p>
        </div>
        {quote.isPending ? (
          <div className="flex justify-center py-8 text-brand-600">
            <Spinner label="Working out what comes back" />
          </div>
        ) : quote.isError ? (
          <FormErrorBanner message={quote.error.message} />
        ) : (
          <EarningsSummary
            title="If you break it now"
            rows={[
              {
                label: 'Your deposits',
                value: formatMoneyText(quote.data.deposits),
                testId: 'break-deposits',
              },
              {
                label: '1% charge on deposits',
                value: `\u2212${formatMoneyText(quote.data.charge)}`,
                deduction: true,
                testId: 'break-charge',
              },
              {
                label: 'Interest forfeited',
                value: formatMoneyText(quote.data.forfeited_interest),
                deduction: true,
                testId: 'break-forfeited',
              },
              {
                label: 'Back to your wallet',
                value: formatMoneyText(quote.data.payout),
                emphasis: true,
                testId: 'break-payout',
              },
            ]}
          />
        )}
        <PinConfirmField pin={pin} disabled={breakPlan.isPending} onEnter={confirmBreak} />
        <FormErrorBanner message={pin.otherError(breakPlan.error)} />
        <div className="flex flex-col gap-3">
          <Button
            variant="danger"
            size="lg"
            disabled={!quote.isSuccess || !pin.isSet}
            isLoading={breakPlan.isPending}
            onClick={confirmBreak}
          >
            Break Plan
          </Button>
          <Button variant="ghost" disabled={breakPlan.isPending} onClick={onRequestClose}>
            Keep saving
          </Button>
        </div>
      </div>
    );
  }

  return (
    <ModalDialog
      open={open}
      // While the break is on its way the dialog stays: its answer is shown here.
      onRequestClose={() => {
        if (!breakPlan.isPending) onRequestClose();
      }}
      onClosed={() => {
        setBroken(null);
        pin.setPin('');
        breakPlan.reset();
        setIdempotencyKey(attemptKey(flow));
        onClosed?.();
      }}
      labelledBy={headingId}
      closeLabel="Close break plan"
    >
      {content}
    </ModalDialog>
  );
}
