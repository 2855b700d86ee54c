import type { RealEstateProperty, RealEstatePurchase } from '@ajo/contracts/real-estate';
import {
  BuyPanelFrame,
  CatalogueItemMissing,
} from '../../../components/investment/buy-panel-frame.tsx';
import {
  PurchaseConfirmStep,
  type PurchaseConfirmActions,
} from '../../../components/investment/purchase-confirm-step.tsx';
import { PurchaseDone } from '../../../components/investment/purchase-done.tsx';
import {
  useBuyPanelSteps,
  type ConfirmingStep,
} from '../../../components/investment/use-buy-panel-steps.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useBuyRealEstate, type BuyRealEstateInput } from '../api/buy-real-estate.ts';
import { useRealEstates } from '../api/get-real-estates.ts';
import { BUY_PANEL_ID, PROPERTY_PARAM, unitsText } from '../utils/labels.ts';
import { PurchaseSummary, unitsProblem, UnitsStep } from './units-step.tsx';
import { PinNotSetUpFront } from '../../../components/pin/pin-confirm.tsx';

type Step = { kind: 'units' } | ConfirmingStep | { kind: 'bought'; purchase: RealEstatePurchase };

function ConfirmStep({
  property,
  units,
  actions,
}: {
  property: RealEstateProperty;
  units: number;
  actions: PurchaseConfirmActions;
}) {
  return (
    <PurchaseConfirmStep
      terms={[
        'Rent is shared every month, pro rata to the units you hold at the month’s end.',
        '10% withholding tax is kept from rent, as the law requires.',
        'Rental yields are expected, not guaranteed; units cannot be sold back in the app yet.',
      ]}
      actions={actions}
    >
      <p className="text-center text-sm text-slate-600">
        You are buying <span className="font-semibold text-slate-900">{unitsText(units)}</span> of{' '}
        {property.name}, {property.location}, from My Wallet.
      </p>
      <PurchaseSummary property={property} units={units} />
    </PurchaseConfirmStep>
  );
}

function Bought({ purchase, onDone }: { purchase: RealEstatePurchase; onDone: () => void }) {
  return (
    <PurchaseDone
      title="Units bought"
      summary={
        <>
          <p className="mt-1 text-sm text-slate-600">
            {unitsText(purchase.units)} of {purchase.holding.real_estate.name} for{' '}
            {formatMoneyText(purchase.amount)}.
          </p>
          <p className="mt-1 text-sm text-slate-600" data-testid="bought-holding">
            You now hold {unitsText(purchase.holding.units)}.
          </p>
        </>
      }
      onDone={onDone}
    />
  );
}

/**
 * Buying units, opened by `?a=buy property&property=<id>`: how many units with the total, a
 * confirmation, then the holding.
 */
export function BuyPropertyPanel() {
  const buy = useBuyRealEstate();
  const {
    itemId: propertyId,
    step,
    input: unitsInput,
    setInput: setUnitsInput,
    startConfirming,
    confirmActions,
  } = useBuyPanelSteps<Step, RealEstatePurchase, BuyRealEstateInput>({
    panelId: BUY_PANEL_ID,
    itemParam: PROPERTY_PARAM,
    firstStep: { kind: 'units' },
    firstInput: '1',
    purchase: buy,
    doneStep: (purchase) => ({ kind: 'bought', purchase }),
  });
  const properties = useRealEstates();
  const property = properties.data?.find((candidate) => candidate.id === propertyId);

  const body = (close: () => void) => {
    if (step.kind === 'bought') return <Bought purchase={step.purchase} onDone={close} />;
    if (!property) {
      return (
        <CatalogueItemMissing
          catalogue={properties}
          loadingLabel="Loading the property"
          unavailableMessage="That property is not available right now"
        />
      );
    }
    if (step.kind === 'confirm' && unitsProblem(property, unitsInput) === undefined) {
      const units = Number(unitsInput);
      return (
        <ConfirmStep
          property={property}
          units={units}
          actions={confirmActions(step, (keys) => ({ propertyId: property.id, units, ...keys }))}
        />
      );
    }
    return (
      <>
        <PinNotSetUpFront className="mb-5" />
        <UnitsStep
          property={property}
          unitsInput={unitsInput}
          onUnitsChange={setUnitsInput}
          onContinue={startConfirming}
        />
      </>
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
    <BuyPanelFrame
      panelId={BUY_PANEL_ID}
      itemParam={PROPERTY_PARAM}
      title={title}
      keepOpen={buy.isPending}
    >
      {body}
    </BuyPanelFrame>
  );
}
