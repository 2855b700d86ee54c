import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FixedIncomeOrder } from '@ajo/contracts/fixed-income';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lagosToday } from '../../../lib/dates.ts';
import { useCreateFixedIncomeOrder } from '../api/create-fixed-income-order.ts';
import { useFixedIncomes } from '../api/get-fixed-incomes.ts';
import { BUY_PANEL_ID, PRODUCT_PARAM } from '../utils/labels.ts';
import { estimateOrder } from '../utils/order-estimate.ts';
import { amountProblem, BuyAmountStep } from './buy-amount-step.tsx';
import { BuyConfirmStep } from './buy-confirm-step.tsx';
import { OrderCreated } from './order-created.tsx';

type Step =
  | { kind: 'amount' }
  /** One idempotency key per confirmation: a retried Confirm cannot buy twice. */
  | { kind: 'confirm'; idempotencyKey: string }
  | { kind: 'created'; order: FixedIncomeOrder };

const titles: Record<Step['kind'], string> = {
  amount: 'Buy',
  confirm: 'Confirm your investment',
  created: 'Done',
};

/**
 * Buying a product, opened by `?a=buy fixed income&product=<id>`: the amount with the expected
 * returns, then a confirmation, then what the server recorded. A bottom sheet on phones, a
 * right-hand panel from 1280 px.
 */
export function BuyPanel() {
  const [searchParams] = useSearchParams();
  const open = searchParams.get('a') === BUY_PANEL_ID;
  const productId = searchParams.get(PRODUCT_PARAM);
  const products = useFixedIncomes();
  const product = products.data?.find((candidate) => candidate.id === productId);
  const create = useCreateFixedIncomeOrder();
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [amountText, setAmountText] = useState('');
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setStep({ kind: 'amount' });
      setAmountText('');
    }
  }
  const resetCreate = create.reset;
  useEffect(() => {
    if (!open) resetCreate();
  }, [open, resetCreate]);

  const amountMinor = currencyInputToMinor(amountText);
  const estimate =
    product && amountMinor !== null && amountProblem(product, amountText) === undefined
      ? estimateOrder(product, amountMinor, lagosToday())
      : undefined;

  const body = (close: () => void) => {
    if (step.kind === 'created') return <OrderCreated order={step.order} onDone={close} />;
    if (products.isPending) {
      return (
        <div className="flex justify-center py-12 text-brand-600">
          <Spinner label="Loading the product" />
        </div>
      );
    }
    if (!product) {
      return (
        <FormErrorBanner
          message={products.error?.message ?? 'That investment is not available right now'}
        />
      );
    }
    if (step.kind === 'confirm' && estimate && amountMinor !== null) {
      return (
        <BuyConfirmStep
          product={product}
          amountMinor={amountMinor}
          estimate={estimate}
          isSubmitting={create.isPending}
          failure={create.error}
          onBack={() => {
            create.reset();
            setStep({ kind: 'amount' });
          }}
          onConfirm={(pin, onPinError) => {
            create.mutate(
              { productId: product.id, amountMinor, idempotencyKey: step.idempotencyKey, pin },
              {
                onSuccess: (order) => {
                  setStep({ kind: 'created', order });
                },
                onError: onPinError,
              },
            );
          }}
        />
      );
    }
    return (
      <BuyAmountStep
        product={product}
        amountText={amountText}
        estimate={estimate}
        onAmountChange={setAmountText}
        onContinue={() => {
          setStep({ kind: 'confirm', idempotencyKey: crypto.randomUUID() });
        }}
      />
    );
  };

  return (
    <SidePanel
      panelId={BUY_PANEL_ID}
      title={step.kind === 'amount' && product ? `Buy ${product.name}` : titles[step.kind]}
      closeLabel="Close buy panel"
      clearsParams={[PRODUCT_PARAM]}
      keepOpen={create.isPending}
    >
      {(close) => <div className="px-5 py-5">{body(close)}</div>}
    </SidePanel>
  );
}
