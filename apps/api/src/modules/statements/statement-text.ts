import { formatMinorAsDecimal, groupThousands } from '@ajo/money/format';
import { businessDate, readableDate } from '../../platform/clock.ts';

/** "1,234.50", "-0.05": an amount without its currency, grouped, as a statement prints it. */
export function statementAmount(amountMinor: bigint): string {
  const decimal = formatMinorAsDecimal(amountMinor);
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = '00'] = decimal.replace('-', '').split('.');
  return `${negative ? '-' : ''}${groupThousands(whole)}.${fraction}`;
}

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The instant's time of day in Lagos, "14:05". */
export const lagosClock = (at: Date) => lagosTime.format(at);

/** The business date of an instant, as a statement prints it: "5 Jan 2026". */
export const printedDate = (at: Date) => readableDate(businessDate(at));

/** "Chiamaka E.": what a stranger checking a statement learns of its holder. */
export function maskedHolder(firstName: string, lastName: string): string {
  const initial = lastName.trim().slice(0, 1).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** "******7890": an account number with its last four digits shown. */
export const maskedAccountNumber = (accountNumber: string) =>
  accountNumber.slice(-4).padStart(accountNumber.length, '*');
