export const BUY_PANEL_ID = 'buy property';
export const PROPERTY_PARAM = 'property';

/** "3 units", "1 unit". */
export const unitsText = (units: number) =>
  `${units.toLocaleString('en-NG')} unit${units === 1 ? '' : 's'}`;

/** "30 Apr 2026" from a YYYY-MM-DD business date. */
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
