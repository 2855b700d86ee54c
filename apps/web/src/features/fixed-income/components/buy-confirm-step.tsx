import { useEffect, useRef } from 'react';
import type { FixedIncomeProduct } from '@ajo/contracts/fixed-income';
import { formatMoney } from '@ajo/money/format';
import { PinConfirmField, usePinConfirm } from '../../../components/pin/pin-confirm.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { OrderEstimate } from '../utils/order-estimate.ts';
import { EstimateSummary } from './buy-amount-step.tsx';

/** Step 2: the order at a glance, the terms in plain words, and Confirm. */
export function BuyConfirmStep({
  product,
  amountMinor,
  estimate,
  isSubmitting,
  failure,
  onConfirm,
  onBack,
}: {
  product: FixedIncomeProduct;
  amountMinor: bigint;
  estimate: OrderEstimate;
  isSubmitting: boolean;
  failure: Error | null;
  /** Sends the order with the PIN; the request's error goes to `onPinError` (the PIN field). */
  onConfirm: (pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
}) {
  const stepRef = useRef<HTMLDivElement>(null);
  const pin = usePinConfirm();
  // Focus lands on Confirm, so the keyboard path is Enter (or Shift+Tab to Back).
  useEffect(() => {
    stepRef.current?.querySelector<HTMLButtonElement>('[data-confirm]')?.focus();
  }, []);
  return (
    <div ref={stepRef} className="space-y-5">
      <FormErrorBanner message={pin.otherError(failure)} />
      <div className="text-center">
        <p className="text-sm text-slate-600">You are investing</p>
        <p
          className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums"
          data-testid="confirm-amount"
        >
          {formatMoney(amountMinor, 'NGN')}
        </p>
        <p className="mt-1 text-sm text-slate-600">in {product.name} from My Wallet · no fee</p>
      </div>
      <EstimateSummary product={product} estimate={estimate} />
      <ul className="list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-600">
        <li>
          The amount leaves your wallet now and is held until maturity; it cannot be sold early.
        </li>
        <li>
          {product.coupon_schedule === 'semi_annual'
            ? 'Coupons reach your wallet every six months; your principal comes back with the last one.'
            : 'Your principal and interest reach your wallet on the maturity date.'}
        </li>
        <li>
          {product.withholding_tax
            ? '10% withholding tax is kept from each interest payment, as the law requires.'
            : 'Government securities are free of withholding tax.'}
        </li>
      </ul>
      <PinConfirmField pin={pin} disabled={isSubmitting} />
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
          onClick={() => {
            pin.confirm((value) => {
              onConfirm(value, pin.onError);
            });
          }}
        >
          Confirm purchase
        </Button>
      </div>
    </div>
  );
}
