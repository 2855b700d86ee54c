import type { FixedIncomeOrder } from '@ajo/contracts/fixed-income';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import {
  BuyPanelFrame,
  CatalogueItemMissing,
} from '../../../components/investment/buy-panel-frame.tsx';
import {
  useBuyPanelSteps,
  type ConfirmingStep,
} from '../../../components/investment/use-buy-panel-steps.ts';
import { lagosToday } from '../../../lib/dates.ts';
import {
  useCreateFixedIncomeOrder,
  type CreateFixedIncomeOrderInput,
} from '../api/create-fixed-income-order.ts';
import { useFixedIncomes } from '../api/get-fixed-incomes.ts';
import { BUY_PANEL_ID, PRODUCT_PARAM } from '../utils/labels.ts';
import { estimateOrder } from '../utils/order-estimate.ts';
import { amountProblem, BuyAmountStep } from './buy-amount-step.tsx';
import { BuyConfirmStep } from './buy-confirm-step.tsx';
import { OrderCreated } from './order-created.tsx';
import { PinNotSetUpFront } from '../../../components/pin/pin-confirm.tsx';

type Step = { kind: 'amount' } | ConfirmingStep | { kind: 'created'; order: FixedIncomeOrder };

const titles: Record<Step['kind'], string> = {
  amount: 'Buy',
  confirm: 'Confirm your investment',
  created: 'Done',
};

/**
 * Buying a product, opened by `?a=buy fixed income&product=<id>`: the amount with the expected
 * returns, then a confirmation, then what the server recorded.
 */
export function BuyPanel() {
  const create = useCreateFixedIncomeOrder();
  const {
    itemId: productId,
    step,
    input: amountText,
    setInput: setAmountText,
    startConfirming,
    confirmActions,
  } = useBuyPanelSteps<Step, FixedIncomeOrder, CreateFixedIncomeOrderInput>({
    panelId: BUY_PANEL_ID,
    itemParam: PRODUCT_PARAM,
    firstStep: { kind: 'amount' },
    firstInput: '',
    purchase: create,
    doneStep: (order) => ({ kind: 'created', order }),
  });
  const products = useFixedIncomes();
  const product = products.data?.find((candidate) => candidate.id === productId);

  const amountMinor = currencyInputToMinor(amountText);
  const estimate =
    product && amountMinor !== null && amountProblem(product, amountText) === undefined
      ? estimateOrder(product, amountMinor, lagosToday())
      : undefined;

  const body = (close: () => void) => {
    if (step.kind === 'created') return <OrderCreated order={step.order} onDone={close} />;
    if (!product) {
      return (
        <CatalogueItemMissing
          catalogue={products}
          loadingLabel="Loading the product"
          unavailableMessage="That investment is not available right now"
        />
      );
    }
    if (step.kind === 'confirm' && estimate && amountMinor !== null) {
      return (
        <BuyConfirmStep
          product={product}
          amountMinor={amountMinor}
          estimate={estimate}
          actions={confirmActions(step, (keys) => ({
            productId: product.id,
            amountMinor,
            ...keys,
          }))}
        />
      );
    }
    return (
      <>
        <PinNotSetUpFront className="mb-5" />
        <BuyAmountStep
          product={product}
          amountText={amountText}
          estimate={estimate}
          onAmountChange={setAmountText}
          onContinue={startConfirming}
        />
      </>
    );
  };

  return (
    <BuyPanelFrame
      panelId={BUY_PANEL_ID}
      itemParam={PRODUCT_PARAM}
      title={step.kind === 'amount' && product ? `Buy ${product.name}` : titles[step.kind]}
      keepOpen={create.isPending}
    >
      {body}
    </BuyPanelFrame>
  );
}
