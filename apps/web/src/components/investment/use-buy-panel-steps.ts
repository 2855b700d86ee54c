import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UseMutationResult } from '@tanstack/react-query';
import type { PurchaseConfirmActions } from './purchase-confirm-step.tsx';
import { attemptKey, settleAttempt } from '../../lib/money-attempts.ts';

/** One idempotency key per confirmation: a retried Confirm cannot buy twice. */
export interface ConfirmingStep {
  kind: 'confirm';
  idempotencyKey: string;
}

/** What every purchase request carries besides what is bought. */
interface PurchaseKeys {
  idempotencyKey: string;
  pin: string;
}

/**
 * The state of a buy panel opened by `?a=<panelId>` for the item named by `?<itemParam>=`: its
 * step and what was typed in the first one. Closing the panel starts the next purchase afresh:
 * the first step, the first input, and the last purchase request forgotten, so its error does not
 * greet the next one.
 */
export function useBuyPanelSteps<Step, Result, Request extends PurchaseKeys>({
  panelId,
  itemParam,
  firstStep,
  firstInput,
  purchase,
  doneStep,
}: {
  panelId: string;
  itemParam: string;
  firstStep: Step;
  firstInput: string;
  purchase: UseMutationResult<Result, Error, Request>;
  /** The step that shows what the server recorded. */
  doneStep: (result: Result) => Step;
}) {
  const [searchParams] = useSearchParams();
  const open = searchParams.get('a') === panelId;
  const [step, setStep] = useState<Step | ConfirmingStep>(firstStep);
  const [input, setInput] = useState(firstInput);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setStep(firstStep);
      setInput(firstInput);
    }
  }
  const forgetPurchase = purchase.reset;
  useEffect(() => {
    if (!open) forgetPurchase();
  }, [open, forgetPurchase]);

  /** Continue: on to the confirmation, with the key its purchase request will carry. */
  const startConfirming = () => {
    setStep({ kind: 'confirm', idempotencyKey: attemptKey(`buy:${itemParam}`) });
  };

  /**
   * Back and Confirm for the confirmation step: Back forgets the request and returns to the first
   * step; Confirm sends `request` with this confirmation's key and the PIN, then shows the result.
   */
  const confirmActions = (
    confirming: ConfirmingStep,
    request: (keys: PurchaseKeys) => Request,
  ): PurchaseConfirmActions => ({
    isSubmitting: purchase.isPending,
    failure: purchase.error,
    onBack: () => {
      purchase.reset();
      setStep(firstStep);
    },
    onConfirm: (pin, onPinError) => {
      const flow = `buy:${itemParam}`;
      purchase.mutate(request({ idempotencyKey: confirming.idempotencyKey, pin }), {
        onSuccess: (result) => {
          settleAttempt(flow, confirming.idempotencyKey);
          setStep(doneStep(result));
        },
        onError: (error) => {
          settleAttempt(flow, confirming.idempotencyKey, error);
          onPinError(error);
        },
      });
    },
  });

  return {
    itemId: searchParams.get(itemParam),
    step,
    input,
    setInput,
    startConfirming,
    confirmActions,
  };
}
