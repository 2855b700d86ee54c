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

/** "15 Apr 2026" from a YYYY-MM-DD business date. */
export function formatDate(date: string): string {
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const [year = '', month = '1', day = '1'] = date.split('-');
  return `${String(Number(day))} ${months[Number(month) - 1] ?? ''} ${year}`;
}
