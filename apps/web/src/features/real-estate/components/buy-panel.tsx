import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { RealEstateProperty, RealEstatePurchase } from '@ajo/contracts/real-estate';
import { Button } from '../../../components/ui/button.tsx';
import { PinConfirmField, usePinConfirm } from '../../../components/pin/pin-confirm.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useBuyRealEstate } from '../api/buy-real-estate.ts';
import { useRealEstates } from '../api/get-real-estates.ts';
import { BUY_PANEL_ID, PROPERTY_PARAM, unitsText } from '../utils/labels.ts';
import { PurchaseSummary, unitsProblem, UnitsStep } from './units-step.tsx';

type Step =
  | { kind: 'units' }
  /** One idempotency key per confirmation: a retried Confirm cannot buy twice. */
  | { kind: 'confirm'; idempotencyKey: string }
  | { kind: 'bought'; purchase: RealEstatePurchase };

function ConfirmStep({
  property,
  units,
  isSubmitting,
  failure,
  onConfirm,
  onBack,
}: {
  property: RealEstateProperty;
  units: number;
  isSubmitting: boolean;
  failure: Error | null;
  /** Sends the order with the PIN; the request's error goes to `onPinError` (the PIN field). */
  onConfirm: (pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
}) {
  const stepRef = useRef<HTMLDivElement>(null);
  const pin = usePinConfirm();
  useEffect(() => {
    stepRef.current?.querySelector<HTMLButtonElement>('[data-confirm]')?.focus();
  }, []);
  return (
    <div ref={stepRef} className="space-y-5">
      <FormErrorBanner message={pin.otherError(failure)} />
      <p className="text-center text-sm text-slate-600">
        You are buying <span className="font-semibold text-slate-900">{unitsText(units)}</span> of{' '}
        {property.name}, {property.location}, from My Wallet.
      </p>
      <PurchaseSummary property={property} units={units} />
      <ul className="list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-600">
        <li>Rent is shared every month, pro rata to the units you hold at the month’s end.</li>
        <li>10% withholding tax is kept from rent, as the law requires.</li>
        <li>
          Rental yields are expected, not guaranteed; units cannot be sold back in the app yet.
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

function Bought({ purchase, onDone }: { purchase: RealEstatePurchase; onDone: () => void }) {
  return (
    <div className="space-y-5 text-center" role="status">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-50 text-2xl text-accent-600">
        ✓
      </span>
      <div>
        <p className="text-lg font-semibold text-slate-900">Units bought</p>
        <p className="mt-1 text-sm text-slate-600">
          {unitsText(purchase.units)} of {purchase.holding.real_estate.name} for{' '}
          {formatMoneyText(purchase.amount)}.
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="bought-holding">
          You now hold {unitsText(purchase.holding.units)}.
        </p>
      </div>
      <Button size="lg" className="w-full" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

/**
 * Buying units, opened by `?a=buy property&property=<id>`: how many units with the total, a
 * confirmation, then the holding. A bottom sheet on phones, a right-hand panel from 1280 px.
 */
export function BuyPropertyPanel() {
  const [searchParams] = useSearchParams();
  const open = searchParams.get('a') === BUY_PANEL_ID;
  const propertyId = searchParams.get(PROPERTY_PARAM);
  const properties = useRealEstates();
  const property = properties.data?.find((candidate) => candidate.id === propertyId);
  const buy = useBuyRealEstate();
  const [step, setStep] = useState<Step>({ kind: 'units' });
  const [unitsInput, setUnitsInput] = useState('1');
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setStep({ kind: 'units' });
      setUnitsInput('1');
    }
  }
  const resetBuy = buy.reset;
  useEffect(() => {
    if (!open) resetBuy();
  }, [open, resetBuy]);

  const body = (close: () => void) => {
    if (step.kind === 'bought') return <Bought purchase={step.purchase} onDone={close} />;
    if (properties.isPending) {
      return (
        <div className="flex justify-center py-12 text-brand-600">
          <Spinner label="Loading the property" />
        </div>
      );
    }
    if (!property) {
      return (
        <FormErrorBanner
          message={properties.error?.message ?? 'That property is not available right now'}
        />
      );
    }
    if (step.kind === 'confirm' && unitsProblem(property, unitsInput) === undefined) {
      const units = Number(unitsInput);
      return (
        <ConfirmStep
          property={property}
          units={units}
          isSubmitting={buy.isPending}
          failure={buy.error}
          onBack={() => {
            buy.reset();
            setStep({ kind: 'units' });
          }}
          onConfirm={(pin, onPinError) => {
            buy.mutate(
              { propertyId: property.id, units, idempotencyKey: step.idempotencyKey, pin },
              {
                onSuccess: (purchase) => {
                  setStep({ kind: 'bought', purchase });
                },
                onError: onPinError,
              },
            );
          }}
        />
      );
    }
    return (
      <UnitsStep
        property={property}
        unitsInput={unitsInput}
        onUnitsChange={setUnitsInput}
        onContinue={() => {
          setStep({ kind: 'confirm', idempotencyKey: crypto.randomUUID() });
        }}
      />
    );
  };

  const title =
    step.kind === 'bought'
      ? 'Done'
      : step.kind === 'confirm'
        ? 'Confirm your purchase'
        : property
          ? property.name
          : 'Buy units';
  return (
    <SidePanel
      panelId={BUY_PANEL_ID}
      title={title}
      closeLabel="Close buy panel"
      clearsParams={[PROPERTY_PARAM]}
      keepOpen={buy.isPending}
    >
      {(close) => <div className="px-5 py-5">{body(close)}</div>}
    </SidePanel>
  );
}
