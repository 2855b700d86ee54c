import type { FixedIncomeProduct } from '@ajo/contracts/fixed-income';
import { formatMoney } from '@ajo/money/format';
import {
  PurchaseConfirmStep,
  type PurchaseConfirmActions,
} from '../../../components/investment/purchase-confirm-step.tsx';
import type { OrderEstimate } from '../utils/order-estimate.ts';
import { EstimateSummary } from './buy-amount-step.tsx';

/** Step 2: the order at a glance, the terms in plain words, and Confirm. */
export function BuyConfirmStep({
  product,
  amountMinor,
  estimate,
  actions,
}: {
  product: FixedIncomeProduct;
  amountMinor: bigint;
  estimate: OrderEstimate;
  actions: PurchaseConfirmActions;
}) {
  return (
    <PurchaseConfirmStep
      terms={[
        'The amount leaves your wallet now and is held until maturity; it cannot be sold early.',
        product.coupon_schedule === 'semi_annual'
          ? 'Coupons reach your wallet every six months; your principal comes back with the last one.'
          : 'Your principal and interest reach your wallet on the maturity date.',
        product.withholding_tax
          ? '10% withholding tax is kept from each interest payment, as the law requires.'
          : 'Government securities are free of withholding tax.',
      ]}
      actions={actions}
    >
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
    </PurchaseConfirmStep>
  );
}
