import type { FixedIncomeKind, FixedIncomeProduct } from '@ajo/contracts/fixed-income';

export const BUY_PANEL_ID = 'buy fixed income';
export const PRODUCT_PARAM = 'product';

export const kindLabels: Record<FixedIncomeKind, string> = {
  treasury_bill: 'Treasury bill',
  fgn_bond: 'FGN bond',
  commercial_paper: 'Commercial paper',
  corporate_bond: 'Corporate bond',
};

export const scheduleLabel = (product: Pick<FixedIncomeProduct, 'coupon_schedule'>) =>
  product.coupon_schedule === 'semi_annual' ? 'Coupon every 6 months' : 'Paid at maturity';

export const taxLabel = (product: Pick<FixedIncomeProduct, 'withholding_tax'>) =>
  product.withholding_tax ? '10% withholding tax' : 'Tax-free';
