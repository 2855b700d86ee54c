import { DOLLAR_MINIMUM_MINOR, dollarInvestmentMessages } from '@ajo/contracts/dollar';
import type { SavingRecord } from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMoney } from '@ajo/money/format';
import { lagosToday } from '../../../lib/dates.ts';
import { totalSavedMinor } from './savings-totals.ts';

/** The history row's label (the spec's 'Investment Funnded', spelt right). */
export const INVESTMENT_FUNDED = 'Investment Funded';

/** When the amount is checked: as the person types, or when they ask for the quote. */
export type DollarAmountMoment = 'typing' | 'submit';

/** The invest form's amount: dollars, at least $50 (the product's minimum). */
export function dollarAmountError(
  amountText: string,
  moment: DollarAmountMoment,
  minimumMinor: bigint = DOLLAR_MINIMUM_MINOR,
): string | undefined {
  if (amountText === '') return moment === 'typing' ? undefined : dollarInvestmentMessages.noAmount;
  const amountMinor = currencyInputToMinor(amountText);
  if (amountMinor === null || amountMinor === 0n) return dollarInvestmentMessages.notANumber;
  if (amountMinor < minimumMinor) return dollarInvestmentMessages.belowMinimum;
  return undefined;
}

/** Portfolio Balance: the dollars in investments still running. */
export function activeInvestedMinor(records: readonly SavingRecord[]): bigint {
  return totalSavedMinor(records.filter((record) => record.saving_order.saving.active));
}

/** Invested Amount: every dollar investment the user has funded, running or paid out. */
export function fundedMinor(records: readonly SavingRecord[]): bigint {
  return totalSavedMinor(records);
}

/** The Transaction History: newest investment first. */
export function newestFirst(records: readonly SavingRecord[]): SavingRecord[] {
  return [...records].sort((a, b) =>
    b.saving_order.created_at.localeCompare(a.saving_order.created_at),
  );
}

/** An instant as en-GB writes a date, on the Lagos calendar: "05/09/2026". */
export function formatEnGbDate(instant: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return '';
  const [year = '', month = '', day = ''] = lagosToday(new Date(time)).split('-');
  return `${day}/${month}/${year}`;
}

/** "Make a Withdrawal": some dollars, no more than the dollar wallet holds. */
export function dollarWithdrawError(
  amountText: string,
  availableMinor: bigint,
): string | undefined {
  if (amountText === '') return dollarInvestmentMessages.noAmount;
  const amountMinor = currencyInputToMinor(amountText);
  if (amountMinor === null || amountMinor === 0n) return dollarInvestmentMessages.notANumber;
  if (amountMinor > availableMinor) {
    return `Your dollar wallet holds ${formatMoney(availableMinor, 'USD')}`;
  }
  return undefined;
}
