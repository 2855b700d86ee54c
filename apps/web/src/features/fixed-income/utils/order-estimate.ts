import type { FixedIncomeProduct } from '@ajo/contracts/fixed-income';
import { applyBasisPoints, divideRounded } from '@ajo/money/arithmetic';

/**
 * What an order of `principalMinor` would pay if bought today, by the server's rules
 * (decision 0023): simple interest on actual days over 365 for instruments paid at maturity, rate/2
 * of the principal each half-year for coupon bonds, half up to the kobo, 10% withholding tax (half
 * up) where the product bears it. The server's answer after buying is the record.
 */
export interface OrderEstimate {
  maturityDate: string;
  payments: number;
  /** One payment's interest (every coupon is the same; at-maturity products have one). */
  grossPerPaymentMinor: bigint;
  taxPerPaymentMinor: bigint;
  netPerPaymentMinor: bigint;
  netTotalMinor: bigint;
  /** Principal + every net payment. */
  totalMinor: bigint;
  firstPaymentDate: string;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** A YYYY-MM-DD date moved by whole months, the day clamped to the month's end. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index % 12;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth + 1).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function estimateOrder(
  product: Pick<
    FixedIncomeProduct,
    'tenor' | 'tenor_unit' | 'rate_bps' | 'coupon_schedule' | 'withholding_tax'
  >,
  principalMinor: bigint,
  startDate: string,
): OrderEstimate {
  const maturityDate =
    product.tenor_unit === 'days'
      ? addDays(startDate, product.tenor)
      : addMonths(startDate, product.tenor);
  const rateBps = BigInt(product.rate_bps);
  const semiAnnual = product.coupon_schedule === 'semi_annual';
  const days = BigInt(
    Math.round((Date.parse(maturityDate) - Date.parse(startDate)) / (24 * 60 * 60_000)),
  );
  const grossPerPaymentMinor = semiAnnual
    ? divideRounded(principalMinor * rateBps * 6n, 10_000n * 12n, 'half-up')
    : divideRounded(principalMinor * rateBps * days, 10_000n * 365n, 'half-up');
  const taxPerPaymentMinor = product.withholding_tax
    ? applyBasisPoints(grossPerPaymentMinor, 1_000, 'half-up')
    : 0n;
  const netPerPaymentMinor = grossPerPaymentMinor - taxPerPaymentMinor;
  const payments = semiAnnual ? Math.max(1, Math.round(product.tenor / 6)) : 1;
  const netTotalMinor = netPerPaymentMinor * BigInt(payments);
  return {
    maturityDate,
    payments,
    grossPerPaymentMinor,
    taxPerPaymentMinor,
    netPerPaymentMinor,
    netTotalMinor,
    totalMinor: principalMinor + netTotalMinor,
    firstPaymentDate: semiAnnual ? addMonths(startDate, 6) : maturityDate,
  };
}
