import { useEffect, useRef, type ReactNode } from 'react';
import { PinConfirmField, usePinConfirm } from '../pin/pin-confirm.tsx';
import { Button } from '../ui/button.tsx';
import { FormErrorBanner } from '../ui/form-error-banner.tsx';

/** What the confirmation step does with the purchase request. */
export interface PurchaseConfirmActions {
  isSubmitting: boolean;
  failure: Error | null;
  /** Sends the purchase with the PIN; the request's error goes to `onPinError` (the PIN field). */
  onConfirm: (pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
}

/**
 * The step before a purchase is sent: what is bought (`children`), its terms in plain words, the
 * transaction PIN, Back and Confirm purchase. Nothing moves before Confirm.
 */
export function PurchaseConfirmStep({
  terms,
  actions: { isSubmitting, failure, onConfirm, onBack },
  children,
}: {
  /** One sentence a point, each different. */
  terms: readonly string[];
  actions: PurchaseConfirmActions;
  children: ReactNode;
}) {
  const stepRef = useRef<HTMLDivElement>(null);
  const pin = usePinConfirm();
  // Focus lands on Confirm, so the keyboard path is Enter (or Shift+Tab to Back).
  useEffect(() => {
    stepRef.current?.querySelector<HTMLButtonElement>('[data-confirm]')?.focus();
  }, []);
  const confirmPurchase = () => {
    if (isSubmitting) return;
    pin.confirm((value) => {
      onConfirm(value, pin.onError);
    });
  };
  return (
    <div ref={stepRef} className="space-y-5">
      <FormErrorBanner message={pin.otherError(failure)} />
      {children}
      <ul className="list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-600">
        {terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      <PinConfirmField pin={pin} disabled={isSubmitting} onEnter={confirmPurchase} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button
          variant="secondary"
          size="lg"
          className="sm:flex-1"
          onClick={onBack}
          disabled={isSubmitting}
        >
          Back
        </Button>
        <Button
          data-confirm
          size="lg"
          className="sm:flex-1"
          isLoading={isSubmitting}
          disabled={!pin.isSet}
          onClick={confirmPurchase}
        >
          Confirm purchase
        </Button>
      </div>
    </div>
  );
}
