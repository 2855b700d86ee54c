import { shortMonths } from '../../lib/dates.ts';

/**
 * "15 Apr 2026" from a YYYY-MM-DD business date (a coupon, a maturity, the next rent): already a
 * Lagos calendar day, so no time zone applies. The investment screens write every month in three
 * letters, so September is "Sep" here, not en-GB's "Sept".
 */
export function formatBusinessDate(date: string): string {
  const [year = '', month = '1', day = '1'] = date.split('-');
  const monthName = shortMonths[Number(month) - 1]?.slice(0, 3) ?? '';
  return `${String(Number(day))} ${monthName} ${year}`;
}
