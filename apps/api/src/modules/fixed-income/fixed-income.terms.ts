import { applyBasisPoints, divideRounded } from '@ajo/money/arithmetic';
import { addDays } from '../../platform/clock.ts';

/**
 * The arithmetic of a fixed-income order (decision 0023), exact in kobo:
 * - an instrument paid at maturity (treasury bills, commercial paper) earns simple interest on
 *   actual days over a 365-day year: principal × rate × days / 365, rounded half up once;
 * - a coupon bond pays rate / 2 of the principal every six months (ICMA's rule for a regular
 *   period, whatever its days), rounded half up, the last coupon with the principal;
 * - 10% withholding tax, half up, is kept from each payment of a product that bears it.
 */
export interface OrderTerms {
  principalMinor: bigint;
  rateBps: number;
  startOn: string;
  maturityOn: string;
  couponMonths: number | null;
  withholdingTax: boolean;
}

export interface PaymentFigures {
  dueOn: string;
  kind: 'coupon' | 'maturity';
  principalMinor: bigint;
  grossMinor: bigint;
  taxMinor: bigint;
  netMinor: bigint;
  /** What reaches the wallet: principal + net interest. */
  totalMinor: bigint;
}

/**
 * Withholding tax on interest and rent paid to individuals (DOMAIN.md): 10% of the gross,
 * rounded half up to the kobo, the same rule savings maturity applies.
 */
export const withholdingTaxMinor = (grossMinor: bigint) =>
  applyBasisPoints(grossMinor, 1_000, 'half-up');

const daysPerYear = 365n;
const monthsPerYear = 12n;
const basisPointsPerWhole = 10_000n;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * A business date moved by whole calendar months, the day clamped to the month's last day
 * (31 Aug + 6 months = 28 or 29 Feb). Always counted from the original date, so a schedule
 * never drifts (31 Aug, 28 Feb, 31 Aug).
 */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index % 12;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth + 1).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`;
}

/** The last day of the month of a business date. */
export function endOfMonth(date: string): string {
  const [year = 0, month = 1] = date.split('-').map(Number);
  return `${date.slice(0, 8)}${String(daysInMonth(year, month - 1)).padStart(2, '0')}`;
}

/** Whole days from one business date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * 60 * 60_000),
  );
}

/** When an order made on `startOn` matures. */
export function maturityDate(startOn: string, tenor: number, unit: 'days' | 'months'): string {
  return unit === 'days' ? addDays(startOn, tenor) : addMonths(startOn, tenor);
}

/** Every payment date of an order, in order; the last is the maturity date. */
export function paymentDates(terms: Pick<OrderTerms, 'startOn' | 'maturityOn' | 'couponMonths'>) {
  if (terms.couponMonths === null) return [terms.maturityOn];
  const dates: string[] = [];
  for (let index = 1; ; index += 1) {
    const date = addMonths(terms.startOn, index * terms.couponMonths);
    if (date >= terms.maturityOn) break;
    dates.push(date);
  }
  dates.push(terms.maturityOn);
  return dates;
}

/** Gross interest of one payment (before tax), rounded half up to the kobo. */
export function grossInterestMinor(terms: OrderTerms): bigint {
  const rateBps = BigInt(terms.rateBps);
  if (terms.couponMonths === null) {
    const days = BigInt(daysBetween(terms.startOn, terms.maturityOn));
    return divideRounded(
      terms.principalMinor * rateBps * days,
      basisPointsPerWhole * daysPerYear,
      'half-up',
    );
  }
  return divideRounded(
    terms.principalMinor * rateBps * BigInt(terms.couponMonths),
    basisPointsPerWhole * monthsPerYear,
    'half-up',
  );
}

/** Every payment of an order with its figures, in date order. */
export function paymentSchedule(terms: OrderTerms): PaymentFigures[] {
  const grossMinor = grossInterestMinor(terms);
  const taxMinor = terms.withholdingTax ? withholdingTaxMinor(grossMinor) : 0n;
  const netMinor = grossMinor - taxMinor;
  return paymentDates(terms).map((dueOn) => {
    const principalMinor = dueOn === terms.maturityOn ? terms.principalMinor : 0n;
    return {
      dueOn,
      kind: dueOn === terms.maturityOn ? 'maturity' : 'coupon',
      principalMinor,
      grossMinor,
      taxMinor,
      netMinor,
      totalMinor: principalMinor + netMinor,
    };
  });
}
